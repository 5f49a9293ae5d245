import type { Timeline, TimelineDetail, TimelineItem, UserBasicInfo } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { configRowsById } from '../config/service';
import { seconds } from '../../lib/time';
import type { AvatarSettings } from '../profile/avatar';
import { isStaffRole } from '../post/table';
import { toUserBasicInfo } from '../profile/mapping';
import { CLOSE_META_KEY } from '../question/table';
import { compareRevisions } from '../revisions/detail';
import { canSee, findVisibleTag, POST_STATUS, requireVisible, type Chain, type Viewer } from '../visibility/rule';
import {
  selectMetaValue,
  selectQuestionTitle,
  selectTimelineAnswers,
  selectTimelineComments,
  selectTimelineRows,
  selectTimelineTag,
  selectTimelineUsers,
  type TimelineRow,
} from './repository';

type CommentRow = Awaited<ReturnType<typeof selectTimelineComments>>[number];
import {
  ANSWER_ROWS_ON_QUESTION,
  COMMENT_KINDS,
  HIDDEN_USER,
  kindOf,
  REVISION_KINDS,
  TIMELINE_KINDS,
  VOTE_KINDS,
} from './table';

/** How the reader may read a timeline. */
export interface TimelineAccess {
  viewer: Viewer;
  /** Vote rows are shown (staff holding vote.detail who asked for them). */
  votes: boolean;
  /** Downvoters are named (administrators). */
  admin: boolean;
  /** Deleted tags are seen (tag.undeleted). */
  withDeletedTags: boolean;
  avatars: AvatarSettings;
  /** A close reason's name in the reader's language (`key`: its config key; `stored`: the name it stores). */
  reasonName(key: string, stored: string): string;
}

type Heading = Timeline['object_info'];

const hiddenUser = (): UserBasicInfo => ({
  id: '0',
  username: HIDDEN_USER,
  rank: 0,
  display_name: HIDDEN_USER,
  avatar: '',
  website: '',
  location: '',
  language: '',
  status: 'normal',
  suspended_until: 0,
});

/** The remark and reason id a question's close meta stores. */
function closeMeta(value: string | undefined): { msg: string; type: number } {
  if (!value) return { msg: '', type: 0 };
  try {
    const stored = JSON.parse(value) as { close_msg?: unknown; close_type?: unknown };
    return { msg: typeof stored.close_msg === 'string' ? stored.close_msg : '', type: Number(stored.close_type) };
  } catch {
    return { msg: '', type: 0 };
  }
}

/**
 * GET activity/timeline and its detail: what happened to a question, answer or tag, newest first, for
 * members who may see the object (the visibility rule; a tag while available, or deleted for those who
 * may restore it), and the revisions behind its edits side by side.
 */
export class ActivityService {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** The object's heading once the reader may see it (else the 404 its type answers), and its chain. */
  async #subject(id: string, access: TimelineAccess): Promise<{ heading: Heading; chain?: Chain; authorId: number }> {
    const type = objectTypeOf(id);
    const heading: Heading = {
      title: '',
      object_type: type ?? '',
      question_id: '',
      answer_id: '',
      username: '',
      display_name: '',
      main_tag_slug_name: '',
    };
    if (type === 'tag') {
      const tag = (await findVisibleTag(this.#db, id, access.withDeletedTags))
        ? await selectTimelineTag(this.#db, id)
        : undefined;
      if (!tag) throw ApiFailure.notFound('error.tag.not_found');
      return {
        heading: { ...heading, title: tag.slug_name, main_tag_slug_name: tag.main_tag_slug_name },
        authorId: Number(tag.user_id ?? 0),
      };
    }
    if (type !== 'question' && type !== 'answer') throw ApiFailure.notFound('error.object.not_found');
    const chain = await requireVisible(this.#db, id, access.viewer, { types: [type] });
    const title = await selectQuestionTitle(this.#db, chain.question.id);
    const answer = chain.type === 'answer' ? chain.answer : undefined;
    return {
      heading: { ...heading, title, question_id: chain.question.id, answer_id: answer?.id ?? '' },
      chain,
      authorId: Number(answer ? answer.user_id : chain.question.user_id),
    };
  }

  /** GET activity/timeline: the rows of `objectId` the reader may see, newest first. */
  async timeline(objectId: string, access: TimelineAccess): Promise<Timeline> {
    const id = objectId.trim();
    const { heading, chain, authorId } = await this.#subject(id, access);
    const { rows, comments } = await this.#visibleRows(id, await selectTimelineRows(this.#db, id), chain, access);
    const personOf = (row: TimelineRow) =>
      Number(row.trigger_user_id) > 0 ? Number(row.trigger_user_id) : Number(row.user_id);
    const userIds = new Set([authorId, ...rows.map((r) => personOf(r.row))]);
    const users = new Map(
      (
        await selectTimelineUsers(
          this.#db,
          [...userIds].filter((u) => u > 0),
        )
      ).map((u) => [Number(u.id), toUserBasicInfo(u, access.avatars)]),
    );
    const author = users.get(authorId);
    const lastClose = rows.find((r) => r.kind === 'closed');
    const closeMsg = lastClose ? await this.#closeComment(id, access) : '';
    const timeline = rows.map(({ row, kind }): TimelineItem => {
      let comment = '';
      if (REVISION_KINDS.has(kind)) comment = row.log ?? '';
      // A comment as its thread shows it: the sanitized HTML (markdown rendered, mentions linked).
      else if (COMMENT_KINDS.has(kind) && objectTypeOf(row.object_id) === 'comment')
        comment = comments.get(row.object_id)?.parsed_text ?? '';
      else if (lastClose && row === lastClose.row) comment = closeMsg;
      const hidden = kind === 'downvote' && !access.admin;
      return {
        activity_id: String(row.id),
        revision_id: REVISION_KINDS.has(kind) && row.revision_id ? String(row.revision_id) : '0',
        created_at: seconds(row.created_at),
        activity_type: kind,
        comment,
        object_id: row.object_id,
        object_type: objectTypeOf(row.object_id) ?? '',
        cancelled: Number(row.cancelled) === 1,
        cancelled_at: Number(row.cancelled) === 1 ? seconds(row.cancelled_at ?? 0) : 0,
        user_info: (!hidden && users.get(personOf(row))) || hiddenUser(),
      };
    });
    return {
      object_info: { ...heading, username: author?.username ?? '', display_name: author?.display_name ?? '' },
      timeline,
    };
  }

  /**
   * The rows a timeline shows, with their kind: the object's own, comments on it, and on a question
   * its answers' `answered` and `accept` rows; votes only with `access.votes`; rows of answers and
   * comments the reader may not see are left out.
   */
  async #visibleRows(id: string, rows: TimelineRow[], chain: Chain | undefined, access: TimelineAccess) {
    const kinded = rows.flatMap((row) => {
      let kind = kindOf(row.key);
      if (VOTE_KINDS[kind]) {
        if (!access.votes) return [];
        kind = VOTE_KINDS[kind]!;
      } else if (!TIMELINE_KINDS.has(kind)) return [];
      const type = objectTypeOf(row.object_id);
      if (row.object_id !== id) {
        if (type === 'comment') {
          if (!COMMENT_KINDS.has(kind)) return [];
        } else if (type !== 'answer' || objectTypeOf(id) !== 'question' || !ANSWER_ROWS_ON_QUESTION.has(kind))
          return [];
      }
      return [{ row, kind }];
    });
    if (!chain) return { rows: kinded, comments: new Map<string, CommentRow>() };
    const others = (type: string) => [
      ...new Set(
        kinded
          .filter((r) => r.row.object_id !== id && objectTypeOf(r.row.object_id) === type)
          .map((r) => r.row.object_id),
      ),
    ];
    const answers = new Map((await selectTimelineAnswers(this.#db, others('answer'))).map((a) => [a.id, a]));
    const comments = new Map((await selectTimelineComments(this.#db, others('comment'))).map((c) => [c.id, c]));
    const base: Chain = { question: chain.question, answer: 'answer' in chain ? chain.answer : null };
    const visible = kinded.filter(({ row }) => {
      if (row.object_id === id) return true;
      const answer = answers.get(row.object_id);
      if (answer) return canSee(access.viewer, { ...base, answer: { ...answer, question_id: base.question.id } });
      const comment = comments.get(row.object_id);
      if (!comment) return false;
      // A deleted comment shows to nobody, but staff see on its post's timeline that it was there and went.
      if (Number(comment.status) === POST_STATUS.deleted && isStaffRole(access.viewer.roleId)) return true;
      return canSee(access.viewer, {
        ...base,
        comment: { ...comment, object_id: id, question_id: base.question.id },
      });
    });
    return { rows: visible, comments };
  }

  /** The comment of a question's last close: its remark, else its reason's name. */
  async #closeComment(questionId: string, access: TimelineAccess): Promise<string> {
    const meta = closeMeta(await selectMetaValue(this.#db, questionId, CLOSE_META_KEY));
    if (meta.msg || !Number.isSafeInteger(meta.type) || meta.type <= 0) return meta.msg;
    const reason = (await configRowsById(this.#db, [meta.type])).get(meta.type);
    if (!reason || !reason.key.startsWith('reason.')) return '';
    let stored = '';
    try {
      const value = JSON.parse(reason.value) as { name?: unknown };
      if (typeof value.name === 'string') stored = value.name;
    } catch {
      // An unreadable reason row keeps no stored name.
    }
    return access.reasonName(reason.key, stored);
  }

  /** GET activity/timeline/detail: two revisions of one object (`oldId` 0: nothing before). */
  detail(newId: number, oldId: number, viewer: Viewer, withDeletedTags: boolean): Promise<TimelineDetail> {
    return compareRevisions(this.#db, newId, oldId, viewer, withDeletedTags);
  }
}
