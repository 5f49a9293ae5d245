import { isApiError } from '@agora/shared-api';
import type { SiteSmtp, SmtpSettingsBody } from '@agora/shared-api/contract';
import { useToast } from '@agora/shared-ui';
import { Alert, Button, Form, Input, InputNumber, Select, Switch } from '@agora/shared-ui/antd';
import { useState } from 'react';
import { useSaveGroup } from '../api/settings';
import { SettingItem } from './form/pinned';
import { SettingsForm, type SettingsFormContext } from './form/settings-form';
import { SettingsPage } from './form/settings-page';
import { useSettingsText } from './form/texts';
import { integerRule, isEmail, isSingleLine, requiredText } from './form/validation';

type Values = Omit<SiteSmtp, 'smtp_port'> & { smtp_port: number | null };

const FIELDS = [
  'from_email',
  'from_name',
  'smtp_host',
  'encryption',
  'smtp_port',
  'smtp_authentication',
  'smtp_username',
  'smtp_password',
] as const;

const bodyOf = (v: Values): SmtpSettingsBody => ({
  from_email: v.from_email.trim(),
  from_name: v.from_name.trim(),
  smtp_host: v.smtp_host.trim(),
  smtp_port: Number(v.smtp_port),
  encryption: v.encryption,
  smtp_authentication: v.smtp_authentication,
  smtp_username: v.smtp_username.trim(),
  // As the server sent it (masked) unless retyped: the server keeps the stored password for an all-'*' value.
  smtp_password: v.smtp_password,
});

/** Settings → SMTP: how the site sends mail, and a test mail to check it. */
export default function SmtpScreen() {
  const k = useSettingsText('smtp');
  const oneLine = useSettingsText('form')('single_line');
  const required = (field: string, max: number, valid?: (v: string) => boolean) =>
    requiredText(
      max,
      {
        empty: k(`${field}.empty`),
        tooLong: k('too_long', { max }),
        invalid: valid && k(`${field}.invalid`),
        // Every text here but the password is one line.
        ...(field === 'smtp_password' ? {} : { oneLine }),
      },
      valid,
    );
  return (
    <SettingsPage screen="smtp" intro={k('intro')}>
      <SettingsForm<SiteSmtp, Values>
        path="setting/smtp"
        name="settings-smtp"
        fields={FIELDS}
        toValues={(s) => ({ ...s, encryption: s.encryption ?? '' })}
        toBody={(v) => bodyOf(v)}
        actions={(context) => <TestMail context={context} />}
      >
        {({ form }) => (
          <>
            <SettingItem
              name="from_email"
              label={k('from_email.label')}
              extra={k('from_email.help')}
              required
              rules={required('from_email', 500, isEmail)}
            >
              <Input type="email" inputMode="email" autoComplete="off" spellCheck={false} />
            </SettingItem>
            <SettingItem
              name="from_name"
              label={k('from_name.label')}
              extra={k('from_name.help')}
              required
              rules={required('from_name', 255, (v) => !isEmail(v))}
            >
              <Input autoComplete="off" />
            </SettingItem>
            <SettingItem name="smtp_host" label={k('smtp_host.label')} required rules={required('smtp_host', 255)}>
              <Input autoComplete="off" spellCheck={false} placeholder="smtp.example.com" />
            </SettingItem>
            <SettingItem name="encryption" label={k('encryption.label')} extra={k('encryption.help')} required>
              <Select
                options={[
                  { value: '', label: k('encryption.none') },
                  { value: 'SSL', label: k('encryption.ssl') },
                  { value: 'TLS', label: k('encryption.tls') },
                ]}
              />
            </SettingItem>
            <SettingItem
              name="smtp_port"
              label={k('smtp_port.label')}
              required
              rules={[integerRule(1, 65535, { empty: k('smtp_port.empty'), range: k('smtp_port.range') })]}
            >
              <InputNumber precision={0} controls={false} inputMode="numeric" />
            </SettingItem>
            <SettingItem name="smtp_authentication" label={k('smtp_authentication.label')} valuePropName="checked">
              <Switch />
            </SettingItem>
            <Form.Item noStyle dependencies={['smtp_authentication']}>
              {() =>
                form.getFieldValue('smtp_authentication') ? (
                  <>
                    <SettingItem
                      name="smtp_username"
                      label={k('smtp_username.label')}
                      required
                      rules={required('smtp_username', 255)}
                    >
                      <Input autoComplete="off" spellCheck={false} />
                    </SettingItem>
                    <SettingItem
                      name="smtp_password"
                      label={k('smtp_password.label')}
                      extra={k('smtp_password.help')}
                      required
                      rules={required('smtp_password', 255)}
                    >
                      <Input.Password autoComplete="new-password" />
                    </SettingItem>
                  </>
                ) : null
              }
            </Form.Item>
          </>
        )}
      </SettingsForm>
    </SettingsPage>
  );
}

/**
 * 'Send test mail': saves the form with a test recipient (PUT setting/smtp with test_email_recipient); the
 * server sends through the values just saved and answers the mail server's refusal, shown here.
 */
function TestMail({ context }: { context: SettingsFormContext<SiteSmtp, Values> }) {
  const k = useSettingsText('smtp');
  const oneLine = useSettingsText('form')('single_line');
  const toast = useToast();
  const [recipient, setRecipient] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSaveGroup<SmtpSettingsBody, SiteSmtp>('setting/smtp', { passingError: true });
  const id = 'settings-smtp_test_email_recipient';

  const run = async () => {
    setFailure(null);
    const to = recipient.trim();
    const check = !to ? k('test.empty') : !isSingleLine(to) ? oneLine : !isEmail(to) ? k('test.invalid') : null;
    setProblem(check);
    let values: Values;
    try {
      values = await context.form.validateFields();
    } catch {
      return;
    }
    if (check) {
      document.getElementById(id)?.focus();
      return;
    }
    const all = { ...(context.form.getFieldsValue(true) as Values), ...values };
    send.mutate(
      { ...bodyOf(all), test_email_recipient: to },
      {
        onSuccess: (saved) => {
          context.markSaved(saved ?? null);
          toast.success(k('test.sent', { to }));
        },
        onError: (error) => {
          const messages = isApiError(error) ? error.fieldErrors : [];
          const own = messages.find((e) => e.error_field === 'test_email_recipient');
          if (own) setProblem(own.error_msg);
          else if (messages.length > 0) context.showFailure(error);
          else setFailure(error.message || k('test.failed'));
        },
      },
    );
  };

  return (
    <div className="admin-settings__test-mail">
      <label htmlFor={id}>{k('test.label')}</label>
      <Input
        id={id}
        type="email"
        inputMode="email"
        value={recipient}
        status={problem ? 'error' : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}_error` : `${id}_help`}
        onChange={(e) => setRecipient(e.target.value)}
        onPressEnter={(e) => {
          e.preventDefault();
          void run();
        }}
      />
      {problem ? (
        <span id={`${id}_error`} className="admin-settings__field-error" role="alert">
          {problem}
        </span>
      ) : (
        <span id={`${id}_help`} className="admin-settings__help">
          {k('test.help')}
        </span>
      )}
      <Button onClick={() => void run()} loading={send.isPending}>
        {k('test.send')}
      </Button>
      {failure && <Alert type="error" showIcon title={k('test.refused')} description={failure} />}
    </div>
  );
}
