import type { SiteInfo } from '@agora/shared-api';
import { Select } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { languageOptionsQuery } from '../api/settings';
import { SettingItem } from './form/pinned';
import { SettingsForm } from './form/settings-form';
import { SettingsPage } from './form/settings-page';
import { useSettingsText } from './form/texts';
import { textRule } from './form/validation';
import { timeZoneGroups } from './time-zones';

type Interface = SiteInfo['interface'];
type Values = Pick<Interface, 'language' | 'time_zone'>;

/** Settings → Interface: the site's default language and time zone (UTC unless set). */
export default function InterfaceScreen() {
  const k = useSettingsText('interface');
  const languages = useQuery(languageOptionsQuery());
  return (
    <SettingsPage screen="interface">
      <SettingsForm<Interface, Values>
        path="siteinfo/interface"
        name="settings-interface"
        fields={['language', 'time_zone']}
        toValues={(i) => ({ language: i.language, time_zone: i.time_zone || 'UTC' })}
        toBody={(v) => ({ language: v.language, time_zone: v.time_zone })}
      >
        {({ group }) => (
          <>
            <SettingItem
              name="language"
              label={k('language.label')}
              extra={k('language.help')}
              required
              rules={[textRule((v) => (v ? null : k('language.empty')))]}
            >
              <Select
                loading={languages.isPending}
                options={(languages.data ?? [])
                  .filter((o) => o.value !== 'Default')
                  .map((o) => ({ value: o.value, label: o.label }))}
              />
            </SettingItem>
            <TimeZoneItem current={group.time_zone} />
          </>
        )}
      </SettingsForm>
    </SettingsPage>
  );
}

function TimeZoneItem({ current }: { current: string }) {
  const k = useSettingsText('interface');
  const options = useMemo(
    () =>
      timeZoneGroups(current).map((group) => ({
        label: k(`regions.${group.region}`, { defaultValue: group.region }),
        title: group.region,
        options: group.zones.map((zone) => ({ value: zone, label: zone })),
      })),
    [current, k],
  );
  return (
    <SettingItem
      name="time_zone"
      label={k('time_zone.label')}
      extra={k('time_zone.help')}
      required
      rules={[textRule((v) => (v ? null : k('time_zone.empty')))]}
    >
      <Select showSearch={{ optionFilterProp: 'label' }} options={options} />
    </SettingItem>
  );
}
