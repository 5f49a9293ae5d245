import type {
  AdminAnswerItem,
  AdminAnswerPage,
  AdminAnswersQuery,
  AdminAnswerStatusBody,
  AdminQuestionItem,
  AdminQuestionPage,
  AdminQuestionsQuery,
  AdminQuestionStatusBody,
  AdminReportItem,
  AdminReportPage,
  AdminReportsQuery,
} from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import type { Language } from '../../i18n';
import { ApiFailure } from '../../lib/api-failure';
import { urlTitle } from '../../lib/text';
import { seconds } from '../../lib/time';
import { inputId } from '../../plugins/short-ids';
import type { AnswerService } from '../answer/service';
import type { AuditEntry, AuditWrite } from '../audit/service';
import type { Actor } from '../post/actor';
import { contextTagsOf, goneUser, loadPostsInContext } from '../post/in-context';
import { ADOPTED, ANSWER_STATUS, QUESTION_STATUS } from '../post/table';
import type { QuestionOperationService } from '../question/operations';
import { loadPostUsers, type QuestionPostService } from '../question/posts';
import { closeReasonOf } from '../question/rules';
import type { ReasonSource } from '../reasons/service';
import { flaggedPostWith, flagReason, onceEach } from '../report/flagged';
import type { ReportReviewService } from '../report/review';
import { REPORT_STATUS, type ReportableType } from '../report/table';
import { ANSWER_FILTERS, QUESTION_FILTERS, selectAdminAnswers, selectAdminQuestions } from './repository';

/** Post statuses as the audit log names them (the wire's words). */
const POST_STATUS_WORDS: Record<number, string> = { 1: 'available', 2: 'closed', 10: 'deleted' };

/** The paths a status change takes: the same services the site's own moderation uses. */
export interface AdminContentPaths {
  posts: QuestionPostService;
  operations: QuestionOperationService;
  answers: AnswerService;
  reasons: ReasonSource;
  /** The flags (the report module's list of them). */
  flags: Pick<ReportReviewService, 'flagPage'>;
}

const DEFAULT_PAGE_SIZE = 20;
const wireId = (id: string | null) => id ?? '0';

/**
 * The id a `question:<id>` (or `answer:<id>`) query names, long or short, as a long id; null when it
 * names no post of that type; undefined when the query is not of that form (a title fragment).
 */
function namedId(query: string, prefix: 'question' | 'answer'): string | null | undefined {
  const match = new RegExp(`^${prefix}:\\s*(\\S+)$`, 'i').exec(query);
  if (!match) return undefined;
  const id = inputId(match[1]!);
  return objectTypeOf(id) === prefix ? id : null;
}

function paging(query: { page?: number; page_size?: number }) {
  const size = query.page_size ?? DEFAULT_PAGE_SIZE;
  return { offset: ((query.page ?? 1) - 1) * size, size };
}

/**
 * The admin's content screens: every question and answer by status (newest first), changes of their
 * status through the site's own moderation paths (so activity rows, counts, tag counts, reputation and
 * inbox notices are those of staff acting on the site), and every flag with how it was settled.
 */
export class AdminContentService {
  readonly #db: Kysely<DB>;
  readonly #paths: AdminContentPaths;

  constructor(db: Kysely<DB>, paths: AdminContentPaths) {
    this.#db = db;
    this.#paths = paths;
  }

  async questions(query: AdminQuestionsQuery): Promise<AdminQuestionPage> {
    const text = (query.query ?? '').trim();
    const id = namedId(text, 'question');
    if (id === null) return { count: 0, list: [] };
    const filter = {
      statuses: QUESTION_FILTERS[query.status ?? 'normal'],
      ...(id !== undefined ? { id } : text ? { title: text } : {}),
    };
    const { offset, size } = paging(query);
    const { rows, count } = await selectAdminQuestions(this.#db, filter, offset, size);
    const users = await loadPostUsers(
      this.#db,
      rows.map((r) => Number(r.user_id)),
    );
    const list = rows.map((row): AdminQuestionItem => ({
      id: row.id,
      title: row.title,
      url_title: urlTitle(row.title),
      vote_count: Number(row.vote_count),
      show: Number(row.show),
      pin: Number(row.pin),
      answer_count: Number(row.answer_count),
      accepted_answer_id: wireId(row.accepted_answer_id),
      status: Number(row.status),
      create_time: seconds(row.created_at),
      update_time: seconds(row.updated_at),
      edit_time: seconds(row.post_update_time),
      user_info: users.get(Number(row.user_id)) ?? goneUser(Number(row.user_id)),
    }));
    return { count, list };
  }

  async answers(query: AdminAnswersQuery): Promise<AdminAnswerPage> {
    const text = (query.query ?? '').trim();
    const id = namedId(text, 'answer');
    if (id === null) return { count: 0, list: [] };
    const filter = {
      statuses: ANSWER_FILTERS[query.status ?? 'normal'],
      ...(query.question_id ? { questionId: query.question_id } : {}),
      ...(id !== undefined ? { id } : text ? { title: text } : {}),
    };
    const { offset, size } = paging(query);
    const { rows, count } = await selectAdminAnswers(this.#db, filter, offset, size);
    const users = await loadPostUsers(
      this.#db,
      rows.map((r) => Number(r.user_id)),
    );
    const list = rows.map((row): AdminAnswerItem => ({
      id: row.id,
      question_id: row.question_id,
      description: row.original_text,
      status: Number(row.status),
      create_time: seconds(row.created_at),
      update_time: seconds(row.updated_at),
      accepted: Number(row.adopted) === ADOPTED.yes ? 2 : 1,
      user_info: users.get(Number(row.user_id)) ?? goneUser(Number(row.user_id)),
      vote_count: Number(row.vote_count),
      question_info: { title: row.title, url_title: urlTitle(row.title) },
    }));
    return { count, list };
  }

  /**
   * PUT question/status: closing takes a close reason as the site's close does; `available` reopens a
   * closed question or restores a deleted one; a status the question already has changes nothing.
   * A queued question is approved or rejected in the review queue, not here.
   */
  async setQuestionStatus(actor: Actor, body: AdminQuestionStatusBody, audit: AuditWrite): Promise<void> {
    const { posts, operations, reasons } = this.#paths;
    const { row } = await posts.view(body.question_id, actor);
    const current = Number(row.status);
    if (current === QUESTION_STATUS.pending) throw ApiFailure.badRequest('error.admin.post_pending');
    // The audit entry commits with the change where the path takes `also`, else right after it.
    const entry: AuditEntry = {
      action: 'question.status_changed',
      target: { type: 'question', id: row.id, name: row.title },
      detail: { from: POST_STATUS_WORDS[current] ?? String(current), to: body.status },
    };
    const also = (trx: Transaction<DB>) => audit(entry, trx);
    switch (body.status) {
      case 'closed': {
        if (current === QUESTION_STATUS.closed) return;
        const { reason, msg } = closeReasonOf(await reasons.list('question', 'close'), body.close_type, body.close_msg);
        return operations.close(actor, row, reason, msg, also);
      }
      case 'deleted':
        return posts.remove(actor, row.id, also);
      case 'available':
        if (current === QUESTION_STATUS.closed) await operations.reopen(actor, row);
        else if (current === QUESTION_STATUS.deleted) await operations.recoverQuestion(actor, row);
        else return;
        return audit(entry);
    }
  }

  /** PUT answer/status: delete or restore through the site's answer paths; no change is a no-op. */
  async setAnswerStatus(actor: Actor, body: AdminAnswerStatusBody, audit: AuditWrite): Promise<void> {
    const { answers } = this.#paths;
    const row = await answers.one(body.answer_id, actor);
    const current = Number(row.status);
    if (current === ANSWER_STATUS.pending) throw ApiFailure.badRequest('error.admin.post_pending');
    if (body.status !== 'deleted' && current !== ANSWER_STATUS.deleted) return;
    const question = await this.#db
      .selectFrom('question')
      .select('title')
      .where('id', '=', row.question_id)
      .executeTakeFirst();
    const entry: AuditEntry = {
      action: 'answer.status_changed',
      target: { type: 'answer', id: row.id, name: question?.title ?? '' },
      detail: { from: POST_STATUS_WORDS[current] ?? String(current), to: body.status },
    };
    if (body.status === 'deleted') return answers.remove(actor, row, (trx) => audit(entry, trx));
    await answers.recover(actor, row);
    await audit(entry);
  }

  /**
   * GET reports/page: flags newest first, each with its object in its question as the review queue
   * shows it, whether it is settled, by which action and when. Pending flags whose object is gone are
   * completed first (as the queue does), so the pending list holds only flags one can still act on.
   */
  async reports(query: AdminReportsQuery, lang: Language): Promise<AdminReportPage> {
    const { offset, size } = paging(query);
    const { rows, count } = await this.#paths.flags.flagPage(query.status, offset, size);
    // The page's posts, questions' tags and people, each read once for all its flags.
    const objects = await loadPostsInContext(
      this.#db,
      rows.map((f) => f.object_id),
    );
    const found = [...objects.values()];
    const tags = await contextTagsOf(
      this.#db,
      found.map((o) => o.question.id),
    );
    const users = await loadPostUsers(this.#db, [
      ...found.map((o) => o.authorId),
      ...rows.map((f) => Number(f.user_id)),
    ]);
    const reasons = onceEach(this.#paths.reasons);
    const list: AdminReportItem[] = [];
    for (const flag of rows) {
      const object = objects.get(flag.object_id);
      if (!object) continue;
      const type = object.type as ReportableType;
      const reason = await flagReason(reasons, type, flag.report_type, lang);
      const pending = Number(flag.status) === REPORT_STATUS.pending;
      const read = { users, tags: tags.get(object.question.id) ?? [] };
      list.push({
        ...flaggedPostWith(flag, object, reason, read),
        status: pending ? 'pending' : 'completed',
        action: pending
          ? ''
          : (flag.flagged_content ?? (Number(flag.status) === REPORT_STATUS.ignored ? 'ignore_report' : '')),
        handled_at: pending ? 0 : seconds(flag.updated_at),
      });
    }
    return { count, list };
  }
}
