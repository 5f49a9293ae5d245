import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import {
  CLOSE_COMMUNITY,
  eventSite,
  expected,
  FLAG_SPAM,
  place,
  uniqueText,
  type EventSite,
  type Person,
} from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('inbox entries of edits and moderation on $label', (target) => {
  let s: EventSite;

  beforeAll(async () => {
    s = await eventSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const editQuestion = (id: string, title: string, as: Person) =>
    s.call<{ wait_for_review: boolean }>({
      method: 'PUT',
      url: '/question',
      payload: { id, title, content: uniqueText('edited body'), tags: [{ slug_name: 'support' }] },
      as,
    });
  const flagAndReview = async (objectId: string, operation: string) => {
    await s.must({
      method: 'POST',
      url: '/report',
      payload: { object_id: objectId, report_type: FLAG_SPAM },
      as: 'carol',
    });
    const flag = await s.db
      .selectFrom('report')
      .select('id')
      .where('object_id', '=', objectId)
      .executeTakeFirstOrThrow();
    await s.must({
      method: 'PUT',
      url: '/report/review',
      payload: { flag_id: flag.id, operation_type: operation },
      as: 'mod',
    });
  };

  it('an edit applied by someone else tells the author (update_question, update_answer); one’s own edit does not', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q.id, 'bob');
    expect((await editQuestion(q.id, 'Alice tidies up her own question', 'alice')).status).toBe(200);
    expect(await s.entries(q.id)).toEqual([]);
    const title = 'A senior member tidies up this question';
    const res = await editQuestion(q.id, title, 'senior');
    expect(res.body.data.wait_for_review).toBe(false);
    expect(await s.entries(q.id)).toEqual([expected('alice', 'senior', 'update_question', place({ id: q.id, title }))]);
    const answerEdit = { id: a, content: uniqueText('answer rewritten by staff') };
    await s.must({ method: 'PUT', url: '/answer', payload: answerEdit, as: 'mod' });
    const updates = (await s.entries(a)).filter((e) => e.content.notification_action === 'update_answer');
    expect(updates).toEqual([expected('bob', 'mod', 'update_answer', place({ id: q.id, title }, a))]);
  });

  it('a suggested edit tells the author only once it is approved, as from its editor', async () => {
    const q = await s.ask('alice');
    const title = 'Carol suggests a clearer title here';
    const res = await editQuestion(q.id, title, 'carol');
    expect(res.body.data.wait_for_review).toBe(true);
    expect(await s.entries(q.id)).toEqual([]);
    const revision = await s.db
      .selectFrom('revision')
      .select('id')
      .where('object_id', '=', q.id)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    await s.must({
      method: 'PUT',
      url: '/revisions/audit',
      payload: { id: String(revision.id), operation: 'approve' },
      as: 'senior',
    });
    const at = place({ id: q.id, title });
    expect(await s.entries(q.id)).toEqual([
      expected('carol', 'senior', 'your_edit_was_approved', at),
      expected('alice', 'carol', 'update_question', at),
    ]);
  });

  it('closing tells the asker with the close reason', async () => {
    const q = await s.ask('alice');
    await s.must({
      method: 'PUT',
      url: '/question/status',
      payload: { id: q.id, close_type: CLOSE_COMMUNITY },
      as: 'mod',
    });
    expect(await s.entries(q.id)).toEqual([
      expected('alice', 'mod', 'your_question_is_closed', place(q), { reason: 'reason.community_specific' }),
    ]);
  });

  it('deleting, by staff on the site or in the admin screens, tells the author; deleting one’s own does not', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q.id, 'bob');
    const c = await s.comment(q.id, 'dave');
    await s.must({ method: 'DELETE', url: '/comment', payload: { comment_id: c }, as: 'mod' });
    expect(await s.entries(c)).toEqual([
      expected('alice', 'dave', 'comment_question', place(q, undefined, c)),
      expected('dave', 'mod', 'your_comment_was_deleted', place(q, undefined, c)),
    ]);
    await s.must({
      method: 'PUT',
      url: '/answer/status',
      payload: { answer_id: a, status: 'deleted' },
      as: 'admin',
      admin: true,
    });
    expect((await s.entries(a)).slice(1)).toEqual([expected('bob', 'admin', 'your_answer_was_deleted', place(q, a))]);
    await s.must({ method: 'DELETE', url: '/question', payload: { id: q.id }, as: 'admin' });
    expect(await s.entries(q.id)).toEqual([expected('alice', 'admin', 'your_question_was_deleted', place(q))]);

    const mine = await s.ask('erin');
    const myComment = await s.comment(mine.id, 'erin');
    await s.must({ method: 'DELETE', url: '/comment', payload: { comment_id: myComment }, as: 'erin' });
    await s.must({ method: 'DELETE', url: '/question', payload: { id: mine.id }, as: 'erin' });
    expect(await s.inbox('erin')).toEqual([]);
  });

  it('unlisting tells the asker (your_question_was_unlisted); listing again tells nobody', async () => {
    const q = await s.ask('alice');
    await s.must({ method: 'PUT', url: '/question/operation', payload: { id: q.id, operation: 'hide' }, as: 'mod' });
    await s.must({ method: 'PUT', url: '/question/operation', payload: { id: q.id, operation: 'show' }, as: 'mod' });
    expect(await s.entries(q.id)).toEqual([expected('alice', 'mod', 'your_question_was_unlisted', place(q))]);
  });

  it('moderation from a flag carries the flag’s reason, one entry each', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q.id, 'bob');
    const c = await s.comment(a, 'dave');
    await flagAndReview(c, 'delete_post');
    expect((await s.entries(c)).slice(1)).toEqual([
      expected('dave', 'mod', 'your_comment_was_deleted', place(q, a, c), { reason: 'reason.spam' }),
    ]);
    await flagAndReview(a, 'delete_post');
    expect((await s.entries(a)).slice(1)).toEqual([
      expected('bob', 'mod', 'your_answer_was_deleted', place(q, a), { reason: 'reason.spam' }),
    ]);
    await flagAndReview(q.id, 'unlist_post');
    expect(await s.entries(q.id)).toEqual([
      expected('alice', 'mod', 'your_question_was_unlisted', place(q), { reason: 'reason.spam' }),
    ]);
  });
});
