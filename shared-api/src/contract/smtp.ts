import { Type, type Static } from 'typebox';

/** Encryption of the SMTP connection: none, implicit TLS (SSL, usually port 465) or STARTTLS (TLS). */
export const SmtpEncryption = Type.Union([Type.Literal(''), Type.Literal('SSL'), Type.Literal('TLS')]);
export type SmtpEncryption = Static<typeof SmtpEncryption>;

/**
 * The `smtp` settings group (`setting/smtp`): how the site sends mail. Admin-only:
 * never part of siteinfo. An empty `smtp_host` means mail is not configured (mails wait in the outbox).
 */
export const SiteSmtp = Type.Object({
  from_email: Type.String({ maxLength: 500 }),
  from_name: Type.String({ maxLength: 255 }),
  smtp_host: Type.String({ maxLength: 255 }),
  smtp_port: Type.Integer({ minimum: 1, maximum: 65535 }),
  encryption: SmtpEncryption,
  smtp_username: Type.String({ maxLength: 255 }),
  smtp_password: Type.String({ maxLength: 255 }),
  smtp_authentication: Type.Boolean(),
});
export type SiteSmtp = Static<typeof SiteSmtp>;

/** PUT /answer/admin/api/setting/smtp: the group, plus an optional address that gets a test mail. */
export const SmtpSettingsBody = Type.Object({
  from_email: Type.String({ maxLength: 500 }),
  from_name: Type.String({ maxLength: 255 }),
  smtp_host: Type.String({ maxLength: 255 }),
  /** 1-65535 (checked by the server with its own message). */
  smtp_port: Type.Integer(),
  encryption: SmtpEncryption,
  smtp_username: Type.Optional(Type.String({ maxLength: 255 })),
  smtp_password: Type.Optional(Type.String({ maxLength: 255 })),
  smtp_authentication: Type.Boolean(),
  test_email_recipient: Type.Optional(Type.String({ maxLength: 500 })),
});
export type SmtpSettingsBody = Static<typeof SmtpSettingsBody>;
