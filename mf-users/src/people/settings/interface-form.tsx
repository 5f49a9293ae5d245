import { type CurrentUser, languagesQuery } from '@agora/shared-api';
import { useToast } from '@agora/shared-ui';
import { Alert, Button, Form, Select } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { useSaveInterface } from '../common/writes';

interface Values {
  language: string;
}

/**
 * Settings → Interface: the user's language (PUT user/interface). Saved, it is applied at once: the cached
 * current user gets the new language and the shell's SessionSync switches the interface to it.
 */
export function InterfaceForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const languages = useQuery(languagesQuery());
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveInterface(user);

  // 'Default' (the site's language) always comes first.
  const options = [
    { value: 'Default', label: t('people.settings.interface.default') },
    ...(languages.data ?? []).filter((o) => o.value !== 'Default').map((o) => ({ value: o.value, label: o.label })),
  ];

  const onFinish = ({ language }: Values) => {
    setFailure(null);
    save.mutate(language, {
      onSuccess: () => {
        toast.success(t('people.settings.interface.saved'));
      },
      onError: (error) => setFailure(error.message),
    });
  };

  return (
    <Form<Values>
      layout="vertical"
      initialValues={{ language: user.language || 'Default' }}
      onFinish={onFinish}
      className="people-form"
    >
      {failure && <Alert type="error" showIcon title={failure} className="people-form__alert" />}
      <Form.Item<Values>
        name="language"
        label={t('people.settings.interface.language')}
        extra={t('people.settings.interface.language_help')}
        rules={[{ required: true }]}
      >
        <Select options={options} loading={languages.isPending} className="people-select" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('people.settings.save')}
      </Button>
    </Form>
  );
}
