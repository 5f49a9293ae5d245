import { type CurrentUser } from '@agora/shared-api';
import { sessionsQuery } from '@agora/shared-api/resources/profile';
import { formatFullTime, useTimeZone, useToast } from '@agora/shared-ui';
import { Alert, Button, Form, Input, Popconfirm, Spin, Tag } from '@agora/shared-ui/antd';
import { useCaptcha } from '@agora/shared-ui/captcha';
import { afterCaptchaFailure, CaptchaField } from '@agora/shared-ui/captcha-field';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { useChangePassword, useRevokeSessions, useSendEmailChangeCode } from '../common/writes';
import { fetchActionRecord, type UserSession } from '../common/api';
import { useSharedUiT } from '../../common/site';
import { isEmail, lengthOf, PASSWORD_MAX, PASSWORD_MIN } from '../common/validation';
import { applyServerErrors, check, confirmPasswordRules, isCaptchaMessage } from './form-errors';
import { describeUserAgent } from './user-agent';

interface EmailValues {
  e_mail: string;
  pass: string;
  captcha_code?: string;
}

/** Account → change e-mail: POST user/email/change/code sends a confirmation link to the new address. */
function EmailForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(NAMESPACE);
  const k = (key: string, options?: Record<string, unknown>) => t(`people.settings.account.${key}`, options ?? {});
  const [form] = Form.useForm<EmailValues>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const captcha = useCaptcha('edit_userinfo', { load: fetchActionRecord });
  const send = useSendEmailChangeCode();
  const needsPassword = user.have_password !== false;

  const onFinish = (values: EmailValues) => {
    setFailure(null);
    setSentTo(null);
    const body: Record<string, string> = { e_mail: values.e_mail.trim(), ...captcha.answer(values.captcha_code) };
    if (needsPassword) body.pass = values.pass;
    send.mutate(body, {
      onSuccess: () => {
        setSentTo(body.e_mail ?? '');
        form.resetFields();
        void captcha.refresh();
      },
      onError: (error) => {
        const rest = applyServerErrors(form, error, ['e_mail', 'pass']).filter((m) => !isCaptchaMessage(error, m));
        void afterCaptchaFailure(form, captcha, error);
        if (rest.length) setFailure(rest.join(' '));
      },
    });
  };

  return (
    <section className="people-account__block" aria-labelledby="people-email-title">
      <h2 id="people-email-title" className="people-tab__title">
        {k('email.title')}
      </h2>
      <p className="people-muted">{k('email.current', { email: user.e_mail })}</p>
      {sentTo && (
        <Alert
          type="success"
          showIcon
          role="status"
          title={k('email.sent', { email: sentTo })}
          className="people-form__alert"
        />
      )}
      {failure && <Alert type="error" showIcon title={failure} className="people-form__alert" />}
      <Form<EmailValues>
        form={form}
        name="change-email"
        layout="vertical"
        onFinish={onFinish}
        className="people-form"
        noValidate
      >
        <Form.Item<EmailValues>
          name="e_mail"
          required
          label={k('email.new')}
          rules={check((v) => {
            if (!v.trim()) return k('email.empty');
            if (!isEmail(v.trim())) return k('email.invalid');
            if (v.trim().toLowerCase() === user.e_mail.toLowerCase()) return k('email.same');
            return null;
          })}
        >
          <Input type="email" autoComplete="email" spellCheck={false} />
        </Form.Item>
        {needsPassword && (
          <Form.Item<EmailValues>
            name="pass"
            required
            label={k('email.password')}
            rules={check((v) => (v ? null : k('password.current_empty')))}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        <CaptchaField captcha={captcha} />
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          {k('email.submit')}
        </Button>
      </Form>
    </section>
  );
}

interface PasswordValues {
  old_pass: string;
  pass: string;
  confirm: string;
  captcha_code?: string;
}

/** Account → change password: PUT user/password; the server signs out the other sessions. */
function PasswordForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(NAMESPACE);
  const k = (key: string, options?: Record<string, unknown>) => t(`people.settings.account.${key}`, options ?? {});
  const [form] = Form.useForm<PasswordValues>();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const captcha = useCaptcha('edit_userinfo', { load: fetchActionRecord });
  const change = useChangePassword();
  const hasPassword = user.have_password !== false;
  const length = (v: string) =>
    lengthOf(v) < PASSWORD_MIN || lengthOf(v) > PASSWORD_MAX
      ? k('password.length', { min: PASSWORD_MIN, max: PASSWORD_MAX })
      : null;

  const onFinish = (values: PasswordValues) => {
    setDone(false);
    setFailure(null);
    const body: Record<string, string> = { pass: values.pass, ...captcha.answer(values.captcha_code) };
    if (hasPassword) body.old_pass = values.old_pass;
    change.mutate(body, {
      onSuccess: () => {
        setDone(true);
        form.resetFields();
        void captcha.refresh();
      },
      onError: (error) => {
        const rest = applyServerErrors(form, error, ['old_pass', 'pass']).filter((m) => !isCaptchaMessage(error, m));
        void afterCaptchaFailure(form, captcha, error);
        if (rest.length) setFailure(rest.join(' '));
      },
    });
  };

  return (
    <section className="people-account__block" aria-labelledby="people-password-title">
      <h2 id="people-password-title" className="people-tab__title">
        {k('password.title')}
      </h2>
      {done && (
        <Alert type="success" showIcon role="status" title={k('password.changed')} className="people-form__alert" />
      )}
      {failure && <Alert type="error" showIcon title={failure} className="people-form__alert" />}
      <Form<PasswordValues>
        form={form}
        name="change-password"
        layout="vertical"
        onFinish={onFinish}
        className="people-form"
        noValidate
      >
        {hasPassword && (
          <Form.Item<PasswordValues>
            name="old_pass"
            required
            label={k('password.current')}
            rules={check((v) => (v ? null : k('password.current_empty')))}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        <Form.Item<PasswordValues>
          name="pass"
          required
          label={k('password.new')}
          extra={k('password.help', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          rules={check((v) => (v ? length(v) : k('password.new_empty')))}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item<PasswordValues>
          name="confirm"
          required
          label={k('password.confirm')}
          dependencies={['pass']}
          rules={confirmPasswordRules({ empty: k('password.confirm_empty'), mismatch: k('password.mismatch') })}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <CaptchaField captcha={captcha} />
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {k('password.submit')}
        </Button>
      </Form>
    </section>
  );
}

function SessionRow({ session, onRevoke, busy }: { session: UserSession; onRevoke: () => void; busy: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const shared = useSharedUiT();
  const timeZone = useTimeZone();
  const k = (key: string, options?: Record<string, unknown>) => t(`people.settings.account.${key}`, options ?? {});
  const { browser, os } = describeUserAgent(session.user_agent);
  const device =
    browser && os
      ? k('sessions.device', { browser, os })
      : browser || os || session.user_agent || k('sessions.unknown_device');
  return (
    <li className="people-session">
      <div className="people-session__main">
        <strong>{device}</strong> {session.current && <Tag color="blue">{k('sessions.this_device')}</Tag>}
        <div className="people-muted">
          {k('sessions.ip', { ip: session.ip || '—' })} ·{' '}
          {k('sessions.last_seen', { time: formatFullTime(session.last_seen_at, { t: shared.t, timeZone }) })} ·{' '}
          {k('sessions.signed_in', { time: formatFullTime(session.created_at, { t: shared.t, timeZone }) })}
        </div>
      </div>
      {!session.current && (
        <Button onClick={onRevoke} loading={busy} aria-label={k('sessions.revoke_label', { device })}>
          {k('sessions.revoke')}
        </Button>
      )}
    </li>
  );
}

/** Account → my logins: GET user/sessions, revoke one or all others (DELETE user/sessions). */
function SessionsList() {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const k = (key: string) => t(`people.settings.account.${key}`);
  const sessions = useQuery(sessionsQuery());
  const revoke = useRevokeSessions({
    onSuccess: () => toast.success(k('sessions.revoked')),
    onError: (error) => toast.danger(error.message),
  });
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);

  return (
    <section className="people-account__block" aria-labelledby="people-sessions-title">
      <h2 id="people-sessions-title" className="people-tab__title">
        {k('sessions.title')}
      </h2>
      <p className="people-muted">{k('sessions.help')}</p>
      {sessions.isPending ? (
        <Spin />
      ) : sessions.isError ? (
        <p role="alert">{t('people.common.load_failed')}</p>
      ) : (
        <>
          <ul className="people-sessions">
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={
                  revoke.isPending && revoke.variables && 'id' in revoke.variables && revoke.variables.id === session.id
                }
                onRevoke={() => revoke.mutate({ id: session.id })}
              />
            ))}
          </ul>
          {others.length > 0 && (
            <Popconfirm
              title={k('sessions.all_others_confirm')}
              okText={k('sessions.all_others')}
              cancelText={t('people.common.cancel')}
              onConfirm={() => revoke.mutate({ all_others: true })}
            >
              <Button danger>{k('sessions.all_others')}</Button>
            </Popconfirm>
          )}
        </>
      )}
    </section>
  );
}

/** Settings → Account: change e-mail, change password, my logins. */
export function AccountSettings({ user }: { user: CurrentUser }) {
  return (
    <div className="people-account">
      <EmailForm user={user} />
      <PasswordForm user={user} />
      <SessionsList />
    </div>
  );
}
