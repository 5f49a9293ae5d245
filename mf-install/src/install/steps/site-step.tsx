import { isApiError } from '@agora/shared-api';
import type { InstallBaseInfoBody } from '@agora/shared-api/contract';
import { Alert, Button, Form, Input, Switch, type FormInstance } from '@agora/shared-ui/antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { configFailureOf, useSaveBaseInfo, type ConfigFailure } from '../api';
import { describeFailure, type AlertContent } from '../errors';
import { ConfigFileHelp } from './config-file-help';
import {
  EMAIL_MAX,
  hasNameCharacters,
  isEmail,
  isSingleLine,
  isSiteUrl,
  lengthOf,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SITE_NAME_MAX,
  SITE_URL_MAX,
} from '../validation';

export interface SiteFormValues {
  site_name: string;
  site_url: string;
  contact_email: string;
  login_required: boolean;
  name: string;
  password: string;
  email: string;
}

const FIELDS: readonly (keyof SiteFormValues)[] = [
  'site_name',
  'site_url',
  'contact_email',
  'login_required',
  'name',
  'password',
  'email',
];

type Rule = { validator: (rule: unknown, value: unknown) => Promise<void> };

/** One validator per field: the first failing check's message. */
function check(test: (value: string) => string | null): Rule[] {
  return [
    {
      validator: (_rule, value) => {
        const message = test(typeof value === 'string' ? value : '');
        return message ? Promise.reject(new Error(message)) : Promise.resolve();
      },
    },
  ];
}

export function siteRules(t: TFunction): Record<Exclude<keyof SiteFormValues, 'login_required'>, Rule[]> {
  const k = (key: string, options: Record<string, unknown> = {}) => t(`install.site.${key}`, options);
  // Every text here but the password is one line; a line break, tab or control character is refused first.
  const oneLine = (v: string) => (isSingleLine(v.trim()) ? null : k('single_line'));
  const email = (field: 'contact_email' | 'email') =>
    check((v) => {
      if (oneLine(v)) return oneLine(v);
      if (!v.trim()) return k(`${field}.empty`);
      if (lengthOf(v.trim()) > EMAIL_MAX || !isEmail(v)) return k(`${field}.invalid`);
      return null;
    });
  return {
    site_name: check((v) => {
      if (oneLine(v)) return oneLine(v);
      if (!v.trim()) return k('site_name.empty');
      if (lengthOf(v.trim()) > SITE_NAME_MAX) return k('site_name.too_long', { max: SITE_NAME_MAX });
      return null;
    }),
    site_url: check((v) => {
      if (oneLine(v)) return oneLine(v);
      if (!v.trim()) return k('site_url.empty');
      if (lengthOf(v.trim()) > SITE_URL_MAX) return k('site_url.too_long', { max: SITE_URL_MAX });
      if (!isSiteUrl(v)) return k('site_url.invalid');
      return null;
    }),
    contact_email: email('contact_email'),
    name: check((v) => {
      const name = v.trim();
      if (oneLine(name)) return oneLine(name);
      if (!name) return k('name.empty');
      if (lengthOf(name) < NAME_MIN || lengthOf(name) > NAME_MAX)
        return k('name.length', { min: NAME_MIN, max: NAME_MAX });
      if (!hasNameCharacters(name)) return k('name.characters');
      return null;
    }),
    password: check((v) => {
      if (!v) return k('password.empty');
      if (lengthOf(v) < PASSWORD_MIN || lengthOf(v) > PASSWORD_MAX)
        return k('password.length', { min: PASSWORD_MIN, max: PASSWORD_MAX });
      return null;
    }),
    email: email('email'),
  };
}

/**
 * Puts the server's field errors ([{error_field, error_msg}]) onto the form's fields; returns the ones that
 * name no field of this form (shown in the alert instead).
 */
export function applyFieldErrors(
  form: FormInstance<SiteFormValues>,
  errors: readonly { error_field: string; error_msg: string }[],
): string[] {
  const known = errors.filter((e) => (FIELDS as readonly string[]).includes(e.error_field));
  form.setFields(known.map((e) => ({ name: e.error_field as keyof SiteFormValues, errors: [e.error_msg] })));
  const first = known[0];
  if (first) form.focusField(first.error_field as keyof SiteFormValues);
  return errors.filter((e) => !known.includes(e)).map((e) => e.error_msg);
}

export interface SiteStepProps {
  lang: string;
  onDone(siteName: string): void;
}

/**
 * Step 4: site information and the administrator account (POST /installation/base-info). Client-side
 * checks first; the server's field errors land on their fields; anything else in an alert above the form.
 */
export function SiteStep({ lang, onDone }: SiteStepProps) {
  const { t } = useTranslation(NAMESPACE);
  const [form] = Form.useForm<SiteFormValues>();
  const [alert, setAlert] = useState<AlertContent | null>(null);
  const [configFailure, setConfigFailure] = useState<ConfigFailure | null>(null);
  const save = useSaveBaseInfo();
  const rules = siteRules(t);

  const onFinish = (values: SiteFormValues) => {
    setAlert(null);
    setConfigFailure(null);
    const body: InstallBaseInfoBody = {
      lang,
      site_name: values.site_name.trim(),
      site_url: values.site_url.trim().replace(/\/+$/, ''),
      contact_email: values.contact_email.trim(),
      name: values.name.trim(),
      password: values.password,
      email: values.email.trim(),
      login_required: values.login_required,
    };
    save.mutate(body, {
      onSuccess: () => {
        onDone(body.site_name);
      },
      onError: (error) => {
        if (isApiError(error) && error.fieldErrors.length > 0) {
          const rest = applyFieldErrors(form, error.fieldErrors);
          if (rest.length) setAlert({ title: t('install.site.save_failed'), description: rest.join(' ') });
          return;
        }
        const failure = configFailureOf(error);
        if (failure) {
          setAlert({ title: t('install.config.failed_title'), description: t('install.config.failed_intro') });
          setConfigFailure(failure);
          return;
        }
        setAlert(describeFailure(error, t));
      },
    });
  };

  const initialValues: Partial<SiteFormValues> = {
    site_name: '',
    site_url: window.location.origin,
    contact_email: '',
    login_required: false,
    name: '',
    password: '',
    email: '',
  };

  return (
    <Form<SiteFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={save.isPending}
      scrollToFirstError={{ focus: true }}
      className="mf-install__form"
      noValidate
    >
      {alert && (
        <Alert
          type="error"
          showIcon
          className="mf-install__alert"
          title={alert.title}
          description={alert.description}
        />
      )}
      {configFailure && <ConfigFileHelp {...configFailure} then="install" />}
      <fieldset className="mf-install__fieldset">
        <legend>{t('install.site.site_section')}</legend>
        <Form.Item<SiteFormValues>
          name="site_name"
          required
          label={t('install.site.site_name.label')}
          rules={rules.site_name}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item<SiteFormValues>
          name="site_url"
          required
          label={t('install.site.site_url.label')}
          extra={t('install.site.site_url.help')}
          rules={rules.site_url}
        >
          <Input type="url" inputMode="url" autoComplete="url" spellCheck={false} />
        </Form.Item>
        <Form.Item<SiteFormValues>
          name="contact_email"
          required
          label={t('install.site.contact_email.label')}
          extra={t('install.site.contact_email.help')}
          rules={rules.contact_email}
        >
          <Input type="email" autoComplete="email" spellCheck={false} />
        </Form.Item>
        <Form.Item<SiteFormValues>
          name="login_required"
          label={t('install.site.login_required.label')}
          extra={t('install.site.login_required.help')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </fieldset>
      <fieldset className="mf-install__fieldset">
        <legend>{t('install.site.admin_section')}</legend>
        <Form.Item<SiteFormValues>
          name="name"
          required
          label={t('install.site.name.label')}
          extra={t('install.site.name.help', { min: NAME_MIN, max: NAME_MAX })}
          rules={rules.name}
        >
          <Input autoComplete="username" spellCheck={false} />
        </Form.Item>
        <Form.Item<SiteFormValues>
          name="password"
          required
          label={t('install.site.password.label')}
          extra={t('install.site.password.help')}
          rules={rules.password}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item<SiteFormValues>
          name="email"
          required
          label={t('install.site.email.label')}
          extra={t('install.site.email.help')}
          rules={rules.email}
        >
          <Input type="email" autoComplete="email" spellCheck={false} />
        </Form.Item>
      </fieldset>
      <div className="mf-install__actions">
        <Button type="primary" htmlType="submit" loading={save.isPending} aria-busy={save.isPending}>
          {t('install.actions.install')}
        </Button>
      </div>
    </Form>
  );
}
