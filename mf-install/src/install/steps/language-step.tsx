import { Alert, Button, Form, Select } from '@agora/shared-ui/antd';
import { installLanguagesQuery } from '@agora/shared-api/resources/installation';
import type { LanguageOption } from '@agora/shared-api/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';

/** The languages this front end ships, offered when the server's list cannot be loaded (names are endonyms). */
const BUILT_IN: LanguageOption[] = [
  { label: 'English', value: 'en_US' },
  { label: '简体中文', value: 'zh_CN' },
];

export interface LanguageStepProps {
  value: string;
  onChange(language: string): void;
  onNext(): void;
}

/** Step 1: the interface language (GET /installation/language/options); choosing one switches at once. */
export function LanguageStep({ value, onChange, onNext }: LanguageStepProps) {
  const { t } = useTranslation(NAMESPACE);
  const options = useQuery(installLanguagesQuery());
  const list = options.data?.length ? options.data : BUILT_IN;
  const known = list.some((o) => o.value === value);
  return (
    <Form layout="vertical" onFinish={onNext} requiredMark={false} className="mf-install__form">
      <p className="mf-install__intro">{t('install.language.intro')}</p>
      {options.isError && (
        <Alert type="warning" showIcon className="mf-install__alert" title={t('install.language.options_failed')} />
      )}
      <Form.Item label={t('install.language.label')} htmlFor="mf-install-lang">
        <Select
          id="mf-install-lang"
          value={known ? value : undefined}
          onChange={onChange}
          loading={options.isPending}
          virtual={false}
          options={list.map((o) => ({ label: o.label, value: o.value }))}
          className="mf-install__select"
        />
      </Form.Item>
      <div className="mf-install__actions">
        <Button type="primary" htmlType="submit" disabled={!known}>
          {t('install.actions.next')}
        </Button>
      </div>
    </Form>
  );
}
