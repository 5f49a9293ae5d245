import { toShortId, type SiteInfo } from '@agora/shared-api';
import { Input, Radio } from '@agora/shared-ui/antd';
import { SettingItem } from './form/pinned';
import { SettingsForm } from './form/settings-form';
import { SettingsPage } from './form/settings-page';
import { useSettingsText } from './form/texts';
import { lengthOf, textRule } from './form/validation';

type Seo = SiteInfo['site_seo'];
type Values = { permalink: number; robots: string };

const EXAMPLE_ID = '10010000000000001';
const EXAMPLE_SLUG = 'how-do-i-start';
export const ROBOTS_MAX = 65535;

/** The example link of each permalink choice: with or without the title, with long or short ids. */
export function permalinkExample(permalink: number): string {
  const id = permalink >= 3 ? toShortId(EXAMPLE_ID) : EXAMPLE_ID;
  return permalink % 2 === 1 ? `/questions/${id}/${EXAMPLE_SLUG}` : `/questions/${id}`;
}

/** Settings → SEO: the shape of question links and robots.txt. */
export default function SeoScreen() {
  const k = useSettingsText('seo');
  return (
    <SettingsPage screen="seo">
      <SettingsForm<Seo, Values>
        path="siteinfo/seo"
        name="settings-seo"
        fields={['permalink', 'robots']}
        // A value outside 1-4 (0 on an old site) shows as the new-site choice, 2.
        toValues={(s) => ({ permalink: s.permalink >= 1 && s.permalink <= 4 ? s.permalink : 2, robots: s.robots })}
        toBody={(v) => ({ permalink: v.permalink, robots: v.robots })}
      >
        {() => (
          <>
            <SettingItem name="permalink" label={k('permalink.label')} extra={k('permalink.help')} required>
              <Radio.Group className="admin-settings__radios" aria-label={k('permalink.label')}>
                {[1, 2, 3, 4].map((n) => (
                  <Radio key={n} value={n}>
                    {k(`permalink.option_${n}`)} <code className="admin-settings__example">{permalinkExample(n)}</code>
                  </Radio>
                ))}
              </Radio.Group>
            </SettingItem>
            <SettingItem
              name="robots"
              label={k('robots.label')}
              extra={k('robots.help')}
              rules={[textRule((v) => (lengthOf(v) > ROBOTS_MAX ? k('robots.too_long', { max: ROBOTS_MAX }) : null))]}
            >
              <Input.TextArea rows={10} className="admin-settings__mono" spellCheck={false} />
            </SettingItem>
          </>
        )}
      </SettingsForm>
    </SettingsPage>
  );
}
