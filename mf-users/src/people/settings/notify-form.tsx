import { notificationConfigQuery } from '@agora/shared-api/resources/profile';
import { useToast } from '@agora/shared-ui';
import { Alert, Button, Form, Spin, Switch } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { useSaveNotificationConfig } from '../common/writes';
import { type NotificationConfig } from '../common/api';
import { MAIL_CHANNEL_LABELS, MAIL_CHANNELS, type MailChannel } from '../common/mail-channels';

const CHANNELS = MAIL_CHANNELS;
type Values = Record<MailChannel, boolean>;

/**
 * Settings → Notifications: which e-mails to get (GET/PUT user/notification/config), the weekly digest of
 * new questions in followed tags among them (off until switched on).
 */
export function NotifyForm() {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const config = useQuery(notificationConfigQuery());
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveNotificationConfig();

  if (config.isPending) return <Spin />;
  if (config.isError || !config.data) return <p role="alert">{t('people.common.load_failed')}</p>;
  const data = config.data;

  const onFinish = (values: Values) => {
    setFailure(null);
    const body = Object.fromEntries(
      CHANNELS.map((c) => [c, { key: data[c]?.key || 'email', enable: !!values[c] }]),
    ) as unknown as NotificationConfig;
    save.mutate(body, {
      onSuccess: () => {
        toast.success(t('people.settings.notify.saved'));
      },
      onError: (error) => setFailure(error.message),
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="horizontal"
      initialValues={Object.fromEntries(CHANNELS.map((c) => [c, !!data[c]?.enable])) as Values}
      onFinish={onFinish}
      className="people-form"
    >
      <fieldset className="people-fieldset">
        <legend>{t('people.settings.notify.email_legend')}</legend>
        {failure && <Alert type="error" showIcon title={failure} className="people-form__alert" />}
        {CHANNELS.map((c) => (
          <Form.Item<Values>
            key={c}
            name={c}
            valuePropName="checked"
            label={t(MAIL_CHANNEL_LABELS[c])}
            colon={false}
            className="people-switch-row"
          >
            <Switch />
          </Form.Item>
        ))}
      </fieldset>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('people.settings.save')}
      </Button>
    </Form>
  );
}
