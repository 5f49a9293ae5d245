import { sql, type Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Removes the accounts that sign-ups naming an already registered address used to create. Such a
 * sign-up stored a user row with the typed address (so it showed up beside the real owner in the admin
 * list and kept the chosen username) under a unique address key of its own, `~signup-attempt:` and 32
 * hex digits. Sign-up no longer stores anything for them (modules/accounts/signup-attempt.ts).
 *
 * A row goes only when all of this holds, so no real account can match:
 * - its address key starts with the marker and has no `@` (every real key is an address, with an `@`;
 *   no other code path writes such a key, and changing the address replaces it);
 * - its address was never confirmed (mail_status 2): such an account could not log in by address and
 *   never got an activation link; one an administrator activated is kept;
 * - it is an ordinary member (role 1) and authored nothing: no question, answer, comment, revision or
 *   upload (an inactive account cannot post, so this only guards against the unexpected).
 * Its own rows go with it (sessions, tokens, notification settings and entries, badges, captcha counts,
 * staff actions naming it); replies that named it lose the name.
 *
 * `down` restores nothing: the rows were never real accounts.
 */
const MARKER = '~signup-attempt:';
const UNVERIFIED = 2;
const MEMBER = 1;
/** Ids per statement: every database takes this many parameters in an IN list. */
const CHUNK = 200;

/** The ids of the stored sign-up attempts that may go. */
export async function duplicateSignupIds(db: AnyDb): Promise<number[]> {
  const authored = (table: string) =>
    db.selectFrom(table).select(sql.lit(1).as('one')).whereRef(`${table}.user_id`, '=', 'u.id');
  const rows = await db
    .selectFrom('user as u')
    .select('u.id')
    .where('u.e_mail_key', 'like', `${MARKER}%`)
    .where('u.e_mail_key', 'not like', '%@%')
    .where('u.mail_status', '=', UNVERIFIED)
    .where('u.role_id', '=', MEMBER)
    .where(({ not, exists }) => not(exists(authored('question'))))
    .where(({ not, exists }) => not(exists(authored('answer'))))
    .where(({ not, exists }) => not(exists(authored('comment'))))
    .where(({ not, exists }) => not(exists(authored('revision'))))
    .where(({ not, exists }) => not(exists(authored('upload'))))
    .execute();
  return rows.map((r: { id: unknown }) => Number(r.id));
}

async function removeAccounts(db: AnyDb, ids: number[]): Promise<void> {
  const keys = ids.map(String);
  const units = ids.map((id) => `user:${id}`);
  await db.updateTable('comment').set({ reply_user_id: null }).where('reply_user_id', 'in', ids).execute();
  // What they did, what was done to them by staff (object_id names the account), and votes they triggered.
  await db
    .deleteFrom('activity')
    .where((eb) => eb.or([eb('user_id', 'in', ids), eb('trigger_user_id', 'in', ids), eb('object_id', 'in', keys)]))
    .execute();
  for (const table of [
    'session',
    'account_token',
    'user_notification_config',
    'notification',
    'notification_seen',
    'notify_question_mail',
    'notify_digest',
    'collection',
    'collection_group',
    'review',
    'post_deletion',
  ]) {
    await db.deleteFrom(table).where('user_id', 'in', ids).execute();
  }
  await db
    .deleteFrom('report')
    .where((eb) => eb.or([eb('user_id', 'in', ids), eb('reported_user_id', 'in', ids)]))
    .execute();
  await db.deleteFrom('captcha_action_record').where('unit', 'in', units).execute();
  await db.deleteFrom('captcha').where('unit', 'in', units).execute();
  const awards = await db.deleteFrom('badge_award').where('user_id', 'in', ids).executeTakeFirst();
  if (Number(awards.numDeletedRows) > 0) {
    await db
      .updateTable('badge')
      .set((eb) => ({
        award_count: eb
          .selectFrom('badge_award')
          .select((b) => b.fn.count('badge_award.user_id').distinct().as('n'))
          .whereRef('badge_award.badge_id', '=', 'badge.id'),
      }))
      .execute();
  }
  await db.deleteFrom('user').where('id', 'in', ids).execute();
}

export const duplicateSignups: Migration = {
  async up(db: AnyDb) {
    const ids = await duplicateSignupIds(db);
    for (let i = 0; i < ids.length; i += CHUNK) await removeAccounts(db, ids.slice(i, i + CHUNK));
  },
  async down() {
    // Nothing to restore.
  },
};
