import { paths } from '@agora/shared-api';
import type { SitePolicies } from '@agora/shared-api/contract';
import { Form, Input, Radio } from '@agora/shared-ui/antd';
import { Link } from 'react-router-dom';
import { SettingItem } from './form/pinned';
import { SettingsForm } from './form/settings-form';
import { SettingsPage } from './form/settings-page';
import { useSettingsText } from './form/texts';
import { isHttpUrl, textRule } from './form/validation';

type Kind = 'text' | 'url';
interface Values {
  tos_kind: Kind;
  terms_of_service_original_text: string;
  privacy_kind: Kind;
  privacy_policy_original_text: string;
}

const POLICIES = [
  { kind: 'tos_kind', text: 'terms_of_service_original_text', key: 'tos', href: paths.tos() },
  { kind: 'privacy_kind', text: 'privacy_policy_original_text', key: 'privacy', href: paths.privacy() },
] as const;

/** A stored text that is a full address means "the policy lives there". */
const kindOf = (text: string): Kind => (text.trim() && isHttpUrl(text) && !/\s/.test(text.trim()) ? 'url' : 'text');

/** Settings → Legal: terms of service and privacy policy, each a markdown text or the address of the page. */
export default function LegalScreen() {
  const k = useSettingsText('legal');
  return (
    <SettingsPage screen="legal">
      <SettingsForm<SitePolicies, Values>
        path="siteinfo/polices"
        name="settings-legal"
        fields={['terms_of_service_original_text', 'privacy_policy_original_text']}
        toValues={(p) => ({
          tos_kind: kindOf(p.terms_of_service_original_text),
          terms_of_service_original_text: p.terms_of_service_original_text,
          privacy_kind: kindOf(p.privacy_policy_original_text),
          privacy_policy_original_text: p.privacy_policy_original_text,
        })}
        // The server derives the HTML from the texts.
        toBody={(v) => ({
          terms_of_service_original_text: v.terms_of_service_original_text.trim(),
          terms_of_service_parsed_text: '',
          privacy_policy_original_text: v.privacy_policy_original_text.trim(),
          privacy_policy_parsed_text: '',
        })}
      >
        {() =>
          POLICIES.map((policy) => (
            <fieldset key={policy.key} className="admin-settings__fieldset">
              <legend>{k(`${policy.key}.title`)}</legend>
              <SettingItem name={policy.kind} label={k('kind.label')}>
                <Radio.Group
                  aria-label={k('kind.label')}
                  options={[
                    { value: 'text', label: k('kind.text') },
                    { value: 'url', label: k('kind.url') },
                  ]}
                />
              </SettingItem>
              <Form.Item noStyle dependencies={[policy.kind]}>
                {({ getFieldValue }) =>
                  getFieldValue(policy.kind) === 'url' ? (
                    <SettingItem
                      name={policy.text}
                      label={k(`${policy.key}.url`)}
                      rules={[textRule((v) => (!v.trim() ? k('url_empty') : isHttpUrl(v) ? null : k('url_invalid')))]}
                    >
                      <Input type="url" inputMode="url" placeholder="https://example.com/terms" spellCheck={false} />
                    </SettingItem>
                  ) : (
                    <SettingItem name={policy.text} label={k(`${policy.key}.text`)} extra={k('text_help')}>
                      <Input.TextArea rows={8} />
                    </SettingItem>
                  )
                }
              </Form.Item>
              <p>
                <Link to={policy.href} target="_blank" rel="noopener">
                  {k(`${policy.key}.preview`)}
                </Link>
              </p>
            </fieldset>
          ))
        }
      </SettingsForm>
    </SettingsPage>
  );
}
