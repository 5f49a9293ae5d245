import type { SiteInfo } from '@agora/shared-api';
import { Input, Radio, Switch } from '@agora/shared-ui/antd';
import { SettingItem } from './form/pinned';
import { SettingsForm } from './form/settings-form';
import { SettingsPage } from './form/settings-page';
import { useSettingsText } from './form/texts';
import { isEmail, isHttpUrl, requiredText } from './form/validation';

type General = SiteInfo['general'];
type Security = NonNullable<SiteInfo['site_security']>;
type GeneralValues = Pick<General, 'name' | 'site_url' | 'short_description' | 'description' | 'contact_email'>;
type SecurityValues = Pick<Security, 'external_content_display' | 'check_update'>;

const GENERAL_FIELDS = ['name', 'site_url', 'short_description', 'description', 'contact_email'] as const;
export const LIMITS = { name: 128, site_url: 512, short_description: 255, description: 2000, contact_email: 500 };

/** Settings → General: the site's name, address, descriptions and contact, and the security switches. */
export default function GeneralScreen() {
  const k = useSettingsText('general');
  const oneLine = useSettingsText('form')('single_line');
  const required = (field: keyof typeof LIMITS, valid?: (v: string) => boolean) =>
    requiredText(
      LIMITS[field],
      {
        empty: k(`${field}.empty`),
        tooLong: k('too_long', { max: LIMITS[field] }),
        invalid: valid && k(`${field}.invalid`),
        // The description is the one text of several lines.
        ...(field === 'description' ? {} : { oneLine }),
      },
      valid,
    );
  return (
    <SettingsPage screen="general">
      <SettingsForm<General, GeneralValues>
        path="siteinfo/general"
        name="settings-general"
        fields={GENERAL_FIELDS}
        toValues={(g) => ({
          name: g.name,
          site_url: g.site_url,
          short_description: g.short_description,
          description: g.description,
          contact_email: g.contact_email,
        })}
        toBody={(v) => ({
          name: v.name.trim(),
          site_url: v.site_url.trim(),
          short_description: v.short_description.trim(),
          description: v.description.trim(),
          contact_email: v.contact_email.trim(),
        })}
      >
        {() => (
          <>
            <SettingItem name="name" label={k('name.label')} required rules={required('name')}>
              <Input autoComplete="off" />
            </SettingItem>
            <SettingItem
              name="site_url"
              label={k('site_url.label')}
              extra={k('site_url.help')}
              required
              rules={required('site_url', isHttpUrl)}
            >
              <Input type="url" inputMode="url" placeholder="https://example.com" spellCheck={false} />
            </SettingItem>
            <SettingItem
              name="short_description"
              label={k('short_description.label')}
              extra={k('short_description.help')}
              required
              rules={required('short_description')}
            >
              <Input autoComplete="off" />
            </SettingItem>
            <SettingItem
              name="description"
              label={k('description.label')}
              extra={k('description.help')}
              required
              rules={required('description')}
            >
              <Input.TextArea rows={4} />
            </SettingItem>
            <SettingItem
              name="contact_email"
              label={k('contact_email.label')}
              extra={k('contact_email.help')}
              required
              rules={required('contact_email', isEmail)}
            >
              <Input type="email" inputMode="email" autoComplete="off" spellCheck={false} />
            </SettingItem>
          </>
        )}
      </SettingsForm>
      <SettingsForm<Security, SecurityValues>
        path="siteinfo/security"
        name="settings-security"
        title={k('security.title')}
        fields={['external_content_display', 'check_update']}
        toValues={(s) => ({ external_content_display: s.external_content_display, check_update: s.check_update })}
        // The private-site switch lives on the Login screen: it is sent back as loaded.
        toBody={(v, s) => ({ login_required: s.login_required, ...v })}
      >
        {() => (
          <>
            <SettingItem
              name="external_content_display"
              label={k('security.external_content.label')}
              extra={k('security.external_content.help')}
            >
              <Radio.Group
                aria-label={k('security.external_content.label')}
                options={[
                  { value: 'always_display', label: k('security.external_content.always_display') },
                  { value: 'ask_before_display', label: k('security.external_content.ask_before_display') },
                ]}
              />
            </SettingItem>
            <SettingItem
              name="check_update"
              label={k('security.check_update.label')}
              extra={k('security.check_update.help')}
              valuePropName="checked"
            >
              <Switch />
            </SettingItem>
          </>
        )}
      </SettingsForm>
    </SettingsPage>
  );
}
