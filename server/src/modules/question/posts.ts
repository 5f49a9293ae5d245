import type {
  PostTagInput,
  PostUserInfo,
  QuestionAddBody,
  QuestionEditBody,
  TagResp,
  PostVoteStatus,
  SiteQuestions,
  SiteTags,
} from '@agora/shared-api/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { newObjectId, nextId, objectTypeOf, OBJECT_TYPES } from '../../db/ids';
import { recordActivity } from '../reputation';
import type { DB, QuestionTable, UserTable } from '../../db/schema';
import { ApiFailure, type FieldFailure } from '../../lib/api-failure';
import { renderMarkdown, renderPostHtml } from '../../lib/markdown';
import { apiStatus, avatarUrl } from '../accounts/mapping';
import { linkPostUploads } from '../upload/links';
import { canSee, isStaffRole } from '../visibility/rule';
import { revisionTags } from './operations';
import { QUESTION_STATUS, SHOW } from './repository';
import { plainExcerpt, urlTitle } from './text';
import { seconds } from '../../lib/time';
import { defaultSiteSettings } from '../settings/defaults';
import type { SettingsStore } from '../settings/store';

/** Tag slugs: a-z, 0-9 and + # - . (SPEC §5), at most 35. */
const SLUG = /^[a-z0-9+#\-.]{1,35}$/;
const TAG_AVAILABLE = 1;

/** Who acts: the session's user and role. */
export interface Actor {
  userId: number;
  roleId: number;
}

/**
 * A privilege check of the acting request (requirePermission bound to it): resolves when the actor
 * holds the permission, throws the 403 otherwise.
 */
export type Permit = (action: string) => Promise<void>;

export type QuestionRow = Selectable<QuestionTable>;
type UserRow = Pick<
  Selectable<UserTable>,
  'id' | 'username' | 'rank' | 'display_name' | 'avatar' | 'website' | 'location' | 'language' | 'status'
> &
  Pick<Selectable<UserTable>, 'mail_status' | 'suspended_until'>;

/** Everything GET question/info shows besides the viewer's own state and actions. */
export interface QuestionView {
  row: QuestionRow;
  tags: TagResp[];
  users: Map<number, PostUserInfo>;
  lastAnswerUserId: number | null;
  closeMsg: string;
  /** A closed question's reason (its config key and stored name), when the stored close type names one. */
  closeReason: { key: string; name: string } | null;
}

/** Tags of a post: existing ids, or slugs to create (id set: a deleted tag to bring back). */
export interface TagPlan {
  entries: {
    id: string | null;
    slug?: string;
    displayName?: string;
    description?: string;
    /** An existing tag's (main tag's) flags; tags to create are neither. */
    recommend?: boolean;
    reserved?: boolean;
  }[];
  /** On an edit: the post's tags before it (keeping a reserved tag needs no permission). */
  current?: { id: string; reserved: boolean }[];
}

/** The write settings the post rules read (answer-api.md §2.16 siteinfo/question and siteinfo/tag). */
export interface WriteRules {
  question: SiteQuestions;
  tag: SiteTags;
}

/**
 * The body's length as the min_content rule counts it: characters (code points) of the trimmed
 * markdown. Answer counts bytes of the untrimmed text; characters treat every script alike.
 */
export function contentLength(content: string): number {
  return [...content.trim()].length;
}

/** The viewer's own relation to a question. */
export interface ViewerState {
  voteStatus: PostVoteStatus;
  collected: boolean;
  followed: boolean;
  firstAnswerId: string | null;
}

export function postUserInfo(user: UserRow): PostUserInfo {
  return {
    id: String(user.id),
    username: user.username,
    rank: user.rank,
    display_name: user.display_name,
    avatar: avatarUrl(user.avatar),
    website: user.website,
    location: user.location,
    language: user.language,
    status: apiStatus(user),
    suspended_until: seconds(user.suspended_until),
  };
}

/** The authors and editors of posts, by id, as the post shapes show them (one query). */
export async function loadPostUsers(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, PostUserInfo>> {
  if (ids.length === 0) return new Map();
  const users = await db
    .selectFrom('user')
    .select([
      'id',
      'username',
      'rank',
      'display_name',
      'avatar',
      'website',
      'location',
      'language',
      'status',
      'mail_status',
      'suspended_until',
    ])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(users.map((user) => [Number(user.id), postUserInfo(user)]));
}

/** A question id as requests carry it: the 17-digit form of a question, else null. */
export function questionIdOf(raw: string): string | null {
  const id = raw.trim();
  return objectTypeOf(id) === 'question' ? id : null;
}

export function isStaff(roleId: number | undefined): boolean {
  return isStaffRole(roleId);
}

/** Writes and reads of single questions (answer-api.md §2.3 POST question, GET question/info). */
export class QuestionPostService {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;
  readonly #settings: Pick<SettingsStore, 'get'> | undefined;
  readonly #configIds = new Map<string, number>();

  /** `settings`: the site's settings store (write rules); without one, the install defaults apply. */
  constructor(db: Kysely<DB>, options: { now?: () => number; settings?: Pick<SettingsStore, 'get'> } = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
    this.#settings = options.settings;
  }

  /** The write settings now in force (min_tags, min_content, restrict_answer, required_tag). */
  async writeRules(): Promise<WriteRules> {
    if (!this.#settings) {
      const defaults = defaultSiteSettings('');
      return { question: defaults.question, tag: defaults.tag };
    }
    const [question, tag] = await Promise.all([this.#settings.get('question'), this.#settings.get('tag')]);
    return { question, tag };
  }

  /**
   * The field failures of a question's title, body and planned tags under the write rules: title of
   * 6, a body that renders, min_content characters, min_tags distinct tags and, on a new question when
   * required_tag is on, one recommended tag (unless the site recommends none).
   */
  async #postFailures(
    title: string,
    content: string,
    html: string,
    plan: TagPlan,
    rules: WriteRules,
    isNew: boolean,
  ): Promise<FieldFailure[]> {
    const failures: FieldFailure[] = [];
    if (title.length < 6) failures.push({ field: 'title', reason: 'error.question.title_too_short' });
    const minContent = rules.question.min_content;
    if (html === '') failures.push({ field: 'content', reason: 'error.question.content_empty' });
    else if (contentLength(content) < minContent)
      failures.push({
        field: 'content',
        reason: 'error.question.content_less_than_minimum',
        params: { limit: minContent },
      });
    const minTags = rules.question.min_tags;
    if (plan.entries.length < minTags) {
      failures.push({ field: 'tags', reason: 'error.tag.minimum_count', params: { limit: minTags } });
    } else if (isNew && rules.tag.required_tag && !plan.entries.some((e) => e.recommend)) {
      const recommended = await this.#db
        .selectFrom('tag')
        .select('display_name')
        .where('recommend', '=', 1)
        .where('status', '=', TAG_AVAILABLE)
        .orderBy('slug_name')
        .limit(20)
        .execute();
      if (recommended.length)
        failures.push({
          field: 'tags',
          reason: 'error.tag.recommend_tag_enter',
          params: { tags: recommended.map((t) => t.display_name).join(', ') },
        });
    }
    return failures;
  }

  /** The config row id of an activity key (answer-api.md §4.1), read once. */
  async configId(key: string): Promise<number> {
    const cached = this.#configIds.get(key);
    if (cached !== undefined) return cached;
    const row = await this.#db.selectFrom('config').select('id').where('key', '=', key).executeTakeFirst();
    if (!row) throw new Error(`config key ${key} is missing: is the site installed?`);
    this.#configIds.set(key, Number(row.id));
    return Number(row.id);
  }

  /**
   * The tags a post names (read outside any transaction, so permission checks may read too): existing
   * available tags (main tags for synonyms), and the slugs to create or bring back. Unknown slugs need
   * tag.add; reserved tags need tag.use_reserved_tag (checked through `permit`). On an edit, `current`
   * holds the post's tags now: keeping a reserved tag needs nothing, adding or removing one does.
   * With `checks` false only the plan is made (the caller checks the rules first, then permit()s).
   */
  async planTags(input: PostTagInput[], permit: Permit, current?: TagPlan['current'], checks = true): Promise<TagPlan> {
    const wanted = new Map<string, PostTagInput>();
    for (const tag of input) {
      const slug = tag.slug_name.trim().toLowerCase();
      if (!SLUG.test(slug)) throw ApiFailure.fields([{ field: 'tags', reason: 'error.tag.slug_invalid' }]);
      if (!wanted.has(slug)) wanted.set(slug, tag);
    }
    const slugs = [...wanted.keys()];
    const found = await this.#db
      .selectFrom('tag')
      .select(['id', 'slug_name', 'main_tag_id', 'recommend', 'reserved', 'status'])
      .where('slug_name', 'in', slugs)
      .execute();
    const bySlug = new Map(found.map((tag) => [tag.slug_name, tag]));
    const mainIds = [...new Set(found.map((t) => t.main_tag_id).filter((id): id is string => !!id))];
    const mains = mainIds.length
      ? await this.#db
          .selectFrom('tag')
          .select(['id', 'recommend', 'reserved', 'status'])
          .where('id', 'in', mainIds)
          .execute()
      : [];
    const mainById = new Map(mains.map((tag) => [tag.id, tag]));
    const entries: TagPlan['entries'] = [];
    for (const slug of slugs) {
      let tag = bySlug.get(slug);
      if (tag?.main_tag_id) {
        const main = mainById.get(tag.main_tag_id);
        if (main && main.status === TAG_AVAILABLE)
          tag = { ...tag, id: main.id, recommend: main.recommend, reserved: main.reserved, status: 1 };
      }
      if (tag && tag.status === TAG_AVAILABLE) {
        if (!entries.some((e) => e.id === tag.id))
          entries.push({ id: tag.id, recommend: tag.recommend === 1, reserved: tag.reserved === 1 });
        continue;
      }
      const named = wanted.get(slug)!;
      entries.push({
        id: tag?.id ?? null,
        slug,
        displayName: named.display_name?.trim() || slug,
        description: named.original_text?.trim() ?? '',
        // A deleted tag brought back keeps its flags.
        reserved: tag?.reserved === 1,
      });
    }
    const plan: TagPlan = current ? { entries, current } : { entries };
    if (checks) await this.permitTags(plan, permit);
    return plan;
  }

  /** The permissions a tag plan needs: tag.add to create, tag.use_reserved_tag to add or drop a reserved tag. */
  async permitTags(plan: TagPlan, permit: Permit): Promise<void> {
    if (plan.entries.some((e) => e.slug !== undefined)) await permit('tag.add');
    const kept = new Set((plan.current ?? []).map((t) => t.id));
    const named = new Set(plan.entries.flatMap((e) => (e.id ? [e.id] : [])));
    const addsReserved = plan.entries.some((e) => e.reserved && !(e.id && kept.has(e.id)));
    const dropsReserved = (plan.current ?? []).some((t) => t.reserved && !named.has(t.id));
    if (addsReserved || dropsReserved) await permit('tag.use_reserved_tag');
  }

  /** Creates (or brings back) the planned tags: their ids in the order named. */
  async #applyTags(trx: Transaction<DB>, plan: TagPlan, actor: Actor): Promise<string[]> {
    const ids: string[] = [];
    const now = this.#now();
    for (const entry of plan.entries) {
      if (entry.slug === undefined) {
        ids.push(entry.id!);
        continue;
      }
      if (entry.id) {
        // A deleted tag of that slug comes back (the slug is unique).
        await trx
          .updateTable('tag')
          .set({ status: TAG_AVAILABLE, main_tag_id: null, main_tag_slug_name: '', updated_at: now })
          .where('id', '=', entry.id)
          .execute();
        ids.push(entry.id);
        continue;
      }
      const id = await newObjectId(trx, 'tag');
      await trx
        .insertInto('tag')
        .values({
          id,
          main_tag_id: null,
          main_tag_slug_name: '',
          slug_name: entry.slug,
          display_name: entry.displayName!,
          original_text: entry.description!,
          parsed_text: renderMarkdown(entry.description!),
          status: TAG_AVAILABLE,
          recommend: 0,
          reserved: 0,
          revision_id: null,
          user_id: actor.userId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      ids.push(id);
    }
    return [...new Set(ids)];
  }

  /** POST question: the new question's id. Permissions beyond question.add are checked through `permit`. */
  async add(actor: Actor, body: QuestionAddBody, permit: Permit): Promise<string> {
    const title = body.title.trim();
    const html = renderPostHtml(body.content);
    const [plan, rules] = await Promise.all([this.planTags(body.tags, permit, undefined, false), this.writeRules()]);
    const failures = await this.#postFailures(title, body.content, html, plan, rules, true);
    if (failures.length) throw ApiFailure.fields(failures);
    await this.permitTags(plan, permit);
    const asked = await this.configId('question.asked');
    return this.#db.transaction().execute(async (trx) => {
      const tagIds = await this.#applyTags(trx, plan, actor);
      const now = this.#now();
      const id = await newObjectId(trx, 'question');
      const revisionId = await nextId(trx, 'revision');
      const tagRows = await trx
        .selectFrom('tag')
        .select(['id', 'slug_name', 'display_name', 'main_tag_slug_name', 'recommend', 'reserved'])
        .where('id', 'in', tagIds)
        .execute();
      const snapshotTags = tagIds.map((tagId) => {
        const tag = tagRows.find((t) => t.id === tagId)!;
        return {
          slug_name: tag.slug_name,
          display_name: tag.display_name,
          main_tag_slug_name: tag.main_tag_slug_name,
          recommend: tag.recommend === 1,
          reserved: tag.reserved === 1,
        };
      });
      await trx
        .insertInto('revision')
        .values({
          id: revisionId,
          user_id: actor.userId,
          object_type: OBJECT_TYPES.question,
          object_id: id,
          title,
          content: JSON.stringify({ title, original_text: body.content, tags: snapshotTags }),
          log: '',
          status: 0,
          review_user_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('question')
        .values({
          id,
          user_id: actor.userId,
          invite_user_id: null,
          last_edit_user_id: null,
          title,
          original_text: body.content,
          parsed_text: html,
          status: QUESTION_STATUS.open,
          accepted_answer_id: null,
          last_answer_id: null,
          post_update_time: now,
          revision_id: revisionId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await linkPostUploads(trx, id, body.content, now);
      for (const tagId of tagIds) {
        await trx
          .insertInto('tag_rel')
          .values({
            id: await nextId(trx, 'tag_rel'),
            object_id: id,
            tag_id: tagId,
            status: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      await trx
        .updateTable('tag')
        .set((eb) => ({ question_count: eb('question_count', '+', 1) }))
        .where('id', 'in', tagIds)
        .execute();
      await trx
        .updateTable('user')
        .set((eb) => ({ question_count: eb('question_count', '+', 1) }))
        .where('id', '=', actor.userId)
        .execute();
      await recordActivity(trx, { userId: actor.userId, objectId: id, typeId: asked, revisionId, now });
      return id;
    });
  }

  /**
   * A question as `viewer` may see it (the visibility rule: deleted, pending and unlisted questions only
   * for their author and staff); anything else is 404 error.question.not_found.
   */
  async view(rawId: string, viewer: Partial<Actor>): Promise<QuestionView> {
    const id = questionIdOf(rawId);
    const notFound = () => ApiFailure.notFound('error.question.not_found');
    if (!id) throw notFound();
    const row = await this.#db.selectFrom('question').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || !canSee(viewer, { question: row })) throw notFound();

    const deleted = row.status === QUESTION_STATUS.deleted;
    const [rels, revision, lastAnswer, closeMeta] = await Promise.all([
      this.#db
        .selectFrom('tag_rel')
        .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
        .select([
          'tag_rel.tag_id',
          'tag_rel.status',
          'tag.slug_name',
          'tag.display_name',
          'tag.main_tag_slug_name',
          'tag.recommend',
          'tag.reserved',
        ])
        .where('tag_rel.object_id', '=', id)
        .where('tag_rel.status', 'in', deleted ? [1, 2, 10] : [1, 2])
        .where('tag.status', '=', TAG_AVAILABLE)
        .orderBy('tag_rel.id')
        .execute(),
      deleted && row.revision_id
        ? this.#db.selectFrom('revision').select('content').where('id', '=', row.revision_id).executeTakeFirst()
        : Promise.resolve(undefined),
      row.last_answer_id
        ? this.#db.selectFrom('answer').select('user_id').where('id', '=', row.last_answer_id).executeTakeFirst()
        : Promise.resolve(undefined),
      row.status === QUESTION_STATUS.closed
        ? this.#db
            .selectFrom('meta')
            .select('value')
            .where('object_id', '=', id)
            .where('key', '=', 'question.close.reason')
            .orderBy('id', 'desc')
            .executeTakeFirst()
        : Promise.resolve(undefined),
    ]);
    // DELETE question marks every link deleted, also those an earlier edit removed: a deleted question
    // shows the tags of its current revision (all of them when the revision names none).
    const named = revisionTags(revision?.content);
    const tags = rels.filter((rel) => rel.status !== 10 || !named || named.has(rel.tag_id) || named.has(rel.slug_name));
    const userIds = [row.user_id, row.last_edit_user_id, lastAnswer?.user_id].filter(
      (u): u is number => u !== null && u !== undefined,
    );
    const users = await loadPostUsers(this.#db, userIds);
    let closeMsg = '';
    let closeType = 0;
    if (closeMeta) {
      try {
        const stored = JSON.parse(closeMeta.value) as { close_msg?: unknown; close_type?: unknown };
        closeMsg = String(stored.close_msg ?? '');
        closeType = Number(stored.close_type);
      } catch {
        closeMsg = '';
      }
    }
    let closeReason: QuestionView['closeReason'] = null;
    if (Number.isSafeInteger(closeType) && closeType > 0) {
      const reason = await this.#db
        .selectFrom('config')
        .select(['key', 'value'])
        .where('id', '=', closeType)
        .where('key', 'like', 'reason.%')
        .executeTakeFirst();
      if (reason) {
        let name = '';
        try {
          const value = JSON.parse(reason.value) as { name?: unknown };
          if (typeof value.name === 'string') name = value.name;
        } catch {
          // An unreadable reason row keeps no stored name.
        }
        closeReason = { key: reason.key, name };
      }
    }
    return {
      row,
      tags: tags.map((tag) => ({
        slug_name: tag.slug_name,
        display_name: tag.display_name,
        main_tag_slug_name: tag.main_tag_slug_name,
        recommend: tag.recommend === 1,
        reserved: tag.reserved === 1,
      })),
      users,
      lastAnswerUserId: lastAnswer?.user_id ?? null,
      closeMsg,
      closeReason,
    };
  }

  /** One more view of a question. */
  async countView(id: string): Promise<void> {
    await this.#db
      .updateTable('question')
      .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** The viewer's vote, bookmark, follow and first answer on a question (read only). */
  async viewerState(questionId: string, userId: number): Promise<ViewerState> {
    const [up, down, follow] = await Promise.all([
      this.configId('question.vote_up'),
      this.configId('question.vote_down'),
      this.configId('question.follow'),
    ]);
    const [activities, collection, answer] = await Promise.all([
      this.#db
        .selectFrom('activity')
        .select('activity_type')
        .where('user_id', '=', userId)
        .where('object_id', '=', questionId)
        .where('activity_type', 'in', [up, down, follow])
        .where('cancelled', '=', 0)
        .execute(),
      this.#db
        .selectFrom('collection')
        .select('id')
        .where('user_id', '=', userId)
        .where('object_id', '=', questionId)
        .executeTakeFirst(),
      this.#db
        .selectFrom('answer')
        .select('id')
        .where('question_id', '=', questionId)
        .where('user_id', '=', userId)
        .where('status', '=', 1)
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst(),
    ]);
    const types = new Set(activities.map((a) => a.activity_type));
    return {
      voteStatus: types.has(up) ? 'vote_up' : types.has(down) ? 'vote_down' : '',
      collected: !!collection,
      followed: types.has(follow),
      firstAnswerId: answer?.id ?? null,
    };
  }

  /**
   * PUT question: applies the edit (owner, staff or question.edit_without_review) or stores it as a
   * suggested edit waiting for review. 400 error.question.cannot_update when the question is deleted
   * or already has an edit waiting.
   */
  async edit(
    actor: Actor,
    body: QuestionEditBody,
    permit: Permit,
    applyNow: boolean,
  ): Promise<{ url_title: string; wait_for_review: boolean }> {
    const { row } = await this.view(body.id, actor);
    if (row.status === QUESTION_STATUS.deleted) throw ApiFailure.badRequest('error.question.cannot_update');
    const waiting = await this.#db
      .selectFrom('revision')
      .select('id')
      .where('object_id', '=', row.id)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (waiting) throw ApiFailure.badRequest('error.question.cannot_update');
    const title = body.title.trim();
    const html = renderPostHtml(body.content);
    const current = await this.#db
      .selectFrom('tag_rel')
      .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
      .select(['tag.id', 'tag.reserved'])
      .where('tag_rel.object_id', '=', row.id)
      .where('tag_rel.status', 'in', [1, 2])
      .execute();
    const currentTags = current.map((t) => ({ id: t.id, reserved: t.reserved === 1 }));
    const [plan, rules] = await Promise.all([this.planTags(body.tags, permit, currentTags, false), this.writeRules()]);
    const failures = await this.#postFailures(title, body.content, html, plan, rules, false);
    if (failures.length) throw ApiFailure.fields(failures);
    await this.permitTags(plan, permit);
    const edited = await this.configId('question.edited');
    await this.#db.transaction().execute(async (trx) => {
      const now = this.#now();
      const tagIds = applyNow
        ? await this.#applyTags(trx, plan, actor)
        : plan.entries.flatMap((e) => (e.slug ? [] : [e.id!]));
      const revisionId = await nextId(trx, 'revision');
      await trx
        .insertInto('revision')
        .values({
          id: revisionId,
          user_id: actor.userId,
          object_type: OBJECT_TYPES.question,
          object_id: row.id,
          title,
          content: JSON.stringify({
            title,
            original_text: body.content,
            tags: [...tagIds, ...plan.entries.flatMap((e) => (e.slug && !applyNow ? [e.slug] : []))],
          }),
          log: body.edit_summary ?? '',
          status: applyNow ? 2 : 1,
          review_user_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      if (!applyNow) return;
      await trx
        .updateTable('question')
        .set({
          title,
          original_text: body.content,
          parsed_text: html,
          last_edit_user_id: actor.userId,
          revision_id: revisionId,
          updated_at: now,
          post_update_time: now,
        })
        .where('id', '=', row.id)
        .execute();
      await linkPostUploads(trx, row.id, body.content, now);
      const rels = await trx
        .selectFrom('tag_rel')
        .select(['id', 'tag_id', 'status'])
        .where('object_id', '=', row.id)
        .execute();
      const relStatus = row.show === SHOW.unlisted ? 2 : 1;
      for (const rel of rels) {
        if (!tagIds.includes(rel.tag_id) && rel.status !== 10) {
          await trx.updateTable('tag_rel').set({ status: 10, updated_at: now }).where('id', '=', rel.id).execute();
          // A hidden link (unlisted question) was uncounted when the question was hidden.
          if (rel.status === 1)
            await trx
              .updateTable('tag')
              .set((eb) => ({ question_count: eb('question_count', '-', 1) }))
              .where('id', '=', rel.tag_id)
              .where('question_count', '>', 0)
              .execute();
        }
      }
      for (const tagId of tagIds) {
        const rel = rels.find((r) => r.tag_id === tagId);
        if (rel && rel.status !== 10) continue;
        if (rel) {
          await trx
            .updateTable('tag_rel')
            .set({ status: relStatus, updated_at: now })
            .where('id', '=', rel.id)
            .execute();
        } else {
          await trx
            .insertInto('tag_rel')
            .values({
              id: await nextId(trx, 'tag_rel'),
              object_id: row.id,
              tag_id: tagId,
              status: relStatus,
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
        // An unlisted question's new link is hidden: showing the question counts it (as hide/show do).
        if (relStatus === 1)
          await trx
            .updateTable('tag')
            .set((eb) => ({ question_count: eb('question_count', '+', 1) }))
            .where('id', '=', tagId)
            .execute();
      }
      await recordActivity(trx, { userId: actor.userId, objectId: row.id, typeId: edited, revisionId, now });
    });
    return { url_title: urlTitle(title), wait_for_review: !applyNow };
  }

  /**
   * Whether `actor` may delete the question beyond holding question.delete: admins
   * any question; everyone else, moderators included, only their own, without an accepted answer,
   * with at most one answer and that one without up votes. DELETE question and the `delete` member
   * action both ask this.
   */
  async deletable(actor: Partial<Actor>, row: QuestionRow): Promise<boolean> {
    if (row.status === QUESTION_STATUS.deleted) return false;
    if (actor.roleId === 2) return true;
    if (actor.userId === undefined || row.user_id !== actor.userId) return false;
    if (row.accepted_answer_id !== null) return false;
    const answers = await this.#db
      .selectFrom('answer')
      .select(['vote_count', 'adopted'])
      .where('question_id', '=', row.id)
      .where('status', '=', 1)
      .execute();
    return answers.length <= 1 && !answers.some((a) => a.vote_count > 0 || a.adopted === 2);
  }

  /** DELETE question (the route checked question.delete): 400 error.question.cannot_deleted unless deletable. */
  async remove(actor: Actor, rawId: string): Promise<void> {
    const { row } = await this.view(rawId, actor);
    if (row.status === QUESTION_STATUS.deleted) return;
    if (!(await this.deletable(actor, row))) throw ApiFailure.badRequest('error.question.cannot_deleted');
    // Config ids are read before the transaction: SQLite has one connection, held by the transaction.
    const deleted = await this.configId('question.deleted');
    await this.#db.transaction().execute(async (trx) => {
      const now = this.#now();
      await trx
        .updateTable('question')
        .set({ status: QUESTION_STATUS.deleted, updated_at: now })
        .where('id', '=', row.id)
        .execute();
      const rels = await trx
        .selectFrom('tag_rel')
        .select(['id', 'tag_id', 'status'])
        .where('object_id', '=', row.id)
        .where('status', 'in', [1, 2])
        .execute();
      // Only the links the question still has (available, or hidden while it is unlisted) go with it:
      // those an edit removed keep their own time (undelete tells them apart by it).
      if (rels.length) {
        await trx
          .updateTable('tag_rel')
          .set({ status: 10, updated_at: now })
          .where(
            'id',
            'in',
            rels.map((r) => r.id),
          )
          .execute();
      }
      // Hidden links were uncounted when the question was unlisted.
      const counted = rels.filter((r) => r.status === 1).map((r) => r.tag_id);
      if (counted.length) {
        await trx
          .updateTable('tag')
          .set((eb) => ({ question_count: eb('question_count', '-', 1) }))
          .where('id', 'in', counted)
          .where('question_count', '>', 0)
          .execute();
      }
      await trx
        .updateTable('user')
        .set((eb) => ({ question_count: eb('question_count', '-', 1) }))
        .where('id', '=', row.user_id)
        .where('question_count', '>', 0)
        .execute();
      await recordActivity(trx, { userId: actor.userId, objectId: row.id, typeId: deleted, now: this.#now() });
    });
  }
}

export { plainExcerpt, urlTitle };
