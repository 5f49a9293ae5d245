import type { SiteInfo } from '@agora/shared-api';
import { Input } from '@agora/shared-ui/antd';
import { SettingItem } from './form/pinned';
import { SettingsForm } from './form/settings-form';
import { SettingsPage } from './form/settings-page';
import { useSettingsText } from './form/texts';
import { lengthOf, textRule } from './form/validation';

type CssHtml = SiteInfo['custom_css_html'];
const FIELDS: readonly (keyof CssHtml)[] = [
  'custom_css',
  'custom_head',
  'custom_header',
  'custom_footer',
  'custom_sidebar',
];
export const SNIPPET_MAX = 65536;

/** Customize → CSS/HTML: the site's own style sheet and the HTML put into the head, header, footer and sidebar. */
export default function CssHtmlScreen() {
  const k = useSettingsText('css_html');
  return (
    <SettingsPage screen="css-html" intro={k('intro')}>
      <SettingsForm<CssHtml, CssHtml>
        path="siteinfo/custom-css-html"
        name="settings-css-html"
        fields={FIELDS}
        toValues={(c) => ({ ...c })}
        toBody={(v) => Object.fromEntries(FIELDS.map((f) => [f, v[f] ?? '']))}
      >
        {() =>
          FIELDS.map((field) => (
            <SettingItem
              key={field}
              name={field}
              label={k(`${field}.label`)}
              extra={k(`${field}.help`)}
              rules={[textRule((v) => (lengthOf(v) > SNIPPET_MAX ? k('too_long', { max: SNIPPET_MAX }) : null))]}
            >
              <Input.TextArea
                rows={field === 'custom_css' ? 10 : 6}
                className="admin-settings__mono"
                spellCheck={false}
              />
            </SettingItem>
          ))
        }
      </SettingsForm>
    </SettingsPage>
  );
}
