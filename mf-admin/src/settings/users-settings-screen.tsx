import type { SiteInfo } from '@agora/shared-api';
import { Form, Input, Radio, Switch } from '@agora/shared-ui/antd';
import { SettingItem } from './form/pinned';
import { SettingsForm } from './form/settings-form';
import { SettingsPage } from './form/settings-page';
import { useSettingsText } from './form/texts';
import { isHttpUrl, isSingleLine, lengthOf, textRule } from './form/validation';

type Users = SiteInfo['site_users'];

const ALLOW = [
  'allow_update_display_name',
  'allow_update_username',
  'allow_update_avatar',
  'allow_update_bio',
  'allow_update_website',
  'allow_update_location',
] as const;
const URL_MAX = 512;

/** Settings → Users settings: which profile fields members may change, and the default avatar. */
export default function UsersSettingsScreen() {
  const k = useSettingsText('users');
  const oneLine = useSettingsText('form')('single_line');
  return (
    <SettingsPage screen="settings-users">
      <SettingsForm<Users, Users>
        path="siteinfo/users"
        name="settings-users"
        fields={[...ALLOW, 'default_avatar', 'gravatar_base_url']}
        toValues={(u) => ({ ...u, default_avatar: u.default_avatar === 'gravatar' ? 'gravatar' : 'system' })}
        toBody={(v) => ({
          default_avatar: v.default_avatar,
          gravatar_base_url: v.gravatar_base_url.trim(),
          ...Object.fromEntries(ALLOW.map((name) => [name, v[name]])),
        })}
      >
        {() => (
          <>
            <fieldset className="admin-settings__fieldset">
              <legend>{k('allow.title')}</legend>
              {ALLOW.map((name) => (
                <SettingItem key={name} name={name} label={k(`allow.${name}`)} valuePropName="checked">
                  <Switch />
                </SettingItem>
              ))}
            </fieldset>
            <SettingItem name="default_avatar" label={k('default_avatar.label')} extra={k('default_avatar.help')}>
              <Radio.Group
                aria-label={k('default_avatar.label')}
                options={[
                  { value: 'system', label: k('default_avatar.system') },
                  { value: 'gravatar', label: k('default_avatar.gravatar') },
                ]}
              />
            </SettingItem>
            <Form.Item noStyle dependencies={['default_avatar']}>
              {({ getFieldValue }) => {
                const needed = getFieldValue('default_avatar') === 'gravatar';
                return (
                  <SettingItem
                    name="gravatar_base_url"
                    label={k('gravatar_base_url.label')}
                    extra={k('gravatar_base_url.help')}
                    required={needed}
                    rules={[
                      textRule((v) => {
                        if (!isSingleLine(v.trim())) return oneLine;
                        if (!v.trim()) return needed ? k('gravatar_base_url.empty') : null;
                        if (lengthOf(v.trim()) > URL_MAX || !isHttpUrl(v)) return k('gravatar_base_url.invalid');
                        return null;
                      }),
                    ]}
                  >
                    <Input
                      type="url"
                      inputMode="url"
                      placeholder="https://www.gravatar.com/avatar/"
                      spellCheck={false}
                    />
                  </SettingItem>
                );
              }}
            </Form.Item>
          </>
        )}
      </SettingsForm>
    </SettingsPage>
  );
}
