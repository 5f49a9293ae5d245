import type { PrivilegeLevel, PrivilegeSettings, PrivilegeSettingsBody } from '@agora/shared-api/contract';
import { Form, InputNumber, Radio, Table } from '@agora/shared-ui/antd';
import { SettingItem } from './form/pinned';
import { SettingsForm } from './form/settings-form';
import { SettingsPage } from './form/settings-page';
import { useSettingsText } from './form/texts';
import { integerRule } from './form/validation';

interface Values {
  level: PrivilegeLevel;
  /** Custom values (level 99), by privilege key. */
  custom: Record<string, number | null>;
}

const CUSTOM = 99;
const VALUE_MAX = 1_000_000_000;

/** The privileges of one level, as the server lists them (the custom level's are the saved custom values). */
const privilegesOf = (group: PrivilegeSettings, level: number) =>
  group.options.find((o) => o.level === level)?.privileges ?? [];

export function privilegesBody(values: Values, group: PrivilegeSettings): PrivilegeSettingsBody {
  if (values.level !== CUSTOM) return { level: values.level };
  return {
    level: CUSTOM,
    custom_privileges: privilegesOf(group, CUSTOM).map((p) => ({ key: p.key, value: Number(values.custom[p.key]) })),
  };
}

/** Settings → Privileges: the reputation each privilege needs, from a preset level or custom values. */
export default function PrivilegesScreen() {
  const k = useSettingsText('privileges');
  return (
    <SettingsPage screen="privileges" intro={k('intro')}>
      <SettingsForm<PrivilegeSettings, Values>
        path="setting/privileges"
        name="settings-privileges"
        fields={['level', 'custom_privileges']}
        aliases={{ custom_privileges: 'level' }}
        toValues={(g) => ({
          level: g.selected_level,
          custom: Object.fromEntries(
            (privilegesOf(g, CUSTOM).length ? privilegesOf(g, CUSTOM) : privilegesOf(g, g.selected_level)).map((p) => [
              p.key,
              p.value,
            ]),
          ),
        })}
        toBody={privilegesBody}
      >
        {({ group }) => (
          <>
            <SettingItem name="level" label={k('level.label')} required>
              <Radio.Group className="admin-settings__radios" aria-label={k('level.label')}>
                {group.options.map((option) => (
                  <Radio key={option.level} value={option.level}>
                    {option.level === CUSTOM ? k('level.custom') : k('level.preset', { level: option.level })}{' '}
                    {option.level_desc && <span className="admin-settings__example">{option.level_desc}</span>}
                  </Radio>
                ))}
              </Radio.Group>
            </SettingItem>
            <Form.Item noStyle dependencies={['level']}>
              {({ getFieldValue }) => <LevelTable group={group} level={getFieldValue('level') as number} />}
            </Form.Item>
          </>
        )}
      </SettingsForm>
    </SettingsPage>
  );
}

/** The reputation each privilege needs at `level`; at the custom level, one number field per privilege. */
function LevelTable({ group, level }: { group: PrivilegeSettings; level: number }) {
  const k = useSettingsText('privileges');
  const custom = level === CUSTOM;
  const rows = privilegesOf(group, custom ? CUSTOM : level);
  return (
    <div className="admin-settings__table">
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        caption={custom ? k('table.caption_custom') : k('table.caption', { level })}
        columns={[
          { title: k('table.privilege'), dataIndex: 'label', key: 'label' },
          {
            title: k('table.reputation'),
            key: 'value',
            render: (_: unknown, row: { key: string; label: string; value: number }) =>
              custom ? (
                <Form.Item
                  name={['custom', row.key]}
                  className="admin-settings__cell"
                  rules={[integerRule(1, VALUE_MAX, { empty: k('value.empty'), range: k('value.range', { min: 1 }) })]}
                >
                  <InputNumber precision={0} controls={false} inputMode="numeric" aria-label={row.label} />
                </Form.Item>
              ) : (
                row.value
              ),
          },
        ]}
      />
    </div>
  );
}
