import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../db/dialect';
import { refillSqliteSearch, SQLITE_SEARCH_TRIGGER_PREFIX } from '../db/migrations/20261124090000_search_tags';
import { readSiteInfo, writeSiteInfo } from '../modules/site-info/store';
import { formatObjectId, OBJECT_TYPES, type ObjectType } from '../db/ids';
import type { DB } from '../db/schema';
import { emailKey, usernameKey } from '../modules/accounts/normalize';
import { hashPassword } from '../modules/accounts/password';
import { EDIT_SUMMARIES, SUGGESTED_EDIT_SUMMARIES } from './corpus';
import { DemoSetupError, readEnvironment, type ConfigKey, type DemoEnvironment } from './environment';
import { escapeHtml } from './markdown';
import { buildPlan, DAY, A, C, Q, type DemoRole, type Plan, type PlanQuestion } from './plan';
import { hashSeed, Random } from './prng';
import { answerText, commentText, questionText, tagText, TOPIC_SUPPORT } from './text';

/** The password of every account the demo creates (printed by `agora demo`, documented in the README). */
export const DEMO_PASSWORD = 'agora-demo-2026';

export interface DemoOptions {
  /** Accounts to add (admin excluded): moderators, members, one suspended, one inactive. At least 5. */
  users?: number;
  /** Questions to add. Default 150. */
  questions?: number;
  /** Same seed, same site. Default "agora". */
  seed?: string | number;
  /** Add content to a site that already has questions. */
  force?: boolean;
  /** The present (Unix ms) the timeline ends at; default now. */
  now?: number;
  /** Length of the timeline in months (30 days). Default 6. */
  months?: number;
  /** Password of the new accounts (default DEMO_PASSWORD). */
  password?: string;
  /** A ready argon2id hash of that password (skips hashing; tests and benchmarks). */
  passwordHash?: string;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface DemoAccount {
  id: number;
  username: string;
  displayName: string;
  email: string;
  role: DemoRole;
  rank: number;
}

export interface DemoCounts {
  users: number;
  tags: number;
  questions: number;
  answers: number;
  comments: number;
  votes: number;
  accepted: number;
  bookmarks: number;
  follows: number;
  notifications: number;
  reports: number;
  activities: number;
}

export interface DemoResult {
  seed: string;
  password: string;
  /** The accounts the demo created, plus the existing staff that took part (password unchanged). */
  accounts: DemoAccount[];
  counts: DemoCounts;
  durationMs: number;
}

/** The site already has questions and `force` was not given. */
export class DemoRefusedError extends Error {
  override readonly name = 'DemoRefusedError';
}

export { DemoSetupError };

export const DEMO_DEFAULTS = { questions: 150, seed: 'agora', months: 6 } as const;

/** Default number of accounts for a number of questions: about one per four questions, 30 to 5,000. */
export function defaultUserCount(questions: number): number {
  return Math.max(30, Math.min(5000, Math.round(questions / 4)));
}

type Db = Kysely<DB> | Transaction<DB>;

// Rows of any table go through one batching helper.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Bound parameters per statement: under SQLite's 32,766 and PostgreSQL's/MySQL's 65,535. */
const MAX_PARAMS = 30_000;

async function insertAll<T extends keyof DB>(trx: Db, table: T, rows: Insertable<DB[T]>[], maxRows = 500) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const size = Math.max(1, Math.min(maxRows, Math.floor(MAX_PARAMS / columns)));
  for (let i = 0; i < rows.length; i += size) {
    await (trx as unknown as AnyDb)
      .insertInto(table)
      .values(rows.slice(i, i + size))
      .execute();
  }
}

/** Raises a counter by `count` and returns the first of the ids it covers (the row stays locked until commit). */
async function reserve(trx: Db, name: string, count: number): Promise<number> {
  const any = trx as unknown as AnyDb;
  const updated = await any
    .updateTable('id_sequence')
    .set((eb) => ({ value: eb('value', '+', count) }))
    .where('name', '=', name)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1)
    throw new DemoSetupError(`The id sequence "${name}" does not exist: run "agora upgrade".`);
  const row = await any.selectFrom('id_sequence').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Number(row.value) - count + 1;
}

/** Plain ids of one counter, reserved in blocks; finish() gives back what was not used. */
class Sequence {
  #next = 1;
  #end = 0;
  readonly name: string;

  constructor(name: string) {
    this.name = name;
  }

  async ensure(trx: Db, needed: number): Promise<void> {
    const left = this.#end - this.#next + 1;
    if (left >= needed) return;
    const count = Math.max(needed - left, 5_000);
    const first = await reserve(trx, this.name, count);
    if (left > 0 && first !== this.#end + 1) throw new Error(`id_sequence ${this.name} moved during the demo`);
    if (left <= 0) this.#next = first;
    this.#end = first + count - 1;
  }

  take(): number {
    if (this.#next > this.#end) throw new Error(`Out of reserved ${this.name} ids`);
    return this.#next++;
  }

  /** Sets the counter back to the last id handed out (we hold its row lock, so nobody else took any). */
  async finish(trx: Db): Promise<void> {
    if (this.#next > this.#end) return;
    await (trx as unknown as AnyDb)
      .updateTable('id_sequence')
      .set({ value: this.#next - 1 })
      .where('name', '=', this.name)
      .where('value', '=', this.#end)
      .execute();
  }
}

/**
 * Fills an installed site with sample content (see db/README.md "Sample content"): plans it with a
 * seeded generator, then writes it in one transaction. Throws DemoRefusedError when the site has
 * questions and `force` is not set, DemoSetupError when the site is not installed or migrated.
 */
export async function seedDemo(db: Kysely<DB>, options: DemoOptions = {}): Promise<DemoResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const questions = options.questions ?? DEMO_DEFAULTS.questions;
  const users = options.users ?? defaultUserCount(questions);
  if (!Number.isInteger(users) || users < 5) throw new RangeError('users must be an integer of at least 5');
  if (!Number.isInteger(questions) || questions < 1) throw new RangeError('questions must be a positive integer');
  const seed = String(options.seed ?? DEMO_DEFAULTS.seed);
  const now = Math.floor(options.now ?? Date.now());
  const password = options.password ?? DEMO_PASSWORD;

  const env = await readEnvironment(db);
  if (env.hasQuestions && !options.force) {
    throw new DemoRefusedError(
      'The site already has questions; the demo only fills an empty site (use --force to add to it).',
    );
  }
  const plan = buildPlan(env, { seed, users, questions, now, months: options.months ?? DEMO_DEFAULTS.months });
  log(
    `Planned ${plan.users.filter((u) => !u.existing).length} users, ${plan.questions.length} questions, ` +
      `${plan.answers.length} answers, ${plan.comments.length} comments, ${plan.votes.filter((v) => v.voter >= 0).length} votes`,
  );
  const pass = options.passwordHash ?? (await hashPassword(password));

  // SQLite: a bigger page cache while the indexes of a big site are built (restored afterwards).
  const sqlite = dialectOf(db as unknown as Kysely<unknown>) === 'sqlite3';
  const cacheBefore = sqlite
    ? (await sql<{ cache_size: number }>`pragma cache_size`.execute(db)).rows[0]?.cache_size
    : undefined;
  if (sqlite) await sql`pragma cache_size = -262144`.execute(db);
  const counts = await db
    .transaction()
    .execute(async (trx) => {
      // Checked again inside the transaction: another demo may have finished meanwhile.
      if (!options.force && (await trx.selectFrom('question').select('id').limit(1).executeTakeFirst())) {
        throw new DemoRefusedError(
          'The site already has questions; the demo only fills an empty site (use --force to add to it).',
        );
      }
      const writer = new Writer(trx, plan, env, pass, log);
      const written = await (sqlite
        ? withoutSqliteIndexes(trx, BULK_TABLES, () => writer.write(), log)
        : writer.write());
      await nameMarkedTags(trx, plan, env);
      return written;
    })
    .finally(async () => {
      if (sqlite && cacheBefore !== undefined) await sql.raw(`pragma cache_size = ${Number(cacheBefore)}`).execute(db);
    });

  const accounts: DemoAccount[] = plan.users
    .filter((u) => !u.existing || u.roleId !== 1)
    .map((u) => ({
      id: u.id,
      username: u.username,
      displayName: u.display,
      email: u.email,
      role: u.kind,
      rank: u.rank,
    }));
  return { seed, password, accounts, counts, durationMs: Math.round(performance.now() - started) };
}

/** Tables the demo fills in bulk. */
const BULK_TABLES = ['question', 'answer', 'comment', 'tag_rel', 'activity', 'revision', 'notification', 'collection'];

/**
 * SQLite builds an index from sorted rows far faster than it grows one by random inserts: the
 * secondary indexes of the bulk tables are dropped for the load and created again from their own
 * stored definitions, inside the same transaction (SQLite's DDL is transactional, so a failure
 * leaves them as they were; a duplicate in a unique index fails the whole demo). The full-text
 * search triggers look rows up by those indexes (a post's tag links, a question's answers): they are
 * dropped too, put back from their stored SQL, and the search index filled again in one pass.
 */
async function withoutSqliteIndexes<T>(trx: Db, tables: string[], load: () => Promise<T>, log: (line: string) => void) {
  const { rows } = await sql<{ name: string; sql: string | null }>`
    select name, sql from sqlite_master
    where type = 'index' and sql is not null and tbl_name in (${sql.join(tables)})`.execute(trx);
  const { rows: triggers } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master
    where type = 'trigger' and name like ${`${SQLITE_SEARCH_TRIGGER_PREFIX}%`}`.execute(trx);
  for (const index of rows) await sql`drop index ${sql.ref(index.name)}`.execute(trx);
  for (const trigger of triggers) await sql`drop trigger ${sql.ref(trigger.name)}`.execute(trx);
  const result = await load();
  let started = performance.now();
  for (const index of rows) await sql.raw(index.sql!).execute(trx);
  log(`indexes: ${Math.round(performance.now() - started)} ms`);
  if (triggers.length > 0) {
    started = performance.now();
    for (const trigger of triggers) await sql.raw(trigger.sql).execute(trx);
    await refillSqliteSearch(trx);
    log(`search index: ${Math.round(performance.now() - started)} ms`);
  }
  return result;
}

interface NotificationDraft {
  user: number;
  objectId: string;
  type: 1 | 2;
  msgType: 1 | 2 | 3;
  action: string;
  trigger: number | null;
  rank: number;
  objectType: 'question' | 'answer' | 'comment';
  title: string;
  map: Record<string, string>;
  created: number;
  updated: number;
}

const CHUNK = 500;

/** Writes a plan: every table in foreign-key order, in batches, counters as planned. */
class Writer {
  readonly #trx: Db;
  readonly #plan: Plan;
  readonly #env: DemoEnvironment;
  readonly #pass: string;
  readonly #log: (line: string) => void;
  readonly #seq = {
    activity: new Sequence('activity'),
    revision: new Sequence('revision'),
    tag_rel: new Sequence('tag_rel'),
    meta: new Sequence('meta'),
    question_link: new Sequence('question_link'),
    collection_group: new Sequence('collection_group'),
    notification: new Sequence('notification'),
    user_notification_config: new Sequence('user_notification_config'),
  };
  /** Object id counters by plan index. */
  #tagIds: string[] = [];
  #questionIds: string[] = [];
  #answerIds: string[] = [];
  #commentIds: string[] = [];
  #collectionBase = 0;
  #reportBase = 0;
  /** Question titles by index (links, notifications). */
  #titles: string[] = [];
  #activities = 0;
  #notifications: NotificationDraft[] = [];
  #notificationCount = 0;

  constructor(trx: Db, plan: Plan, env: DemoEnvironment, pass: string, log: (line: string) => void) {
    this.#trx = trx;
    this.#plan = plan;
    this.#env = env;
    this.#pass = pass;
    this.#log = log;
  }

  #type(key: ConfigKey): number {
    return this.#env.config[key].id;
  }

  #userId(u: number): number {
    return this.#plan.users[u]!.id;
  }

  #questionPath(q: number): string {
    return `/questions/${this.#questionIds[q]}`;
  }

  #siteLink(q: number): string {
    return `${this.#env.siteUrl.replace(/\/+$/, '')}${this.#questionPath(q)}`;
  }

  async write(): Promise<DemoCounts> {
    const timed = async <T>(what: string, step: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await step();
      this.#log(`${what}: ${Math.round(performance.now() - started)} ms`);
      return result;
    };
    await timed('ids', () => this.#allocateObjects());
    await timed('users', () => this.#writeUsers());
    await timed('tags', () => this.#writeTags());
    await timed('questions', () => this.#writeQuestions());
    await timed('answers', () => this.#writeAnswers());
    await timed('comments', () => this.#writeComments());
    await timed('votes, accepts, activations', () => this.#writeRankEvents());
    const follows = await timed('follows', () => this.#writeFollows());
    const bookmarks = await timed('bookmarks', () => this.#writeBookmarks());
    const reports = await timed('reports', () => this.#writeReports());
    await timed('notifications', () => this.#flushNotifications());
    const notifications = this.#notificationCount;
    await timed('notification settings', () => this.#writeNotificationConfigs());
    await timed('existing users and tags', () => this.#updateExisting());
    for (const seq of Object.values(this.#seq)) await seq.finish(this.#trx);
    const plan = this.#plan;
    return {
      users: plan.users.filter((u) => !u.existing).length,
      tags: plan.tags.filter((t) => !t.existing).length,
      questions: plan.questions.length,
      answers: plan.answers.length,
      comments: plan.comments.length,
      votes: plan.votes.filter((v) => v.voter >= 0).length,
      accepted: plan.questions.filter((q) => q.accepted !== null).length,
      bookmarks,
      follows,
      notifications,
      reports,
      activities: this.#activities,
    };
  }

  /** One block of the global object counter, handed out by plan index (answers and comments in time order). */
  async #allocateObjects(): Promise<void> {
    const plan = this.#plan;
    const newTags = plan.tags.filter((t) => !t.existing).length;
    const bookmarks = plan.questions.reduce((n, q) => n + q.bookmarks.length, 0);
    const total =
      newTags + plan.questions.length + plan.answers.length + plan.comments.length + bookmarks + plan.reports.length;
    let counter = await reserve(this.#trx, 'uniqid', total);
    const uniqid: Array<{ id: number; uniqid_type: number }> = [];
    const take = (type: ObjectType) => {
      uniqid.push({ id: counter, uniqid_type: OBJECT_TYPES[type] });
      return formatObjectId(type, counter++);
    };
    this.#tagIds = plan.tags.map((t) => t.id ?? take('tag'));
    this.#questionIds = plan.questions.map(() => take('question'));
    const byTime = (items: Array<{ created: number }>) =>
      items.map((_, i) => i).sort((a, b) => items[a]!.created - items[b]!.created || a - b);
    this.#answerIds = new Array<string>(plan.answers.length);
    for (const a of byTime(plan.answers)) this.#answerIds[a] = take('answer');
    this.#commentIds = new Array<string>(plan.comments.length);
    for (const c of byTime(plan.comments)) this.#commentIds[c] = take('comment');
    this.#collectionBase = counter;
    for (let i = 0; i < bookmarks; i++) take('collection');
    this.#reportBase = counter;
    for (let i = 0; i < plan.reports.length; i++) take('report');
    await insertAll(this.#trx, 'uniqid', uniqid, 2_000);
  }

  async #writeUsers(): Promise<void> {
    const fresh = this.#plan.users.filter((u) => !u.existing);
    if (fresh.length === 0) return;
    const first = await reserve(this.#trx, 'user', fresh.length);
    fresh.forEach((u, i) => (u.id = first + i));
    const rows = fresh.map((u) => {
      const bio = u.bio ? `<p>${escapeHtml(u.bio)}</p>` : '';
      return {
        id: u.id,
        username: u.username,
        username_key: usernameKey(u.username),
        e_mail: u.email,
        e_mail_key: emailKey(u.email),
        pass: this.#pass,
        mail_status: u.mailStatus,
        notice_status: 1,
        follow_count: 0,
        answer_count: u.answers,
        question_count: u.questions,
        rank: u.rank,
        authority_group: 1,
        display_name: u.display,
        avatar: '',
        mobile: '',
        bio: u.bio,
        bio_html: bio,
        website: u.website,
        location: u.location,
        ip_info: '',
        language: 'Default',
        color_scheme: 'default',
        role_id: u.roleId,
        status: u.status,
        suspended_at: u.suspendedAt,
        suspended_until: u.suspendedUntil,
        deleted_at: null,
        last_login_date: u.lastLogin,
        created_at: u.created,
        updated_at: u.created,
      };
    });
    await insertAll(this.#trx, 'user', rows);
  }

  /** Who creates tags: the admin, else the first moderator. */
  #tagCreator(): number {
    const users = this.#plan.users;
    const admin = users.find((u) => u.roleId === 2 && u.participates);
    return (admin ?? users.find((u) => u.roleId === 3) ?? users[0]!).id;
  }

  async #writeTags(): Promise<void> {
    const plan = this.#plan;
    const creator = this.#tagCreator();
    const fresh = plan.tags.map((t, i) => ({ t, i })).filter(({ t }) => !t.existing);
    if (fresh.length === 0) return;
    await this.#seq.revision.ensure(this.#trx, fresh.length);
    await this.#seq.activity.ensure(this.#trx, fresh.length);
    const revisions: Insertable<DB['revision']>[] = [];
    const tags: Insertable<DB['tag']>[] = [];
    const activities: Insertable<DB['activity']>[] = [];
    for (const { t, i } of fresh) {
      const text = tagText(t.description);
      const revision = this.#seq.revision.take();
      const main = t.mainIndex === null ? null : plan.tags[t.mainIndex]!;
      revisions.push({
        id: revision,
        user_id: creator,
        object_type: OBJECT_TYPES.tag,
        object_id: this.#tagIds[i]!,
        title: t.display,
        content: JSON.stringify({ slug_name: t.slug, display_name: t.display, original_text: text.markdown }),
        log: '',
        status: 0,
        review_user_id: null,
        created_at: t.created,
        updated_at: t.created,
      });
      tags.push({
        id: this.#tagIds[i]!,
        main_tag_id: t.mainIndex === null ? null : this.#tagIds[t.mainIndex]!,
        main_tag_slug_name: main?.slug ?? '',
        slug_name: t.slug,
        display_name: t.display,
        original_text: text.markdown,
        parsed_text: text.html,
        follow_count: t.followCount,
        question_count: t.questionCount,
        status: 1,
        recommend: t.recommend,
        reserved: t.reserved,
        revision_id: revision,
        user_id: creator,
        created_at: t.created,
        updated_at: t.created,
      });
      activities.push(
        this.#activity(creator, this.#tagIds[i]!, this.#tagIds[i]!, 'tag.created', t.created, { revision }),
      );
    }
    await insertAll(this.#trx, 'revision', revisions);
    await insertAll(this.#trx, 'tag', tags);
    await insertAll(this.#trx, 'activity', activities);
  }

  #activity(
    user: number,
    objectId: string,
    originalObjectId: string,
    key: ConfigKey,
    time: number,
    extra: { trigger?: number; rank?: number; revision?: number } = {},
  ): Insertable<DB['activity']> {
    this.#activities++;
    const rank = extra.rank ?? 0;
    return {
      id: this.#seq.activity.take(),
      user_id: user,
      trigger_user_id: extra.trigger ?? 0,
      object_id: objectId,
      original_object_id: originalObjectId,
      activity_type: this.#type(key),
      cancelled: 0,
      cancelled_at: null,
      rank,
      has_rank: rank !== 0 ? 1 : 0,
      revision_id: extra.revision ?? null,
      created_at: time,
      updated_at: time,
    };
  }

  #tagSnapshot(q: PlanQuestion) {
    return q.tags.map((t) => {
      const tag = this.#plan.tags[t]!;
      return {
        slug_name: tag.slug,
        display_name: tag.display,
        main_tag_slug_name: '',
        recommend: tag.recommend === 1,
        reserved: tag.reserved === 1,
      };
    });
  }

  async #writeQuestions(): Promise<void> {
    const plan = this.#plan;
    const random = new Random(hashSeed(`${plan.seed}:edits`));
    for (let from = 0; from < plan.questions.length; from += CHUNK) {
      const chunk = plan.questions.slice(from, from + CHUNK);
      await this.#seq.revision.ensure(this.#trx, chunk.length * 3);
      await this.#seq.activity.ensure(this.#trx, chunk.length * 4);
      await this.#seq.tag_rel.ensure(this.#trx, chunk.length * 5);
      await this.#seq.meta.ensure(this.#trx, chunk.length);
      await this.#seq.question_link.ensure(this.#trx, chunk.length);
      const revisions: Insertable<DB['revision']>[] = [];
      const questions: Insertable<DB['question']>[] = [];
      const tagRels: Insertable<DB['tag_rel']>[] = [];
      const activities: Insertable<DB['activity']>[] = [];
      const metas: Insertable<DB['meta']>[] = [];
      const links: Insertable<DB['question_link']>[] = [];
      chunk.forEach((q, k) => {
        const i = from + k;
        const id = this.#questionIds[i]!;
        const author = this.#userId(q.author);
        const text = questionText({
          seed: plan.seed,
          index: i,
          topic: q.topic,
          variant: q.variant,
          siteName: plan.siteName,
          edited: q.editor !== null,
          ...(q.linkTo !== null
            ? { link: { title: this.#titles[q.linkTo]!, path: this.#questionPath(q.linkTo) } }
            : {}),
        });
        this.#titles[i] = text.title;
        const tags = this.#tagSnapshot(q);
        const snapshot = (body: string) => JSON.stringify({ title: text.title, original_text: body, tags });
        const created = this.#seq.revision.take();
        revisions.push({
          id: created,
          user_id: author,
          object_type: OBJECT_TYPES.question,
          object_id: id,
          title: text.title,
          content: snapshot((text.before ?? text).markdown),
          log: '',
          status: 0,
          review_user_id: null,
          created_at: q.created,
          updated_at: q.created,
        });
        let current = created;
        if (q.editor !== null) {
          current = this.#seq.revision.take();
          revisions.push({
            id: current,
            user_id: this.#userId(q.editor),
            object_type: OBJECT_TYPES.question,
            object_id: id,
            title: text.title,
            content: snapshot(text.markdown),
            log: random.pick(EDIT_SUMMARIES),
            status: 2,
            review_user_id: null,
            created_at: q.editTime,
            updated_at: q.editTime,
          });
        }
        if (q.suggestedBy !== null) {
          revisions.push({
            id: this.#seq.revision.take(),
            user_id: this.#userId(q.suggestedBy),
            object_type: OBJECT_TYPES.question,
            object_id: id,
            title: text.title,
            content: snapshot(`${text.markdown}\n\nSee also [the documentation](https://example.org/docs).`),
            log: random.pick(SUGGESTED_EDIT_SUMMARIES),
            status: 1,
            review_user_id: null,
            created_at: q.suggestedTime,
            updated_at: q.suggestedTime,
          });
        }
        questions.push({
          id,
          user_id: author,
          invite_user_id: q.invited.length ? JSON.stringify(q.invited.map((u) => String(this.#userId(u)))) : null,
          last_edit_user_id: q.editor === null ? null : this.#userId(q.editor),
          title: text.title,
          original_text: text.markdown,
          parsed_text: text.html,
          pin: q.pin,
          show: q.show,
          status: q.status,
          view_count: q.views,
          unique_view_count: q.uniqueViews,
          vote_count: q.voteCount,
          answer_count: q.answers.filter((a) => plan.answers[a]!.status === 1).length,
          collection_count: q.bookmarks.length,
          follow_count: q.followers.length,
          hot_score: q.hotScore,
          accepted_answer_id: q.accepted === null ? null : this.#answerIds[q.accepted]!,
          last_answer_id: q.lastAnswer === null ? null : this.#answerIds[q.lastAnswer]!,
          post_update_time: q.postUpdate,
          revision_id: current,
          linked_count: q.linkedCount,
          created_at: q.created,
          updated_at: Math.max(q.created, q.editTime, q.closeTime),
        });
        const relStatus = q.status === 10 ? 10 : q.show === 2 ? 2 : 1;
        for (const t of q.tags) {
          tagRels.push({
            id: this.#seq.tag_rel.take(),
            object_id: id,
            tag_id: this.#tagIds[t]!,
            status: relStatus,
            created_at: q.created,
            updated_at: q.created,
          });
        }
        activities.push(this.#activity(author, id, id, 'question.asked', q.created, { revision: created }));
        if (q.editor !== null) {
          activities.push(
            this.#activity(this.#userId(q.editor), id, id, 'question.edited', q.editTime, { revision: current }),
          );
        }
        if (q.pin === 2) activities.push(this.#activity(author, id, id, 'question.pin', q.created + 60_000));
        if (q.closedBy !== null) {
          activities.push(this.#activity(this.#userId(q.closedBy), id, id, 'question.closed', q.closeTime));
          metas.push({
            id: this.#seq.meta.take(),
            object_id: id,
            key: 'question.close.reason',
            value: JSON.stringify({
              close_type: q.closeReason,
              close_msg: q.duplicateOf === null ? '' : this.#siteLink(q.duplicateOf),
            }),
            created_at: q.closeTime,
            updated_at: q.closeTime,
          });
        }
        if (q.hiddenBy !== null)
          activities.push(this.#activity(this.#userId(q.hiddenBy), id, id, 'question.hide', q.closeTime));
        if (q.status === 10) {
          activities.push(
            this.#activity(author, id, id, 'question.deleted', Math.min(plan.now - 60_000, q.created + DAY)),
          );
        }
        if (q.linkTo !== null) {
          links.push({
            id: this.#seq.question_link.take(),
            from_question_id: id,
            from_answer_id: null,
            to_question_id: this.#questionIds[q.linkTo]!,
            to_answer_id: null,
            status: 1,
            created_at: q.created,
            updated_at: q.created,
          });
        }
        if (q.invited.length && q.status === 1) {
          for (const u of q.invited) {
            this.#notify({
              user: u,
              objectId: id,
              type: 1,
              msgType: 3,
              action: 'invited_you_to_answer',
              trigger: q.author,
              rank: 0,
              objectType: 'question',
              title: text.title,
              map: { question: id },
              created: q.created,
              updated: q.created,
            });
          }
        }
      });
      await insertAll(this.#trx, 'revision', revisions, 200);
      await insertAll(this.#trx, 'question', questions, 200);
      await insertAll(this.#trx, 'tag_rel', tagRels);
      await insertAll(this.#trx, 'activity', activities);
      await insertAll(this.#trx, 'meta', metas);
      await insertAll(this.#trx, 'question_link', links);
      await this.#flushNotifications();
    }
  }

  async #writeAnswers(): Promise<void> {
    const plan = this.#plan;
    const random = new Random(hashSeed(`${plan.seed}:answer-edits`));
    const order = plan.answers
      .map((_, i) => i)
      .sort((a, b) => plan.answers[a]!.created - plan.answers[b]!.created || a - b);
    for (let from = 0; from < order.length; from += CHUNK) {
      const chunk = order.slice(from, from + CHUNK);
      await this.#seq.revision.ensure(this.#trx, chunk.length * 2);
      await this.#seq.activity.ensure(this.#trx, chunk.length * 2);
      await this.#seq.question_link.ensure(this.#trx, chunk.length);
      const revisions: Insertable<DB['revision']>[] = [];
      const answers: Insertable<DB['answer']>[] = [];
      const activities: Insertable<DB['activity']>[] = [];
      const links: Insertable<DB['question_link']>[] = [];
      for (const a of chunk) {
        const answer = plan.answers[a]!;
        const q = plan.questions[answer.question]!;
        const id = this.#answerIds[a]!;
        const qid = this.#questionIds[answer.question]!;
        const author = this.#userId(answer.author);
        const text = answerText({
          seed: plan.seed,
          index: a,
          topic: q.topic,
          variant: q.variant,
          position: q.answers.indexOf(a),
          edited: answer.edited,
          ...(answer.linkTo !== null && answer.status === 1
            ? { link: { title: this.#titles[answer.linkTo]!, path: this.#questionPath(answer.linkTo) } }
            : {}),
        });
        const first = this.#seq.revision.take();
        const snapshot = (body: string) => JSON.stringify({ question_id: qid, original_text: body });
        revisions.push({
          id: first,
          user_id: author,
          object_type: OBJECT_TYPES.answer,
          object_id: id,
          title: this.#titles[answer.question]!,
          content: snapshot((text.before ?? text).markdown),
          log: '',
          status: 0,
          review_user_id: null,
          created_at: answer.created,
          updated_at: answer.created,
        });
        let current = first;
        if (answer.edited) {
          current = this.#seq.revision.take();
          revisions.push({
            id: current,
            user_id: author,
            object_type: OBJECT_TYPES.answer,
            object_id: id,
            title: this.#titles[answer.question]!,
            content: snapshot(text.markdown),
            log: random.pick(EDIT_SUMMARIES),
            status: 2,
            review_user_id: null,
            created_at: answer.editTime,
            updated_at: answer.editTime,
          });
        }
        answers.push({
          id,
          question_id: qid,
          user_id: author,
          last_edit_user_id: answer.edited ? author : null,
          original_text: text.markdown,
          parsed_text: text.html,
          status: answer.status,
          adopted: answer.adopted,
          comment_count: answer.commentCount,
          vote_count: answer.voteCount,
          revision_id: current,
          created_at: answer.created,
          updated_at: answer.edited ? answer.editTime : answer.created,
        });
        activities.push(this.#activity(author, id, id, 'answer.answered', answer.created, { revision: first }));
        if (answer.edited)
          activities.push(this.#activity(author, id, id, 'answer.edited', answer.editTime, { revision: current }));
        if (answer.linkTo !== null && answer.status === 1) {
          links.push({
            id: this.#seq.question_link.take(),
            from_question_id: qid,
            from_answer_id: id,
            to_question_id: this.#questionIds[answer.linkTo]!,
            to_answer_id: null,
            status: 1,
            created_at: answer.created,
            updated_at: answer.created,
          });
        }
        if (answer.status === 1 && answer.author !== q.author) {
          this.#notify({
            user: q.author,
            objectId: id,
            type: 1,
            msgType: 1,
            action: 'answer_the_question',
            trigger: answer.author,
            rank: 0,
            objectType: 'answer',
            title: this.#titles[answer.question]!,
            map: { question: qid, answer: id },
            created: answer.created,
            updated: answer.created,
          });
        }
      }
      await insertAll(this.#trx, 'revision', revisions, 200);
      await insertAll(this.#trx, 'answer', answers, 200);
      await insertAll(this.#trx, 'activity', activities);
      await insertAll(this.#trx, 'question_link', links);
      await this.#flushNotifications();
    }
  }

  async #writeComments(): Promise<void> {
    const plan = this.#plan;
    const order = plan.comments
      .map((_, i) => i)
      .sort((a, b) => plan.comments[a]!.created - plan.comments[b]!.created || a - b);
    for (let from = 0; from < order.length; from += CHUNK) {
      const chunk = order.slice(from, from + CHUNK);
      await this.#seq.activity.ensure(this.#trx, chunk.length);
      const comments: Insertable<DB['comment']>[] = [];
      const activities: Insertable<DB['activity']>[] = [];
      for (const c of chunk) {
        const comment = plan.comments[c]!;
        const q = plan.questions[comment.question]!;
        const id = this.#commentIds[c]!;
        const qid = this.#questionIds[comment.question]!;
        const objectId = comment.onAnswer ? this.#answerIds[comment.object]! : qid;
        const objectAuthor = comment.onAnswer ? plan.answers[comment.object]!.author : q.author;
        const mentioned = comment.mention === null ? undefined : plan.users[comment.mention]!;
        const text = commentText({
          seed: plan.seed,
          index: c,
          topic: q.topic === TOPIC_SUPPORT ? -1 : q.topic,
          onAnswer: comment.onAnswer,
          reply: comment.replyTo !== null,
          ...(mentioned ? { mention: { display: mentioned.display, username: mentioned.username } } : {}),
        });
        const replied = comment.replyTo === null ? null : plan.comments[comment.replyTo]!;
        comments.push({
          id,
          user_id: this.#userId(comment.author),
          reply_user_id: replied ? this.#userId(replied.author) : null,
          reply_comment_id: comment.replyTo === null ? null : this.#commentIds[comment.replyTo]!,
          object_id: objectId,
          question_id: qid,
          vote_count: comment.voteCount,
          status: comment.status,
          original_text: text.markdown,
          parsed_text: text.html,
          created_at: comment.created,
          updated_at: comment.created,
        });
        activities.push(
          this.#activity(
            this.#userId(comment.author),
            id,
            objectId,
            comment.onAnswer ? 'answer.commented' : 'question.commented',
            comment.created,
          ),
        );
        if (comment.status !== 1) continue;
        // One notification per comment: a reply beats a mention beats the post's author.
        const [receiver, action] =
          replied !== null
            ? [replied.author, 'reply_to_you']
            : comment.mention !== null
              ? [comment.mention, 'mention_you']
              : [objectAuthor, comment.onAnswer ? 'comment_answer' : 'comment_question'];
        if (receiver !== comment.author) {
          this.#notify({
            user: receiver,
            objectId: id,
            type: 1,
            msgType: 1,
            action,
            trigger: comment.author,
            rank: 0,
            objectType: 'comment',
            title: this.#titles[comment.question]!,
            map: comment.onAnswer ? { question: qid, answer: objectId, comment: id } : { question: qid, comment: id },
            created: comment.created,
            updated: comment.created,
          });
        }
      }
      await insertAll(this.#trx, 'comment', comments, 300);
      await insertAll(this.#trx, 'activity', activities);
      await this.#flushNotifications();
    }
  }

  /** Activations, votes and accepts in time order, so activity ids follow the order they happened in. */
  async #writeRankEvents(): Promise<void> {
    const plan = this.#plan;
    const achievements = new Map<string, NotificationDraft>();
    const achieve = (
      user: number,
      objectId: string,
      objectType: 'question' | 'answer',
      question: number,
      rank: number,
      time: number,
    ) => {
      if (rank === 0) return;
      const key = `${user}:${objectId}`;
      const found = achievements.get(key);
      if (found) {
        found.rank += rank;
        found.updated = time;
        return;
      }
      const qid = this.#questionIds[question]!;
      achievements.set(key, {
        user,
        objectId,
        type: 2,
        msgType: 1,
        action: '',
        trigger: null,
        rank,
        objectType,
        title: this.#titles[question]!,
        map: objectType === 'answer' ? { question: qid, answer: objectId } : { question: qid },
        created: time,
        updated: time,
      });
    };
    for (let from = 0; from < plan.events.length; from += CHUNK) {
      const chunk = plan.events.slice(from, from + CHUNK);
      await this.#seq.activity.ensure(this.#trx, chunk.length * 2);
      const activities: Insertable<DB['activity']>[] = [];
      for (const event of chunk) {
        if (event.type === 'activation') {
          const user = plan.users[event.user]!;
          const id = String(user.id);
          activities.push(this.#activity(user.id, id, id, 'user.activated', event.time, { rank: user.activation }));
          continue;
        }
        if (event.type === 'accept') {
          const q = plan.questions[event.question]!;
          const answer = plan.answers[q.accepted!]!;
          const aid = this.#answerIds[q.accepted!]!;
          const qid = this.#questionIds[event.question]!;
          activities.push(
            this.#activity(this.#userId(answer.author), aid, qid, 'answer.accepted', event.time, {
              trigger: this.#userId(q.author),
              rank: q.acceptRankAnswerer,
            }),
            this.#activity(this.#userId(q.author), aid, qid, 'answer.accept', event.time, { rank: q.acceptRankAsker }),
          );
          achieve(answer.author, aid, 'answer', event.question, q.acceptRankAnswerer, event.time);
          achieve(q.author, aid, 'answer', event.question, q.acceptRankAsker, event.time);
          if (answer.author !== q.author) {
            this.#notify({
              user: answer.author,
              objectId: aid,
              type: 1,
              msgType: 1,
              action: 'accept_answer',
              trigger: q.author,
              rank: 0,
              objectType: 'answer',
              title: this.#titles[event.question]!,
              map: { question: qid, answer: aid },
              created: event.time,
              updated: event.time,
            });
          }
          continue;
        }
        const v = plan.votes[event.vote]!;
        const voter = this.#userId(v.voter);
        if (v.kind === C) {
          const comment = plan.comments[v.target]!;
          const cid = this.#commentIds[v.target]!;
          activities.push(this.#activity(voter, cid, cid, 'comment.vote_up', v.time, { rank: v.voterRank }));
          const qid = this.#questionIds[comment.question]!;
          this.#notify({
            user: comment.author,
            objectId: cid,
            type: 1,
            msgType: 2,
            action: 'up_voted_comment',
            trigger: v.voter,
            rank: 0,
            objectType: 'comment',
            title: this.#titles[comment.question]!,
            map: comment.onAnswer
              ? { question: qid, answer: this.#answerIds[comment.object]!, comment: cid }
              : { question: qid, comment: cid },
            created: v.time,
            updated: v.time,
          });
          continue;
        }
        const onQuestion = v.kind === Q;
        const question = onQuestion ? v.target : plan.answers[v.target]!.question;
        const objectId = onQuestion ? this.#questionIds[v.target]! : this.#answerIds[v.target]!;
        const author = onQuestion ? plan.questions[v.target]!.author : plan.answers[v.target]!.author;
        const prefix = onQuestion ? 'question' : 'answer';
        const direction = v.up ? 'up' : 'down';
        activities.push(
          this.#activity(voter, objectId, objectId, `${prefix}.vote_${direction}` as ConfigKey, v.time, {
            rank: v.voterRank,
          }),
          this.#activity(
            this.#userId(author),
            objectId,
            objectId,
            `${prefix}.voted_${direction}` as ConfigKey,
            v.time,
            {
              trigger: voter,
              rank: v.authorRank,
            },
          ),
        );
        achieve(author, objectId, prefix, question, v.authorRank, v.time);
        const qid = this.#questionIds[question]!;
        this.#notify({
          user: author,
          objectId,
          type: 1,
          msgType: 2,
          action: `${direction}_voted_${prefix}`,
          trigger: v.voter,
          rank: 0,
          objectType: prefix,
          title: this.#titles[question]!,
          map: onQuestion ? { question: qid } : { question: qid, answer: objectId },
          created: v.time,
          updated: v.time,
        });
      }
      await insertAll(this.#trx, 'activity', activities);
      await this.#flushNotifications();
    }
    // Achievements are merged per receiver and object (docs/product-rules.md), so they are written last.
    for (const draft of achievements.values()) this.#notify(draft);
  }

  async #writeFollows(): Promise<number> {
    const plan = this.#plan;
    const rows: Insertable<DB['activity']>[] = [];
    const total = plan.questions.reduce((n, q) => n + q.followers.length, 0) + plan.tagFollows.length;
    await this.#seq.activity.ensure(this.#trx, total);
    plan.questions.forEach((q, i) => {
      const id = this.#questionIds[i]!;
      for (const [u, time] of q.followers) rows.push(this.#activity(this.#userId(u), id, id, 'question.follow', time));
    });
    for (const [u, t, time] of plan.tagFollows) {
      const id = this.#tagIds[t]!;
      rows.push(this.#activity(this.#userId(u), id, id, 'tag.follow', time));
    }
    await insertAll(this.#trx, 'activity', rows);
    return total;
  }

  async #writeBookmarks(): Promise<number> {
    const plan = this.#plan;
    const groups = new Map(this.#env.defaultGroups);
    const newGroups: Insertable<DB['collection_group']>[] = [];
    const rows: Insertable<DB['collection']>[] = [];
    const bookmarkers = new Set<number>();
    for (const q of plan.questions) for (const [u] of q.bookmarks) bookmarkers.add(u);
    await this.#seq.collection_group.ensure(this.#trx, bookmarkers.size);
    for (const u of [...bookmarkers].sort((a, b) => a - b)) {
      const userId = this.#userId(u);
      if (groups.has(userId)) continue;
      const id = this.#seq.collection_group.take();
      groups.set(userId, id);
      const time = Math.max(plan.users[u]!.created, plan.start);
      newGroups.push({ id, user_id: userId, name: 'default', default_group: 1, created_at: time, updated_at: time });
    }
    let counter = this.#collectionBase;
    plan.questions.forEach((q, i) => {
      for (const [u, time] of q.bookmarks) {
        const userId = this.#userId(u);
        rows.push({
          id: formatObjectId('collection', counter++),
          user_id: userId,
          object_id: this.#questionIds[i]!,
          user_collection_group_id: groups.get(userId)!,
          created_at: time,
          updated_at: time,
        });
      }
    });
    await insertAll(this.#trx, 'collection_group', newGroups);
    await insertAll(this.#trx, 'collection', rows);
    return rows.length;
  }

  async #writeReports(): Promise<number> {
    const plan = this.#plan;
    const rows: Insertable<DB['report']>[] = plan.reports.map((r, k) => {
      const objectId =
        r.kind === Q
          ? this.#questionIds[r.target]!
          : r.kind === A
            ? this.#answerIds[r.target]!
            : this.#commentIds[r.target]!;
      const author =
        r.kind === Q
          ? plan.questions[r.target]!.author
          : r.kind === A
            ? plan.answers[r.target]!.author
            : plan.comments[r.target]!.author;
      return {
        id: formatObjectId('report', this.#reportBase + k),
        user_id: this.#userId(r.reporter),
        object_id: objectId,
        reported_user_id: this.#userId(author),
        object_type: r.kind === Q ? OBJECT_TYPES.question : r.kind === A ? OBJECT_TYPES.answer : OBJECT_TYPES.comment,
        report_type: r.reason,
        content: r.duplicateOf === null ? r.content : this.#siteLink(r.duplicateOf),
        flagged_type: null,
        flagged_content: null,
        status: r.status,
        created_at: r.time,
        updated_at: r.time,
      };
    });
    await insertAll(this.#trx, 'report', rows);
    return rows.length;
  }

  #notify(draft: NotificationDraft): void {
    if (this.#plan.users[draft.user]!.participates) this.#notifications.push(draft);
  }

  /** Writes the notifications gathered so far (called after each chunk, so few are held in memory). */
  async #flushNotifications(): Promise<void> {
    const plan = this.#plan;
    const drafts = this.#notifications;
    this.#notifications = [];
    const recent = plan.now - 7 * DAY;
    this.#notificationCount += drafts.length;
    for (let from = 0; from < drafts.length; from += 2_000) {
      const chunk = drafts.slice(from, from + 2_000);
      await this.#seq.notification.ensure(this.#trx, chunk.length);
      const rows: Insertable<DB['notification']>[] = chunk.map((n) => ({
        id: this.#seq.notification.take(),
        user_id: this.#userId(n.user),
        object_id: n.objectId,
        content: JSON.stringify({
          trigger_user_id: n.trigger === null ? '' : String(this.#userId(n.trigger)),
          notification_action: n.action,
          rank: n.rank,
          object_info: { title: n.title, object_id: n.objectId, object_type: n.objectType, object_map: n.map },
        }),
        type: n.type,
        msg_type: n.msgType,
        is_read: n.updated < recent ? 2 : 1,
        status: 1,
        created_at: n.created,
        updated_at: n.updated,
      }));
      await insertAll(this.#trx, 'notification', rows);
    }
  }

  /** Answer's default at registration: inbox notifications by e-mail. */
  async #writeNotificationConfigs(): Promise<void> {
    const users = this.#plan.users.filter((u) => !this.#env.usersWithInboxConfig.has(u.id));
    await this.#seq.user_notification_config.ensure(this.#trx, users.length);
    const rows: Insertable<DB['user_notification_config']>[] = users.map((u) => ({
      id: this.#seq.user_notification_config.take(),
      user_id: u.id,
      source: 'inbox',
      channels: JSON.stringify([{ key: 'email', enable: true }]),
      enabled: 1,
      created_at: u.created,
      updated_at: u.created,
    }));
    await insertAll(this.#trx, 'user_notification_config', rows);
  }

  /** Existing accounts and tags: counters raised by what the demo added (never overwritten). */
  async #updateExisting(): Promise<void> {
    const plan = this.#plan;
    for (const u of plan.users) {
      if (!u.existing || !u.participates) continue;
      const rank = u.rank - u.baseRank;
      // Content is dated back to the start of the timeline: so is the account (the admin was created at install).
      await this.#trx
        .updateTable('user')
        .set((eb) => ({
          rank: eb('rank', '+', rank),
          question_count: eb('question_count', '+', u.questions),
          answer_count: eb('answer_count', '+', u.answers),
          created_at: u.created,
        }))
        .where('id', '=', u.id)
        .execute();
    }
    for (const [i, t] of plan.tags.entries()) {
      if (!t.existing || (t.questionCount === 0 && t.followCount === 0)) continue;
      await this.#trx
        .updateTable('tag')
        .set((eb) => ({
          question_count: eb('question_count', '+', t.questionCount),
          follow_count: eb('follow_count', '+', t.followCount),
        }))
        .where('id', '=', this.#tagIds[i]!)
        .execute();
    }
  }
}

/**
 * When the write settings named no recommended or reserved tags, the demo marked its defaults on the
 * tags; the settings then name them too, so siteinfo's site_tags and the tags agree.
 */
async function nameMarkedTags(trx: Transaction<DB>, plan: Plan, env: DemoEnvironment): Promise<void> {
  if (env.recommendTags !== null && env.reservedTags !== null) return;
  const stored = (await readSiteInfo<Record<string, unknown>>(trx, 'tags')) ?? {};
  const named = (flag: 'recommend' | 'reserved') =>
    plan.tags.filter((t) => t[flag] === 1).map((t) => ({ slug_name: t.slug, display_name: t.display }));
  await writeSiteInfo(trx, 'tags', {
    required_tag: stored.required_tag === true,
    ...stored,
    ...(env.recommendTags === null ? { recommend_tags: named('recommend') } : {}),
    ...(env.reservedTags === null ? { reserved_tags: named('reserved') } : {}),
  });
}
