import { isApiError } from '@agora/shared-api';
import type { InstallDbBody, InstallDbType } from '@agora/shared-api/contract';
import { Alert, Button, Form, Input, Radio } from '@agora/shared-ui/antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { configFailureOf, useCheckDatabase, useInitSite } from '../api';
import { describeFailure, type AlertContent } from '../errors';
import type { DbFormValues, SetupOutcome } from '../types';
import { DB_FIELDS, DEFAULT_HOSTS, isDbFileName, type DbField } from '../validation';

/** The request body for the chosen database type: only that type's fields, trimmed (not the password). */
export function toDbBody(values: DbFormValues): InstallDbBody {
  if (values.db_type === 'sqlite3') return { db_type: 'sqlite3', db_file: values.db_file.trim() };
  return {
    db_type: values.db_type,
    db_host: values.db_host.trim(),
    db_name: values.db_name.trim(),
    db_username: values.db_username.trim(),
    db_password: values.db_password,
  };
}

export interface DatabaseStepProps {
  values: DbFormValues;
  onValuesChange(values: DbFormValues): void;
  /**
   * What config-file/check found: a recorded database that cannot be reached, or one that already holds an
   * installed site (its old tables must be cleared first).
   */
  notice: 'unreachable' | 'holds-site' | null;
  onBack(): void;
  onInitialized(outcome: SetupOutcome): void;
}

/**
 * Step 2: the database. SQLite (a file) or MySQL/MariaDB or PostgreSQL (host, name, user, password), every
 * field required. 'Check connection' asks the server (db/check); 'Next' runs init, which writes the
 * configuration file and creates the tables, with a progress indicator meanwhile. The server's failure
 * message appears in an alert above the form; a configuration file it could not write goes to step 3.
 */
export function DatabaseStep({ values, onValuesChange, notice, onBack, onInitialized }: DatabaseStepProps) {
  const { t } = useTranslation(NAMESPACE);
  const [form] = Form.useForm<DbFormValues>();
  const [alert, setAlert] = useState<AlertContent | null>(null);
  const [connected, setConnected] = useState(false);
  const check = useCheckDatabase();
  const init = useInitSite();
  const type = values.db_type;
  const busy = check.isPending || init.isPending;

  const handleValuesChange = (changed: Partial<DbFormValues>, all: DbFormValues) => {
    let next = { ...values, ...all };
    if (changed.db_type && changed.db_type !== 'sqlite3') {
      // The host follows the engine's usual port unless the user typed one of their own.
      const defaults = Object.values(DEFAULT_HOSTS);
      if (!next.db_host || defaults.includes(next.db_host)) {
        next = { ...next, db_host: DEFAULT_HOSTS[changed.db_type] };
        form.setFieldValue('db_host', next.db_host);
      }
    }
    setConnected(false);
    onValuesChange(next);
  };

  /** The server's answer to a failed check or init: field errors on their fields, the rest in the alert. */
  const showFailure = (error: unknown) => {
    if (isApiError(error) && error.fieldErrors.length > 0) {
      const known = error.fieldErrors.filter((e) => (DB_FIELDS as readonly string[]).includes(e.error_field));
      form.setFields(known.map((e) => ({ name: e.error_field as DbField, errors: [e.error_msg] })));
      if (known[0]) form.focusField(known[0].error_field as DbField);
      const rest = error.fieldErrors.filter((e) => !known.includes(e)).map((e) => e.error_msg);
      setAlert(rest.length ? { title: t('install.errors.title'), description: rest.join(' ') } : null);
      return;
    }
    setAlert(describeFailure(error, t));
  };

  const onCheck = async () => {
    let checked: DbFormValues;
    try {
      checked = { ...values, ...(await form.validateFields()) };
    } catch {
      return; // the fields show what is missing
    }
    setAlert(null);
    setConnected(false);
    check.mutate(toDbBody(checked), {
      onSuccess: () => setConnected(true),
      onError: showFailure,
    });
  };

  const onFinish = (submitted: DbFormValues) => {
    setAlert(null);
    init.mutate(toDbBody({ ...values, ...submitted }), {
      onSuccess: () => onInitialized({ kind: 'created' }),
      onError: (error) => {
        const failure = configFailureOf(error);
        if (failure) onInitialized({ kind: 'config-failed', ...failure });
        else showFailure(error);
      },
    });
  };

  const required = (field: string) => [
    { required: true, whitespace: true, message: t(`install.database.${field}.empty`) },
  ];

  return (
    <Form<DbFormValues>
      form={form}
      layout="vertical"
      initialValues={values}
      onValuesChange={handleValuesChange}
      onFinish={onFinish}
      disabled={init.isPending}
      scrollToFirstError={{ focus: true }}
      className="mf-install__form"
    >
      <p className="mf-install__intro">{t('install.database.intro')}</p>
      {alert && (
        <Alert
          type="error"
          showIcon
          className="mf-install__alert"
          title={alert.title}
          description={alert.description}
        />
      )}
      {notice && !alert && (
        <Alert
          type="warning"
          role="status"
          showIcon
          className="mf-install__alert"
          title={t(notice === 'holds-site' ? 'install.database.already_installed' : 'install.database.config_exists')}
          description={t(
            notice === 'holds-site' ? 'install.database.already_installed_hint' : 'install.database.config_exists_hint',
          )}
        />
      )}
      <Form.Item<DbFormValues> name="db_type" label={t('install.database.type.label')}>
        <Radio.Group className="mf-install__db-types">
          {(['sqlite3', 'mysql', 'postgres'] as InstallDbType[]).map((value) => (
            <Radio key={value} value={value}>
              {t(`install.database.type.${value}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {type === 'sqlite3' ? (
        <Form.Item<DbFormValues>
          name="db_file"
          label={t('install.database.db_file.label')}
          extra={t('install.database.db_file.help')}
          rules={[
            ...required('db_file'),
            {
              validator: (_, value: string | undefined) =>
                !value?.trim() || isDbFileName(value) ? Promise.resolve() : Promise.reject(new Error()),
              message: t('install.database.db_file.invalid'),
            },
          ]}
        >
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
      ) : (
        <>
          <Form.Item<DbFormValues>
            name="db_host"
            label={t('install.database.db_host.label')}
            extra={t('install.database.db_host.help', { example: DEFAULT_HOSTS[type] })}
            rules={required('db_host')}
          >
            <Input autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item<DbFormValues>
            name="db_name"
            label={t('install.database.db_name.label')}
            rules={required('db_name')}
          >
            <Input autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item<DbFormValues>
            name="db_username"
            label={t('install.database.db_username.label')}
            rules={required('db_username')}
          >
            <Input autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item<DbFormValues>
            name="db_password"
            label={t('install.database.db_password.label')}
            rules={[{ required: true, message: t('install.database.db_password.empty') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </>
      )}
      {connected && (
        <Alert
          type="success"
          role="status"
          showIcon
          className="mf-install__alert"
          title={t('install.database.connection_ok')}
        />
      )}
      {init.isPending && (
        <div className="mf-install__working" role="status">
          <progress className="mf-install__progressbar" aria-label={t('install.database.installing_label')} />
          <span>{t('install.database.installing')}</span>
        </div>
      )}
      <div className="mf-install__actions">
        <Button onClick={onBack} disabled={busy}>
          {t('install.actions.back')}
        </Button>
        <Button
          onClick={() => void onCheck()}
          loading={check.isPending}
          disabled={init.isPending}
          aria-busy={check.isPending}
        >
          {check.isPending ? t('install.actions.checking') : t('install.actions.check_connection')}
        </Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={init.isPending}
          disabled={check.isPending}
          aria-busy={init.isPending}
        >
          {t('install.actions.next')}
        </Button>
      </div>
    </Form>
  );
}
