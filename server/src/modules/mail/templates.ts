import { DEFAULT_LANGUAGE, isLanguage, translate, type Language, type TranslateParams } from '../../i18n';

/** The mails the site sends (mail goes through the outbox table and is sent by a worker, never inside a request). */
export const MAIL_TEMPLATES = [
  'activation',
  'password_reset',
  'email_change',
  'email_changed_notice',
  'test',
  'signup_attempt',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** What callers put in a mail; the mailer adds the site's name, URL and contact address. */
export interface MailParams {
  /** The action link (activation, reset, confirmation); must be http(s). */
  link?: string;
  username?: string;
  new_email?: string;
  [name: string]: string | undefined;
}

/** Site facts every mail shows. */
export interface MailSite {
  name: string;
  url: string;
  contactEmail: string;
  language: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Templates whose mail carries an action button (and the link again, as text). */
const WITH_ACTION: ReadonlySet<MailTemplate> = new Set(['activation', 'password_reset', 'email_change']);

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** One line: no CR/LF (nothing a caller passes can start a new header or paragraph of its own). */
export const oneLine = (value: string) => value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

/** The origin of the site's URL (null when it is not an http(s) URL). */
function siteOrigin(siteUrl: string): string | null {
  try {
    const url = new URL(siteUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Only http(s) links on the site's own origin become buttons (a mail never points
 * elsewhere); anything else is left out of the mail.
 */
export function safeLink(link: string | undefined, siteUrl: string): string | null {
  if (!link) return null;
  const origin = siteOrigin(siteUrl);
  try {
    const url = new URL(link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return origin !== null && url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

export function mailLanguage(value: string): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/**
 * Renders a mail in the site's language (en_US when the site's language has no catalog). Texts come
 * from the catalogs (`mail.<template>.*`); every parameter is a single line, inserted once (a value's
 * own `{name}` is never expanded), kept verbatim in the text/plain part and escaped in the HTML part;
 * the only link is the action link, which must be on the site's origin.
 */
export function renderMail(template: MailTemplate, params: MailParams, site: MailSite): RenderedMail {
  const lang = mailLanguage(site.language);
  const values: TranslateParams = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) values[key] = oneLine(value);
  values.site_name = oneLine(site.name);
  values.site_url = oneLine(site.url);
  values.contact_email = oneLine(site.contactEmail || site.url);
  const t = (key: string) => translate(key, lang, values);

  const subject = t(`mail.${template}.subject`);
  const greeting = values.username ? t('mail.common.greeting') : t('mail.common.greeting_anonymous');
  const body = t(`mail.${template}.body`);
  const note = t(`mail.${template}.note`);
  const signature = t('mail.common.signature');
  const footer = t('mail.common.footer');
  const link = WITH_ACTION.has(template) ? safeLink(params.link, site.url) : null;
  if (WITH_ACTION.has(template) && !link) throw new Error(`the ${template} mail needs an http(s) link on the site`);

  const text = [greeting, body, ...(link ? [link] : []), note, signature, '--', footer].join('\n\n') + '\n';

  const parts = [htmlParagraph(greeting), htmlParagraph(body)];
  if (link) parts.push(...htmlAction(link, t(`mail.${template}.action`), t('mail.common.link_hint')));
  parts.push(htmlParagraph(note), htmlParagraph(signature));
  return { subject, text, html: htmlDocument(lang, subject, parts, footer) };
}

/** One paragraph of a mail's HTML part: `value` is plain text, escaped here. */
export function htmlParagraph(value: string, style = ''): string {
  return `<p style="margin:0 0 16px;${style}">${escapeHtml(value)}</p>`;
}

/** A button to `link` (already checked to be on the site), then the address again as text. */
export function htmlAction(link: string, label: string, hint: string): string[] {
  const href = escapeHtml(link);
  return [
    `<p style="margin:24px 0;"><a href="${href}" style="background:#0033ff;color:#ffffff;padding:10px 18px;` +
      `border-radius:4px;text-decoration:none;display:inline-block;">${escapeHtml(label)}</a></p>`,
    htmlParagraph(hint, 'color:#555555;font-size:13px;'),
    `<p style="margin:0 0 16px;font-size:13px;word-break:break-all;"><a href="${href}">${href}</a></p>`,
  ];
}

/** The HTML document around a mail's parts (HTML already escaped), with the footer (plain text). */
export function htmlDocument(lang: Language, subject: string, parts: string[], footer: string): string {
  return (
    `<!DOCTYPE html><html lang="${lang.replace('_', '-')}"><head><meta charset="utf-8">` +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#212529;">` +
    `<div style="max-width:600px;margin:0 auto;padding:24px;">${parts.join('')}` +
    `<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0 12px;">` +
    `<p style="margin:0;color:#6c757d;font-size:12px;">${escapeHtml(footer)}</p></div></body></html>`
  );
}
