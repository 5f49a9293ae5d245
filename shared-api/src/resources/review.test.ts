import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { answerKeys } from './answer';
import { commentKeys } from './comment';
import { notificationKeys } from './notification';
import { questionKeys } from './question';
import { refreshAfterReview, reportOperations, reviewKeys, type ReviewedObject } from './review';
import { revisionKeys } from './revision';
import { tagKeys } from './tag';

const Q = '10010000000000001';
const A = '10020000000000001';
const OTHER_Q = '10010000000000002';

/** A cache holding one entry under each key a decision might touch, and some it must not. */
function seeded() {
  const client = new QueryClient();
  const keys = {
    types: reviewKeys.types(),
    queue: reviewKeys.page('flagged_post', 1),
    badge: notificationKeys.status(),
    questionList: questionKeys.list('newest', 1),
    question: questionKeys.detail(Q),
    otherQuestion: questionKeys.detail(OTHER_Q),
    answers: answerKeys.page(Q, 'default', 1),
    otherAnswers: answerKeys.page(OTHER_Q, 'default', 1),
    answerEdit: answerKeys.edit(A),
    tag: tagKeys.bySlug('node'),
    comments: [...commentKeys.lists(), { object_id: A }],
    revisions: revisionKeys.list(A),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, {});
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, stale };
}

describe('refreshAfterReview', () => {
  it.each<[string, ReviewedObject, string[]]>([
    [
      'a question: every question key (lists show its title and status), its answers, its revisions',
      { objectType: 'question', objectId: Q, questionId: Q },
      ['answers', 'badge', 'otherQuestion', 'question', 'questionList', 'queue', 'types'],
    ],
    [
      'an answer: its question, its answers and revisions, no other question',
      { objectType: 'answer', objectId: A, questionId: Q },
      ['answerEdit', 'answers', 'badge', 'question', 'queue', 'revisions', 'types'],
    ],
    [
      'a tag: the tag keys',
      { objectType: 'tag', objectId: '10030000000000001', questionId: '' },
      ['badge', 'queue', 'tag', 'types'],
    ],
    [
      'a comment: the comment lists',
      { objectType: 'comment', objectId: '10040000000000001', questionId: Q },
      ['badge', 'comments', 'queue', 'types'],
    ],
  ])('after a decision on %s, plus the queues and the badge', async (_case, object, expected) => {
    const { client, stale } = seeded();
    await refreshAfterReview(client, object);
    expect(stale()).toEqual(expected);
  });
});

describe('reportOperations', () => {
  const post = (object_type: string, object_status = 1, object_show_status = 1) => ({
    object_type,
    object_status,
    object_show_status,
  });

  it('offers every operation on a listed, open question', () => {
    expect(reportOperations(post('question'))).toEqual([
      'edit_post',
      'close_post',
      'delete_post',
      'unlist_post',
      'ignore_report',
    ]);
  });

  it('closes and unlists questions only, and each only once; deletes only what is not deleted', () => {
    expect(reportOperations(post('question', 2, 2))).toEqual(['edit_post', 'delete_post', 'ignore_report']);
    expect(reportOperations(post('answer'))).toEqual(['edit_post', 'delete_post', 'ignore_report']);
    expect(reportOperations(post('comment', 10))).toEqual(['edit_post', 'ignore_report']);
  });
});
