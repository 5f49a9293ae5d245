import type { FlaggedPost, ReasonItem } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import type { Language } from '../../i18n';
import { urlTitle } from '../../lib/text';
import { seconds } from '../../lib/time';
import type { NoticeObject } from '../notification/inbox';
import { tagsByQuestion } from '../post/list-reads';
import { ADOPTED, SHOW } from '../post/table';
import { loadPostUsers } from '../question/posts';
import { toReasonItem, type ReasonSource } from '../reasons/service';
import * as repo from './repository';
import type { ReportRow } from './repository';
import type { ReportableType } from './table';

type QuestionRow = NonNullable<Awaited<ReturnType<typeof repo.selectFlaggedQuestion>>>;

/** A flagged object with the question it sits in: what the queue shows and what a review acts on. */
export interface FlaggedObject {
  type: ReportableType;
  id: string;
  authorId: number;
  question: QuestionRow;
  answerId: string;
  commentId: string;
  status: number;
  showStatus: number;
  createdAt: number;
  originalText: string;
  parsedText: string;
  accepted: boolean;
  /** Where an inbox notice about it points. */
  notice: NoticeObject;
}

/** The flagged object of a report and its question, or null when a row is missing. */
export async function loadFlaggedObject(db: Kysely<DB>, objectId: string): Promise<FlaggedObject | null> {
  const type = objectTypeOf(objectId);
  if (type === 'question') {
    const q = await repo.selectFlaggedQuestion(db, objectId);
    if (!q) return null;
    return {
      type,
      id: q.id,
      authorId: Number(q.user_id),
      question: q,
      answerId: '',
      commentId: '',
      status: Number(q.status),
      showStatus: Number(q.show),
      createdAt: Number(q.created_at),
      originalText: q.original_text,
      parsedText: q.parsed_text,
      accepted: q.accepted_answer_id !== null,
      notice: { id: q.id, type, title: q.title, map: { question: q.id } },
    };
  }
  if (type === 'answer') {
    const a = await repo.selectFlaggedAnswer(db, objectId);
    const q = a && (await repo.selectFlaggedQuestion(db, a.question_id));
    if (!a || !q) return null;
    return {
      type,
      id: a.id,
      authorId: Number(a.user_id),
      question: q,
      answerId: a.id,
      commentId: '',
      status: Number(a.status),
      showStatus: SHOW.listed,
      createdAt: Number(a.created_at),
      originalText: a.original_text,
      parsedText: a.parsed_text,
      accepted: Number(a.adopted) === ADOPTED.yes,
      notice: { id: a.id, type, title: q.title, map: { question: q.id, answer: a.id } },
    };
  }
  if (type === 'comment') {
    const c = await repo.selectFlaggedComment(db, objectId);
    const q = c && (await repo.selectFlaggedQuestion(db, c.question_id));
    if (!c || !q) return null;
    const answerId = objectTypeOf(c.object_id) === 'answer' ? c.object_id : '';
    const answer = answerId ? await repo.selectFlaggedAnswer(db, answerId) : undefined;
    return {
      type,
      id: c.id,
      authorId: Number(c.user_id),
      question: q,
      answerId,
      commentId: c.id,
      status: Number(c.status),
      showStatus: SHOW.listed,
      createdAt: Number(c.created_at),
      originalText: c.original_text,
      parsedText: c.parsed_text,
      accepted: answer ? Number(answer.adopted) === ADOPTED.yes : q.accepted_answer_id !== null,
      notice: {
        id: c.id,
        type,
        title: q.title,
        map: { question: q.id, ...(answerId ? { answer: answerId } : {}), comment: c.id },
      },
    };
  }
  return null;
}

/** The flag's reason as the reasons list shows it in `lang` (a reason no longer listed: its id alone). */
export async function flagReason(
  reasons: ReasonSource,
  type: ReportableType,
  reasonId: number,
  lang: Language,
): Promise<ReasonItem> {
  const reason = (await reasons.list(type, 'flag')).find((r) => r.id === Number(reasonId));
  if (reason) return toReasonItem(reason, lang);
  return {
    reason_key: '',
    reason_type: Number(reasonId),
    name: '',
    description: '',
    content_type: '',
    placeholder: '',
  };
}

/** One queue entry: the flag, who raised it and why, and the object in its question. */
export async function flaggedPost(
  db: Kysely<DB>,
  flag: ReportRow,
  object: FlaggedObject,
  reason: ReasonItem,
): Promise<FlaggedPost> {
  const q = object.question;
  const [users, tags] = await Promise.all([
    loadPostUsers(db, [object.authorId, Number(flag.user_id)]),
    repo.selectQuestionTags(db, q.id),
  ]);
  const user = (id: number) => {
    const found = users.get(id);
    if (found) return found;
    const none = { id: String(id), username: '', rank: 0, display_name: '', avatar: '', website: '' };
    return { ...none, location: '', language: '', status: 'deleted' as const, suspended_until: 0 };
  };
  return {
    flag_id: flag.id,
    created_at: seconds(object.createdAt),
    object_id: object.id,
    question_id: q.id,
    answer_id: object.answerId,
    comment_id: object.commentId,
    object_type: object.type,
    title: q.title,
    url_title: urlTitle(q.title),
    original_text: object.originalText,
    parsed_text: object.parsedText,
    answer_count: Number(q.answer_count),
    answer_accepted: object.accepted,
    tags: tagsByQuestion(tags).get(q.id) ?? [],
    object_status: object.status,
    object_show_status: object.showStatus,
    author_user_info: user(object.authorId),
    submit_at: seconds(flag.created_at),
    submitter_user: user(Number(flag.user_id)),
    reason,
    reason_content: flag.content,
  };
}
