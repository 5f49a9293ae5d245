import type { Kysely } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { isStaff, type Viewer } from '../profile/mapping';
import { plainExcerpt, urlTitle } from '../../lib/text';
import * as repo from './repository';

/** Translates a reason key (request.t). */
export type Translate = (key: string) => string;

/** Available posts, and for their author (or staff) pending ones too. */
function postVisible(status: number, authorId: number, viewer: Viewer | null): boolean {
  if (status === 1) return true;
  return status === 11 && !!viewer && (isStaff(viewer) || viewer.userId === authorId);
}

function questionRowVisible(
  q: { status: number; show: number; user_id: number } | undefined,
  viewer: Viewer | null,
): boolean {
  if (!q) return false;
  if (isStaff(viewer)) return q.status !== 10;
  if ((q.status === 1 || q.status === 2) && q.show === 1) return true;
  return !!viewer && viewer.userId === q.user_id && q.status !== 10;
}

/**
 * What activity rows point at, as the viewer may see it: object type, question and answer ids,
 * title and a plain excerpt. An object the viewer may not see (deleted, unlisted, pending, or on
 * such a post) shows neither its text nor where it is: no question or answer id (so no link), and
 * the title `profile.unavailable_post`.
 */
export async function describeObjects(db: Kysely<DB>, objectIds: string[], viewer: Viewer | null, t: Translate) {
  const ids = [...new Set(objectIds)];
  const byType = (type: string) => ids.filter((id) => objectTypeOf(id) === type);
  const [comments, answersDirect] = await Promise.all([
    repo.commentsByIds(db, byType('comment')),
    repo.answerExcerpts(db, byType('answer')),
  ]);
  const answerIds = comments.map((c) => c.object_id).filter((id) => objectTypeOf(id) === 'answer');
  const moreAnswers = await repo.answerExcerpts(db, answerIds);
  const answers = new Map([...answersDirect, ...moreAnswers].map((a) => [a.id, a]));
  const questionIds = [...byType('question'), ...[...answers.values()].map((a) => a.question_id)];
  for (const c of comments) questionIds.push(c.question_id);
  const questions = new Map(
    (await repo.questionExcerpts(db, questionIds)).map((q) => [
      q.id,
      { ...q, status: Number(q.status), show: Number(q.show), user_id: Number(q.user_id) },
    ]),
  );
  const commentsById = new Map(comments.map((c) => [c.id, c]));

  return (id: string) => {
    const type = objectTypeOf(id);
    const blank = { object_type: type ?? '', question_id: '', answer_id: '', title: '', url_title: '', content: '' };
    const gone = { ...blank, title: t('profile.unavailable_post') };
    const withQuestion = (questionId: string, answerId: string, content: string, visible: boolean) => {
      const q = questions.get(questionId);
      if (!visible || !questionRowVisible(q, viewer)) return gone;
      return {
        object_type: type ?? '',
        question_id: questionId,
        answer_id: answerId,
        title: q!.title,
        url_title: urlTitle(q!.title),
        content,
      };
    };
    if (type === 'question') {
      const q = questions.get(id);
      return withQuestion(id, '', plainExcerpt(q?.body ?? ''), true);
    }
    if (type === 'answer') {
      const a = answers.get(id);
      if (!a) return gone;
      return withQuestion(
        a.question_id,
        id,
        plainExcerpt(a.body),
        postVisible(Number(a.status), Number(a.user_id), viewer),
      );
    }
    if (type === 'comment') {
      const c = commentsById.get(id);
      if (!c) return gone;
      const a = answers.get(c.object_id);
      const answerOk = !a || postVisible(Number(a.status), Number(a.user_id), viewer);
      return withQuestion(
        c.question_id,
        a ? a.id : '',
        plainExcerpt(c.parsed_text),
        answerOk && postVisible(Number(c.status), Number(c.user_id), viewer),
      );
    }
    return blank;
  };
}
