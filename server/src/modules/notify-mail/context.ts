import { toShortId, usesShortIds } from '@agora/shared-api/short-id';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { isLanguage, type Language } from '../../i18n';
import { createUnsubscribeCode } from '../accounts/email-tokens';
import { accountLink } from '../accounts/types';
import { insertMail } from '../mail/outbox';
import type { OutboxSeal } from '../../lib/sealed';
import { mailLanguage, type MailSite } from '../mail/templates';
import { questionUrl } from '../question/info';
import type { SettingsStore } from '../settings/store';
import { renderNotifyMail, type MailKind, type NotifyContent } from './render';
import type { Member } from './repository';

/** What every notification mail of one pass needs from the settings. */
export interface SiteContext {
  site: MailSite;
  language: Language;
  permalink: number;
}

export async function siteContext(settings: SettingsStore): Promise<SiteContext> {
  const [general, iface, seo] = await Promise.all([
    settings.get('general'),
    settings.get('interface'),
    settings.get('seo'),
  ]);
  return {
    site: { name: general.name, url: general.site_url, contactEmail: general.contact_email, language: iface.language },
    language: mailLanguage(iface.language),
    permalink: seo.permalink,
  };
}

/** The member's own language, else the site's. */
export function memberLanguage(member: Pick<Member, 'language'>, ctx: SiteContext): Language {
  return isLanguage(member.language) ? member.language : ctx.language;
}

/** A member who can be mailed at all: an active account with a confirmed address. */
export function reachable(member: Member | undefined): member is Member {
  return !!member && member.status === 1 && member.mail_status === 1 && member.e_mail.trim() !== '';
}

export function questionLink(ctx: SiteContext, id: string, title: string): string {
  return questionUrl(ctx.site.url, id, title, ctx.permalink);
}

/**
 * The link to the exact place of an inbox entry, as the site builds links: the question's permalink,
 * an answer's id after it (short under 3 and 4, like the question's), a comment as `?commentId=` of
 * the post it is on (comment ids are never short).
 */
export function postLink(ctx: SiteContext, map: Record<string, string>, title: string): string {
  const show = (id: string) => encodeURIComponent(usesShortIds(ctx.permalink) ? toShortId(id) : id);
  let link = questionLink(ctx, map.question ?? '', title);
  if (map.answer) link += `/${show(map.answer)}`;
  if (map.comment) link += `?commentId=${encodeURIComponent(map.comment)}`;
  return link;
}

/** The POST endpoint a mail client calls for a one-click unsubscribe. */
export const ONE_CLICK_PATH = '/answer/api/v1/user/notification/unsubscribe/one-click';

/**
 * Renders and queues one notification mail in the caller's transaction, with an unsubscribe code of its
 * kind: a link in the body (the unsubscribe page) and the List-Unsubscribe headers (one-click POST).
 */
export async function queueNotifyMail(
  trx: Transaction<DB>,
  job: { ctx: SiteContext; seal: OutboxSeal; now: number },
  member: Member,
  kind: MailKind,
  content: Omit<NotifyContent, 'unsubscribe' | 'username'>,
): Promise<void> {
  const { ctx, seal, now } = job;
  const code = await createUnsubscribeCode(trx, member.id, now, kind);
  const base = ctx.site.url.replace(/\/+$/, '');
  const oneClick = `${base}${ONE_CLICK_PATH}?code=${encodeURIComponent(code)}`;
  const rendered = renderNotifyMail(
    {
      ...content,
      username: member.username,
      unsubscribe: { kind, link: accountLink(ctx.site.url, 'unsubscribe', code) },
    },
    ctx.site,
    memberLanguage(member, ctx),
  );
  await insertMail(
    trx,
    {
      to: member.e_mail.replace(/[\r\n]/g, '').trim(),
      template: `notify_${content.template}`,
      ...rendered,
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
    now,
    (body, id) => seal.seal(body, id),
  );
}
