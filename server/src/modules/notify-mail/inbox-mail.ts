import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { hasTranslation, translate, type Language } from '../../i18n';
import type { MailLogger } from '../mail/mailer';
import type { OutboxSeal } from '../../lib/sealed';
import { NOTIFICATION } from '../notification/inbox';
import { emailSwitches } from '../profile/mapping';
import type { SettingsStore } from '../settings/store';
import { memberLanguage, postLink, queueNotifyMail, reachable, siteContext, type SiteContext } from './context';
import type { NotifyTemplate } from './render';
import * as repo from './repository';
import { writeTransaction } from '../../db/transaction';

/** An inbox entry older than this when the dispatcher first sees it is not mailed (no backlog after an outage). */
export const INBOX_MAIL_MAX_AGE_MS = 24 * 3600_000;

export interface DispatchJob {
  db: Kysely<DB>;
  settings: SettingsStore;
  seal: OutboxSeal;
  now: number;
  log: MailLogger;
}

/** Inbox actions with a mail of their own; every other action is a moderation mail naming it. */
const TEMPLATE_OF: Record<string, NotifyTemplate> = {
  answer_the_question: 'answer',
  comment_question: 'comment',
  comment_answer: 'comment',
  reply_to_you: 'reply',
  mention_you: 'mention',
  invited_you_to_answer: 'invitation',
  accept_answer: 'accept',
  update_question: 'edit',
  update_answer: 'edit',
};

interface NoticeContent {
  trigger_user_id?: string;
  notification_action?: string;
  reason?: string;
  object_info?: { title?: string; object_map?: Record<string, string> };
}

function parseContent(raw: string): NoticeContent {
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as NoticeContent) : {};
  } catch {
    return {};
  }
}

/** Whether an inbox row is of a kind that is mailed: posts and invitations, not votes or achievements. */
function mailable(row: repo.NoticeRow, now: number): boolean {
  return (
    row.type === NOTIFICATION.type.inbox &&
    (row.msg_type === NOTIFICATION.msgType.posts || row.msg_type === NOTIFICATION.msgType.invites) &&
    row.status === NOTIFICATION.normal &&
    row.created_at >= now - INBOX_MAIL_MAX_AGE_MS
  );
}

/** The words of an action in a moderation mail, e.g. 'closed your question'. */
function actionWords(action: string, lang: Language): string {
  for (const key of [`mail_notify.action.${action}`, `notification.action.${action}`]) {
    if (hasTranslation(key)) return translate(key, lang);
  }
  return translate('mail_notify.action.other', lang);
}

function reasonWords(reason: string | undefined, lang: Language): string | undefined {
  if (!reason) return undefined;
  return hasTranslation(`${reason}.name`) ? translate(`${reason}.name`, lang) : reason;
}

/**
 * One pass of the inbox mail dispatcher: takes up to `batch` rows waiting for it and settles each one.
 * A row becomes one mail when it is a post or invitation entry, its member's address is confirmed and
 * their inbox e-mails are on; any other row is just marked done. Each mail is queued in the transaction
 * that moves its row from waiting to done (a compare-and-set), so a row is mailed once however many
 * dispatchers run. Returns how many rows it looked at.
 */
export async function dispatchInbox(job: DispatchJob, batch: number): Promise<number> {
  const { db, now } = job;
  const rows = await repo.pendingNotices(db, batch);
  if (rows.length === 0) return 0;
  await repo.settleNotice(
    db,
    rows.filter((r) => !mailable(r, now)).map((r) => r.id),
    'done',
  );
  const wanted = rows.filter((r) => mailable(r, now)).map((row) => ({ row, content: parseContent(row.content) }));
  if (wanted.length === 0) return rows.length;
  const userIds = wanted.flatMap(({ row, content }) => [row.user_id, Number(content.trigger_user_id ?? 0)]);
  const members = await repo.membersByIds(db, userIds);
  const switches = await repo.switchRows(
    db,
    wanted.map((w) => w.row.user_id),
  );
  const ctx = await siteContext(job.settings);
  for (const { row, content } of wanted) {
    const member = members.get(row.user_id);
    const on = emailSwitches(switches.filter((s) => Number(s.user_id) === row.user_id)).inbox;
    if (!reachable(member) || !on) {
      await repo.settleNotice(db, [row.id], 'done');
      continue;
    }
    try {
      const mail = await contentOf(job, ctx, member, row, content, members);
      await writeTransaction(db, async (trx) => {
        if ((await repo.settleNotice(trx, [row.id], 'done')) !== 1) return;
        await queueNotifyMail(trx, { ctx, seal: job.seal, now }, member, 'inbox', mail);
      });
    } catch (error) {
      await repo.settleNotice(db, [row.id], 'failed');
      job.log.error(`notification ${row.id}: no mail (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return rows.length;
}

async function contentOf(
  job: DispatchJob,
  ctx: SiteContext,
  member: repo.Member,
  row: repo.NoticeRow,
  content: NoticeContent,
  members: Map<number, repo.Member>,
) {
  const lang = memberLanguage(member, ctx);
  const action = content.notification_action ?? '';
  const map = content.object_info?.object_map ?? {};
  const title = content.object_info?.title ?? '';
  if (!map.question) throw new Error('the entry names no question');
  let template = TEMPLATE_OF[action] ?? 'moderation';
  // Answers reach the asker as 'answered your question' and other followers as a followed question's answer.
  if (template === 'answer' && (await repo.questionOwner(job.db, map.question)) !== row.user_id) {
    template = 'followed_answer';
  }
  const actor = members.get(Number(content.trigger_user_id ?? 0));
  return {
    template,
    params: {
      actor: actor ? actor.display_name || actor.username : ctx.site.name,
      title,
      action: actionWords(action, lang),
    },
    link: postLink(ctx, map, title),
    reason: reasonWords(content.reason, lang),
  };
}
