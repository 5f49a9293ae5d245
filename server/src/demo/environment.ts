import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { readSiteInfo } from '../modules/site-info/store';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * What the demo reads from the installed site before it plans anything: the reputation values and
 * activity type ids, the privilege thresholds, the reasons, the write settings, and who and what
 * already exists. Nothing here is hard-coded: a site whose admin changed the values gets a demo
 * that follows them.
 */

/** Config keys the demo needs (the reputation rules and the activity types it records). */
export const CONFIG_KEYS = [
  'answer.accepted',
  'answer.voted_up',
  'question.voted_up',
  'answer.accept',
  'user.activated',
  'answer.vote_down',
  'question.voted_down',
  'answer.voted_down',
  'comment.vote_up',
  'question.vote_down',
  'question.vote_up',
  'answer.vote_up',
  'question.follow',
  'tag.follow',
  'daily_rank_limit',
  'daily_rank_limit.exclude',
  'question.asked',
  'question.closed',
  'question.commented',
  'question.edited',
  'question.deleted',
  'question.pin',
  'question.hide',
  'answer.answered',
  'answer.commented',
  'answer.edited',
  'tag.created',
  'rank.question.vote_up',
  'rank.question.vote_down',
  'rank.answer.vote_up',
  'rank.answer.vote_down',
  'rank.comment.vote_up',
  'rank.question.edit',
] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/** Reason keys used for flags and closing (config ids are stored in report_type / close_type). */
export const REASON_KEYS = [
  'reason.spam',
  'reason.rude_or_abusive',
  'reason.something',
  'reason.a_duplicate',
  'reason.not_a_answer',
  'reason.no_longer_needed',
  'reason.community_specific',
  'reason.not_clarity',
] as const;
export type ReasonKey = (typeof REASON_KEYS)[number];

export interface ConfigEntry {
  id: number;
  value: string;
}

export interface ExistingUser {
  id: number;
  username: string;
  username_key: string;
  e_mail: string;
  e_mail_key: string;
  display_name: string;
  role_id: number;
  status: number;
  mail_status: number;
  rank: number;
  created_at: number;
}

export interface ExistingTag {
  id: string;
  slug_name: string;
  main_tag_id: string | null;
  recommend: number;
  reserved: number;
  status: number;
}

export interface DemoEnvironment {
  config: Record<ConfigKey, ConfigEntry>;
  reasons: Partial<Record<ReasonKey, number>>;
  siteName: string;
  siteUrl: string;
  users: ExistingUser[];
  tags: ExistingTag[];
  /** Users that already have an `inbox` notification config row. */
  usersWithInboxConfig: Set<number>;
  /** Users that already have a default bookmark group: user id -> group id. */
  defaultGroups: Map<number, number>;
  /** From the write settings when they name tags; null: the demo picks its defaults. */
  recommendTags: string[] | null;
  reservedTags: string[] | null;
  requiredTag: boolean;
  hasQuestions: boolean;
}

export class DemoSetupError extends Error {
  override readonly name = 'DemoSetupError';
}

function slugList(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  return value
    .map((item) => (typeof item === 'string' ? item : (item as { slug_name?: unknown })?.slug_name))
    .filter((slug): slug is string => typeof slug === 'string' && slug !== '')
    .map((slug) => slug.toLowerCase());
}

const nonEmpty = (list: string[] | null): string[] | null => (list && list.length > 0 ? list : null);

export async function readEnvironment(db: Db): Promise<DemoEnvironment> {
  const rows = await db.selectFrom('config').select(['id', 'key', 'value']).execute();
  const byKey = new Map(rows.map((r) => [r.key, { id: Number(r.id), value: r.value }]));
  const missing = CONFIG_KEYS.filter((key) => !byKey.has(key));
  if (missing.length) {
    throw new DemoSetupError(`The site's config rows are incomplete (missing ${missing.join(', ')}): is it installed?`);
  }
  const config = Object.fromEntries(CONFIG_KEYS.map((key) => [key, byKey.get(key)!])) as Record<ConfigKey, ConfigEntry>;
  const reasons: Partial<Record<ReasonKey, number>> = {};
  for (const key of REASON_KEYS) {
    const entry = byKey.get(key);
    if (entry) reasons[key] = entry.id;
  }

  const general = await readSiteInfo<{ name?: string; site_url?: string }>(db, 'general');
  if (!general) throw new DemoSetupError('The site is not installed (no general settings).');

  // Answer keeps the write settings as `write` (older) or `questions`/`tags` (newer); the tags marked
  // recommended/reserved are named there. Whichever exists is honoured.
  let recommendTags: string[] | null = null;
  let reservedTags: string[] | null = null;
  let requiredTag = false;
  for (const type of ['write', 'tags', 'questions']) {
    const content = await readSiteInfo<Record<string, unknown>>(db, type);
    if (!content) continue;
    // An empty list names nothing (a fresh install stores empty lists): the demo's defaults apply.
    recommendTags ??= nonEmpty(slugList(content.recommend_tags));
    reservedTags ??= nonEmpty(slugList(content.reserved_tags));
    if (content.required_tag === true) requiredTag = true;
  }

  const users = await db
    .selectFrom('user')
    .select([
      'id',
      'username',
      'username_key',
      'e_mail',
      'e_mail_key',
      'display_name',
      'role_id',
      'status',
      'mail_status',
      'rank',
      'created_at',
    ])
    .orderBy('id')
    .execute();
  const tags = await db
    .selectFrom('tag')
    .select(['id', 'slug_name', 'main_tag_id', 'recommend', 'reserved', 'status'])
    .execute();
  const inbox = await db
    .selectFrom('user_notification_config')
    .select('user_id')
    .where('source', '=', 'inbox')
    .execute();
  const groups = await db
    .selectFrom('collection_group')
    .select(['id', 'user_id'])
    .where('default_group', '=', 1)
    .execute();
  const question = await db.selectFrom('question').select('id').limit(1).executeTakeFirst();

  return {
    config,
    reasons,
    siteName: general.name || 'Agora',
    siteUrl: general.site_url || '',
    users: users.map((u) => ({
      ...u,
      id: Number(u.id),
      role_id: Number(u.role_id),
      status: Number(u.status),
      mail_status: Number(u.mail_status),
      rank: Number(u.rank),
      created_at: Number(u.created_at),
    })),
    tags: tags.map((t) => ({
      ...t,
      recommend: Number(t.recommend),
      reserved: Number(t.reserved),
      status: Number(t.status),
    })),
    usersWithInboxConfig: new Set(inbox.map((r) => Number(r.user_id))),
    defaultGroups: new Map(groups.map((g) => [Number(g.user_id), Number(g.id)])),
    recommendTags,
    reservedTags,
    requiredTag,
    hasQuestions: question !== undefined,
  };
}
