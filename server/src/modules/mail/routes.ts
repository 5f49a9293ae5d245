import { SiteSmtp, SmtpSettingsBody } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiFailure, type FieldFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { isEmail } from '../../lib/email';
import { singleLineFailure } from '../../lib/single-line';
import { groupSaver, type SettingsRoutesOptions } from '../settings/save';
import { SmtpTestError, sendTestMail } from './test-mail';

/** The password as the admin screen shows it: one '*' per character, '' when there is none. */
export function maskPassword(password: string): string {
  return '*'.repeat([...password].length);
}

const isMask = (value: string) => /^\*+$/.test(value);

/** SMTP rules: the field errors of a body (empty when it is valid), the first one of each field. */
export function smtpFailures(body: SmtpSettingsBody): FieldFailure[] {
  const failures: FieldFailure[] = [];
  const add = (field: string, reason: string) => {
    if (!failures.some((f) => f.field === field)) failures.push({ field, reason });
  };
  const required = (field: string) => add(field, 'validation.required');
  // One-line fields first: a line break in the sender or the host would reach the mail's headers or
  // the SMTP dialogue.
  const oneLine = {
    from_email: body.from_email,
    from_name: body.from_name,
    smtp_host: body.smtp_host,
    smtp_username: body.smtp_username ?? '',
    test_email_recipient: body.test_email_recipient ?? '',
  };
  for (const [field, value] of Object.entries(oneLine)) {
    const failure = singleLineFailure(field, value.trim());
    if (failure) add(field, failure.reason);
  }
  const fromEmail = body.from_email.trim();
  // An unconfigured form (no sender, no host, no login, no test mail) saves mail as not set up, as
  // Answer allows; anything filled in is held to every rule below.
  const unconfigured =
    !fromEmail &&
    !body.from_name.trim() &&
    !body.smtp_host.trim() &&
    !body.smtp_authentication &&
    !body.test_email_recipient?.trim();
  const portFailure = () => {
    if (!Number.isInteger(body.smtp_port) || body.smtp_port < 1 || body.smtp_port > 65535)
      add('smtp_port', 'error.smtp.port_invalid');
  };
  if (unconfigured) {
    portFailure();
    return failures;
  }
  if (!fromEmail) required('from_email');
  else if (!isEmail(fromEmail)) add('from_email', 'validation.format_email');
  const fromName = body.from_name.trim();
  if (!fromName) required('from_name');
  else if (isEmail(fromName) || /@/.test(fromName)) add('from_name', 'error.smtp.from_name_is_email');
  if (!body.smtp_host.trim()) required('smtp_host');
  portFailure();
  if (body.smtp_authentication) {
    if (!body.smtp_username?.trim()) required('smtp_username');
    if (!body.smtp_password) required('smtp_password');
  }
  const recipient = body.test_email_recipient?.trim();
  if (recipient && !isEmail(recipient)) add('test_email_recipient', 'validation.format_email');
  return failures;
}

/**
 * GET/PUT setting/smtp (docs/wire-contract.md), under /answer/admin/api, administrators only. GET
 * masks the password; a PUT whose password is all '*' keeps the stored one; `test_email_recipient`
 * gets a test mail at once, over SMTP with the settings just saved: when the server refuses it or
 * cannot be reached, the PUT answers 400 `error.smtp.test_failed` with the server's error (the
 * settings stay saved).
 */
export const smtpAdminRoutes: FastifyPluginAsyncTypebox<SettingsRoutesOptions> = async (app, { pinned }) => {
  const save = groupSaver(app, pinned);

  app.get(
    '/setting/smtp',
    { config: { auth: 'admin' }, schema: { response: responses(SiteSmtp, [401, 403]) } },
    async (request) => {
      const smtp = await app.settings.get('smtp');
      return ok(request, { ...smtp, smtp_password: maskPassword(smtp.smtp_password) });
    },
  );

  app.put(
    '/setting/smtp',
    {
      config: { auth: 'admin' },
      schema: { body: SmtpSettingsBody, response: responses(Type.Null(), [400, 401, 403]) },
    },
    async (request) => {
      const body = request.body;
      const current = await app.settings.get('smtp');
      // The masked password sent back unchanged (or no password at all) keeps the stored one.
      const password =
        body.smtp_password === undefined || (isMask(body.smtp_password) && current.smtp_password)
          ? current.smtp_password
          : body.smtp_password;
      const failures = smtpFailures({ ...body, smtp_password: password });
      const saved = await save(
        request,
        'smtp',
        {
          from_email: body.from_email.trim(),
          from_name: body.from_name.trim(),
          smtp_host: body.smtp_host.trim(),
          smtp_port: body.smtp_port,
          encryption: body.encryption,
          smtp_username: (body.smtp_username ?? '').trim(),
          smtp_password: password,
          smtp_authentication: body.smtp_authentication,
        },
        failures,
      );
      const recipient = body.test_email_recipient?.trim();
      if (recipient) {
        const [general, iface] = await Promise.all([app.settings.get('general'), app.settings.get('interface')]);
        try {
          await sendTestMail(saved, recipient, { general, language: iface.language });
        } catch (error) {
          if (!(error instanceof SmtpTestError)) throw error;
          request.log.warn({ why: error.detail }, 'smtp: the test mail was not sent');
          throw ApiFailure.badRequest('error.smtp.test_failed', { params: { error: error.detail } });
        }
      }
      return ok(request, null);
    },
  );
};
