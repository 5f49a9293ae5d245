import { translate, type Language, type TranslateParams } from '../../i18n';
import {
  escapeHtml,
  htmlAction,
  htmlDocument,
  htmlParagraph,
  oneLine,
  safeLink,
  type MailSite,
  type RenderedMail,
} from '../mail/templates';

/** The mail kinds a member switches on or off (user_notification_config.source); each unsubscribe link names one. */
export type MailKind = 'inbox' | 'all_new_question' | 'all_new_question_for_following_tags' | 'weekly_digest';

/** The notification mails (their texts are `mail_notify.<template>.*`). */
export type NotifyTemplate =
  | 'answer'
  | 'followed_answer'
  | 'comment'
  | 'reply'
  | 'mention'
  | 'invitation'
  | 'accept'
  | 'edit'
  | 'moderation'
  | 'new_question'
  | 'digest';

export interface NotifyContent {
  template: NotifyTemplate;
  /** The recipient's username (the greeting). */
  username: string;
  /** Values of the texts: actor, title, action, count, tags... (each kept to one line). */
  params: Record<string, string>;
  /** Where the mail's button leads (must be on the site's origin). */
  link: string;
  /** A moderation reason, shown on a line of its own. */
  reason?: string;
  /** The digest's questions. */
  items?: Array<{ title: string; link: string }>;
  /** The one-click link that turns this kind of mail off. */
  unsubscribe: { kind: MailKind; link: string };
}

function onSite(link: string, siteUrl: string): string {
  const safe = safeLink(link, siteUrl);
  if (!safe) throw new Error('a notification mail links only to the site itself');
  return safe;
}

/**
 * Renders a notification mail in `lang`. Like the account mails: every value is a single line, kept
 * verbatim in the text part and escaped in the HTML part, and every link must be on the site's origin.
 */
export function renderNotifyMail(content: NotifyContent, site: MailSite, lang: Language): RenderedMail {
  const values: TranslateParams = {};
  for (const [key, value] of Object.entries(content.params)) values[key] = oneLine(value);
  values.username = oneLine(content.username);
  values.site_name = oneLine(site.name);
  values.site_url = oneLine(site.url);
  values.kind = translate(`mail_notify.kind.${content.unsubscribe.kind}`, lang);
  const t = (key: string) => translate(key, lang, values);
  const base = `mail_notify.${content.template}`;

  const link = onSite(content.link, site.url);
  const unsubscribe = onSite(content.unsubscribe.link, site.url);
  const items = (content.items ?? []).map((item) => ({
    title: oneLine(item.title),
    link: onSite(item.link, site.url),
  }));
  const subject = t(`${base}.subject`);
  const greeting = t('mail.common.greeting');
  const body = t(`${base}.body`);
  const reason = content.reason
    ? translate('mail_notify.common.reason', lang, { reason: oneLine(content.reason) })
    : '';
  const unsubscribeLine = t('mail_notify.common.unsubscribe');
  const signature = t('mail.common.signature');
  const footer = t('mail.common.footer');

  const text =
    [
      greeting,
      body,
      ...(reason ? [reason] : []),
      ...items.map((item) => `- ${item.title}\n  ${item.link}`),
      link,
      signature,
      '--',
      `${unsubscribeLine}\n${unsubscribe}`,
      footer,
    ].join('\n\n') + '\n';

  const parts = [htmlParagraph(greeting), htmlParagraph(body)];
  if (reason) parts.push(htmlParagraph(reason, 'color:#555555;'));
  if (items.length) {
    const list = items.map((item) => `<li><a href="${escapeHtml(item.link)}">${escapeHtml(item.title)}</a></li>`);
    parts.push(`<ul style="margin:0 0 16px;padding-left:20px;">${list.join('')}</ul>`);
  }
  parts.push(...htmlAction(link, t(`${base}.action`), t('mail.common.link_hint')), htmlParagraph(signature));
  parts.push(
    `<p style="margin:0 0 8px;color:#6c757d;font-size:12px;">${escapeHtml(unsubscribeLine)} ` +
      `<a href="${escapeHtml(unsubscribe)}">${escapeHtml(t('mail_notify.common.unsubscribe_action'))}</a></p>`,
  );
  return { subject, text, html: htmlDocument(lang, subject, parts, footer) };
}
