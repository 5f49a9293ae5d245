import type {
  PostTagInput,
  PostUserInfo,
  PostVoteStatus,
  QuestionAddBody,
  QuestionEditBody,
} from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import { newObjectId, objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { ApiFailure } from '../../lib/api-failure';
import { renderPostHtml } from '../../lib/markdown';
import { urlTitle } from '../../lib/text';
import { seconds } from '../../lib/time';
import { apiStatus, avatarUrl } from '../accounts/mapping';
import { ConfigIdCache } from '../config/service';
import type { Actor, Permit } from '../post/actor';
import { inboxHook, notifyInbox, postNotice } from '../notification/inbox';
import { changeStatus, type AlsoInTransaction } from '../post/transition';
import { awardBadges } from '../badge/awards';
import { lockMembers, recordActivity } from '../reputation';
import { QueueRule } from '../review/rule';
import { RevisionService, refuseWhileSuggested, writeCreation, writeEdit } from '../revisions/service';
import { defaultSiteSettings } from '../settings/defaults';
import type { SettingsStore } from '../settings/store';
import {
  createPlannedTags,
  permitTags,
  planTags,
  recommendedTagNames,
  tagSnapshots,
  type TagPlan,
} from '../tag/post-tags';
import { linkPostUploads } from '../upload/links';
import { canSee } from '../visibility/rule';
import { countOnTags, insertLink, selectCurrentTags, selectLinks, setLinkStatus } from './link-repository';
import {
  addView,
  countUserQuestion,
  insertQuestion,
  selectAvailableAnswers,
  selectPostUsers,
  selectQuestion,
  selectViewerRelations,
} from './post-repository';
import { publishCounts } from './queued';
import { postFailures, type WriteRules } from './rules';
import { QUESTION_STATUS, TAG_REL, type PostUserRow, type QuestionRow } from './table';
import { applyQuestionRevision } from './revision-applier';
import { readView, type QuestionView } from './view';
import { flaggedByViewer } from '../report/viewer-flags';

export type { QuestionRow } from './table';
export type { QuestionView } from './view';

/** The viewer's own relation to a question. */
export interface ViewerState {
  voteStatus: PostVoteStatus;
  collected: boolean;
  followed: boolean;
  firstAnswerId: string | null;
  /** The viewer's flag on the question waits for review. */
  reported: boolean;
}

export function postUserInfo(user: PostUserRow): PostUserInfo {
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
  const users = await selectPostUsers(db, [...new Set(ids)]);
  return new Map(users.map((user) => [Number(user.id), postUserInfo(user)]));
}

/** A question id as requests carry it: the 17-digit form of a question, else null. */
export function questionIdOf(raw: string): string | null {
  const id = raw.trim();
  return objectTypeOf(id) === 'question' ? id : null;
}

/** Writes and reads of single questions: ask, show, edit, delete. */
export class QuestionPostService {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;
  readonly #settings: Pick<SettingsStore, 'get'> | undefined;
  readonly #configIds: ConfigIdCache;
  /** The revisions of posts and tags (histories, suggested edits). */
  readonly revisions: RevisionService;
  /** Which new posts wait for review, and the repeat-deletion block (answers ask it too). */
  readonly queue: QueueRule;

  /** `settings`: the site's settings store (write rules); without one, the install defaults apply. */
  constructor(
    db: Kysely<DB>,
    options: {
      now?: () => number;
      settings?: Pick<SettingsStore, 'get'>;
      revisions?: RevisionService;
      queue?: QueueRule;
    } = {},
  ) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
    this.#settings = options.settings;
    this.#configIds = new ConfigIdCache(db);
    this.revisions = options.revisions ?? new RevisionService(db, { now: this.#now });
    this.queue =
      options.queue ??
      new QueueRule(db, { now: this.#now, ...(options.settings ? { settings: options.settings } : {}) });
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

  /** The config row id of an activity key, read once. */
  configId(key: string): Promise<number> {
    return this.#configIds.id(key);
  }

  /**
   * The tags a post names (read outside any transaction, so permission checks may read too). Unknown
   * slugs need tag.add; reserved tags need tag.use_reserved_tag (checked through `permit`). On an edit,
   * `current` holds the post's tags now: keeping a reserved tag needs nothing, adding or removing one
   * does. With `checks` false only the plan is made (the caller checks the rules first, then permits).
   */
  async planTags(input: PostTagInput[], permit: Permit, current?: TagPlan['current'], checks = true): Promise<TagPlan> {
    const plan = await planTags(this.#db, input, current);
    if (checks) await permitTags(plan, permit);
    return plan;
  }

  /** Checks a post's title, body and tags against the write rules, then the tag permissions. */
  async #checkPost(
    post: { title: string; content: string; html: string; plan: TagPlan; isNew: boolean },
    permit: Permit,
  ) {
    const failures = await postFailures(post, await this.writeRules(), () => recommendedTagNames(this.#db));
    if (failures.length) throw ApiFailure.fields(failures);
    await permitTags(post.plan, permit);
  }

  /**
   * POST question: the new question's id. Permissions beyond question.add are checked through `permit`.
   * A question the queue rule holds is written pending (status 11) with its review task: its tags are
   * linked hidden and nothing counts it until a reviewer approves it (`publishQueued`).
   */
  async add(actor: Actor, body: QuestionAddBody, permit: Permit): Promise<string> {
    await this.queue.refuseIfBlocked(actor);
    const title = body.title.trim();
    const html = renderPostHtml(body.content);
    const plan = await this.planTags(body.tags, permit, undefined, false);
    await this.#checkPost({ title, content: body.content, html, plan, isNew: true }, permit);
    const asked = await this.configId('question.asked');
    const policy = await this.queue.policy(actor);
    return writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const queued = await this.queue.decide(trx, policy, {
        type: 'question',
        authorId: actor.userId,
        title,
        body: body.content,
      });
      // The author, then the tags, are locked for writing before any insert refers to them (the lock
      // order of the reputation module). On MySQL an insert takes a shared lock on the rows its foreign
      // keys name: two asks that each took it and then counted on the same tag or author deadlocked, again
      // on every retry.
      await lockMembers(trx, [actor.userId]);
      const tagIds = await createPlannedTags(trx, plan, actor.userId, now);
      if (!queued) await publishCounts(trx, actor.userId, tagIds);
      const id = await newObjectId(trx, 'question');
      const tags = await tagSnapshots(trx, tagIds);
      const snapshot = { title, original_text: body.content, tags };
      const revisionId = await writeCreation(
        trx,
        { objectType: 'question', objectId: id, userId: actor.userId, title, snapshot },
        now,
      );
      await insertQuestion(trx, {
        id,
        user_id: actor.userId,
        invite_user_id: null,
        last_edit_user_id: null,
        title,
        original_text: body.content,
        parsed_text: html,
        status: queued ? QUESTION_STATUS.pending : QUESTION_STATUS.open,
        accepted_answer_id: null,
        last_answer_id: null,
        post_update_time: now,
        revision_id: revisionId,
        created_at: now,
        updated_at: now,
      });
      await linkPostUploads(trx, id, body.content, now);
      const linkStatus = queued ? TAG_REL.hidden : TAG_REL.available;
      for (const tagId of tagIds) await insertLink(trx, id, tagId, linkStatus, now);
      if (queued) await this.queue.enqueue(trx, queued, { id, type: 'question', authorId: actor.userId }, now);
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
    const row = await selectQuestion(this.#db, id);
    if (!row || !canSee(viewer, { question: row })) throw notFound();
    return readView(this.#db, row, (ids) => loadPostUsers(this.#db, ids));
  }

  /** One more view of a question. */
  async countView(id: string): Promise<void> {
    await addView(this.#db, id);
    await awardBadges(this.#db, { kind: 'views', questionId: id }, this.#now());
  }

  /** The viewer's vote, bookmark, follow and first answer on a question (read only). */
  async viewerState(questionId: string, userId: number): Promise<ViewerState> {
    const [up, down, follow] = await Promise.all([
      this.configId('question.vote_up'),
      this.configId('question.vote_down'),
      this.configId('question.follow'),
    ]);
    const [[activities, collection, answer], flagged] = await Promise.all([
      selectViewerRelations(this.#db, questionId, userId, [up, down, follow]),
      flaggedByViewer(this.#db, userId, [questionId]),
    ]);
    const types = new Set(activities.map((a) => a.activity_type));
    return {
      voteStatus: types.has(up) ? 'vote_up' : types.has(down) ? 'vote_down' : '',
      collected: !!collection,
      followed: types.has(follow),
      firstAnswerId: answer?.id ?? null,
      reported: flagged.has(questionId),
    };
  }

  /**
   * PUT question: applies the edit (owner, staff or question.edit_without_review) or stores it as a
   * suggested edit waiting for review. 400 error.question.cannot_update when the question is deleted
   * or already has an edit waiting. `also` runs in the edit's transaction. An edit applied by someone
   * else tells the asker (update_question, with `reason` when the caller has one).
   */
  async edit(
    actor: Actor,
    body: QuestionEditBody,
    permit: Permit,
    applyNow: boolean,
    also?: AlsoInTransaction,
    reason?: string,
  ): Promise<{ url_title: string; wait_for_review: boolean }> {
    const { row } = await this.view(body.id, actor);
    if (row.status === QUESTION_STATUS.deleted) throw ApiFailure.badRequest('error.question.cannot_update');
    await refuseWhileSuggested(this.#db, row.id, 'error.question.cannot_update');
    const title = body.title.trim();
    const html = renderPostHtml(body.content);
    const current = await selectCurrentTags(this.#db, row.id);
    const plan = await this.planTags(body.tags, permit, current, false);
    await this.#checkPost({ title, content: body.content, html, plan, isNew: false }, permit);
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      const tagIds = applyNow
        ? await createPlannedTags(trx, plan, actor.userId, now)
        : plan.entries.flatMap((e) => (e.slug ? [] : [e.id!]));
      const newSlugs = plan.entries.flatMap((e) => (e.slug && !applyNow ? [e.slug] : []));
      const snapshot = { title, original_text: body.content, tags: [...tagIds, ...newSlugs] };
      const draft = { objectType: 'question' as const, objectId: row.id, userId: actor.userId, title, snapshot };
      const apply = applyQuestionRevision;
      await writeEdit(trx, { ...draft, log: body.edit_summary ?? '' }, { applyNow, apply }, now);
      if (applyNow) {
        const object = postNotice({ questionId: row.id, title });
        await notifyInbox(trx, [
          { userId: row.user_id, triggerUserId: actor.userId, action: 'update_question', object, reason, now },
        ]);
      }
      await also?.(trx, now);
    });
    return { url_title: urlTitle(title), wait_for_review: !applyNow };
  }

  /**
   * Whether `actor` may delete the question beyond holding question.delete: admins any question;
   * everyone else, moderators included, only their own, without an accepted answer, with at most one
   * answer and that one without up votes. DELETE question and the `delete` member action both ask this.
   */
  async deletable(actor: Partial<Actor>, row: QuestionRow): Promise<boolean> {
    if (row.status === QUESTION_STATUS.deleted) return false;
    if (actor.roleId === 2) return true;
    if (actor.userId === undefined || row.user_id !== actor.userId) return false;
    if (row.accepted_answer_id !== null) return false;
    const answers = await selectAvailableAnswers(this.#db, row.id);
    return answers.length <= 1 && !answers.some((a) => a.vote_count > 0 || a.adopted === 2);
  }

  /**
   * DELETE question (the route checked question.delete): 400 error.question.cannot_deleted unless
   * deletable. `also` runs in the same transaction when this call deletes it. Deleted by someone else,
   * the asker is told (your_question_was_deleted, with `reason` when the caller has one).
   */
  async remove(actor: Actor, rawId: string, also?: AlsoInTransaction, reason?: string): Promise<void> {
    const { row } = await this.view(rawId, actor);
    if (row.status === QUESTION_STATUS.deleted) return;
    if (!(await this.deletable(actor, row))) throw ApiFailure.badRequest('error.question.cannot_deleted');
    // Config ids are read before the transaction: SQLite has one connection, held by the transaction.
    const typeId = await this.configId('question.deleted');
    await changeStatus(
      this.#db,
      {
        table: 'question',
        id: row.id,
        column: 'status',
        from: row.status,
        to: QUESTION_STATUS.deleted,
        touch: true,
        activity: { userId: actor.userId, typeId },
        lost: () => null,
        effects: async (trx, now) => {
          // Only the links the question still has (available, or hidden while it is unlisted) go with
          // it: those an edit removed keep their own time (undelete tells them apart by it).
          const rels = await selectLinks(trx, row.id, [TAG_REL.available, TAG_REL.hidden]);
          // The counts before the links, the author before the tags (the lock order: see publishCounts).
          // A queued question was never counted; an answered one counts for the repeat-deletion rule.
          if (row.status !== QUESTION_STATUS.pending) await countUserQuestion(trx, row.user_id, -1);
          // Hidden links were uncounted when the question was unlisted.
          const counted = rels.filter((r) => r.status === TAG_REL.available).map((r) => r.tag_id);
          await countOnTags(trx, counted, -1);
          await setLinkStatus(
            trx,
            rels.map((r) => r.id),
            TAG_REL.deleted,
            now,
          );
          if (row.answer_count > 0)
            await this.queue.recordDeletion(
              trx,
              { authorId: row.user_id, objectId: row.id, deletedBy: actor.userId },
              now,
            );
          await also?.(trx, now);
        },
        notify: inboxHook([
          {
            userId: row.user_id,
            triggerUserId: actor.userId,
            action: 'your_question_was_deleted',
            object: postNotice({ questionId: row.id, title: row.title }),
            reason,
          },
        ]),
      },
      this.#now,
    );
  }
}
