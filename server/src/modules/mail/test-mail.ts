import type { SiteSmtp } from '@agora/shared-api/contract';
import type { SiteSettings } from '../settings/schema';
import { describeError, smtpTransport, type MailTransport } from './mailer';
import { renderMail } from './templates';

/** The SMTP server refused the test mail or could not be reached; `detail` is its error, password-free. */
export class SmtpTestError extends Error {
  override readonly name = 'SmtpTestError';
  readonly detail: string;
  constructor(detail: string) {
    super(detail);
    this.detail = detail;
  }
}

/**
 * Sends the test mail at once, through the same SMTP transport the outbox worker uses, with the
 * given settings (the admin's just saved): the admin learns while waiting whether mail works. Never
 * queued, never retried. Throws SmtpTestError with the server's error.
 */
export async function sendTestMail(
  smtp: SiteSmtp,
  to: string,
  site: { general: SiteSettings['general']; language: string },
  makeTransport: (smtp: SiteSmtp) => MailTransport = smtpTransport,
): Promise<void> {
  const mail = renderMail(
    'test',
    {},
    {
      name: site.general.name,
      url: site.general.site_url,
      contactEmail: site.general.contact_email,
      language: site.language,
    },
  );
  const transport = makeTransport(smtp);
  try {
    await transport.send({
      from: { name: smtp.from_name, address: smtp.from_email },
      to: to.replace(/[\r\n]/g, ''),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  } catch (error) {
    throw new SmtpTestError(describeError(error, smtp));
  } finally {
    transport.close();
  }
}
