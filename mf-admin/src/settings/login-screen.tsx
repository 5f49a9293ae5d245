import type { SiteInfo } from '@agora/shared-api';
import { Select, Switch } from '@agora/shared-ui/antd';
import { SettingItem } from './form/pinned';
import { SettingsForm } from './form/settings-form';
import { SettingsPage } from './form/settings-page';
import { useSettingsText } from './form/texts';

type Login = SiteInfo['login'];
type Values = Required<Login>;

const SWITCHES = [
  'allow_new_registrations',
  'allow_email_registrations',
  'allow_password_login',
  'require_email_verification',
  'login_required',
] as const;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Domains as the server keeps them: lower case, without a leading '@', each once. */
const domains = (list: readonly string[]) => [
  ...new Set(list.map((d) => d.trim().replace(/^@/, '').toLowerCase()).filter(Boolean)),
];

/** Settings → Login: who may sign up and how, and the private site. */
export default function LoginScreen() {
  const k = useSettingsText('login');
  const item = (name: (typeof SWITCHES)[number]) => (
    <SettingItem key={name} name={name} label={k(`${name}.label`)} extra={k(`${name}.help`)} valuePropName="checked">
      <Switch />
    </SettingItem>
  );
  return (
    <SettingsPage screen="login">
      <SettingsForm<Login, Values>
        path="siteinfo/login"
        name="settings-login"
        fields={[...SWITCHES, 'allow_email_domains']}
        toValues={(l) => ({ ...l, require_email_verification: l.require_email_verification ?? true })}
        toBody={(v) => ({
          allow_new_registrations: v.allow_new_registrations,
          allow_email_registrations: v.allow_email_registrations,
          allow_password_login: v.allow_password_login,
          allow_email_domains: domains(v.allow_email_domains),
          require_email_verification: v.require_email_verification,
          login_required: v.login_required,
        })}
      >
        {() => (
          <>
            {item('allow_new_registrations')}
            {item('allow_email_registrations')}
            <SettingItem
              name="allow_email_domains"
              label={k('allow_email_domains.label')}
              extra={k('allow_email_domains.help')}
              rules={[
                {
                  validator: (_rule: unknown, value: unknown) => {
                    const bad = domains(Array.isArray(value) ? (value as string[]) : []).find((d) => !DOMAIN.test(d));
                    return bad
                      ? Promise.reject(new Error(k('allow_email_domains.invalid', { domain: bad })))
                      : Promise.resolve();
                  },
                },
              ]}
            >
              <Select mode="tags" open={false} tokenSeparators={[',', ' ', '\n']} suffixIcon={null} />
            </SettingItem>
            {item('allow_password_login')}
            {item('require_email_verification')}
            {item('login_required')}
          </>
        )}
      </SettingsForm>
    </SettingsPage>
  );
}
