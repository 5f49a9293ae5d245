import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { eventSite, expected, PEOPLE, place, uniqueText, who, type EventSite, type Person } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('who receives inbox entries on $label', (target) => {
  let s: EventSite;

  beforeAll(async () => {
    s = await eventSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const setStatus = (person: Person, status: string) =>
    s.must({
      method: 'PUT',
      url: '/user/status',
      admin: true,
      as: 'admin',
      payload: {
        user_id: String(PEOPLE[person].id),
        status,
        ...(status === 'suspended' ? { suspend_duration: '7d' } : {}),
      },
    });
  const invite = (id: string, names: string[], as: Person = 'alice') =>
    s.call({ method: 'PUT', url: '/question/invite', payload: { id, invite_user: names }, as });
  const invitations = async (questionId: string) =>
    (await s.entries(questionId)).filter((e) => e.content.notification_action === 'invited_you_to_answer');

  it('deleted and suspended members get nothing; a lifted suspension receives again', async () => {
    const gone = await s.ask('ghost');
    const held = await s.ask('frozen');
    await setStatus('ghost', 'deleted');
    await setStatus('frozen', 'suspended');
    const answers = [await s.answer(gone.id, 'bob'), await s.answer(held.id, 'bob')];
    const comments = [
      await s.comment(gone.id, 'bob', `@frozen and @ghost ${uniqueText('c').slice(0, 40)}`),
      await s.comment(held.id, 'carol', `@frozen ${uniqueText('c').slice(0, 40)}`),
    ];
    for (const id of [...answers, ...comments]) expect(await s.entries(id)).toEqual([]);
    expect(await s.inbox('ghost')).toEqual([]);
    expect(await s.inbox('frozen')).toEqual([]);

    await setStatus('frozen', 'normal');
    const later = await s.answer(held.id, 'carol');
    expect(await s.entries(later)).toEqual([expected('frozen', 'carol', 'answer_the_question', place(held, later))]);
  });

  it('an invitation is one entry per member and question, even when invited again later', async () => {
    const q = await s.ask('alice');
    expect((await invite(q.id, ['carol', 'dave'])).status).toBe(200);
    const at = place(q);
    expect(await invitations(q.id)).toEqual([
      expected('carol', 'alice', 'invited_you_to_answer', at, { msgType: 3 }),
      expected('dave', 'alice', 'invited_you_to_answer', at, { msgType: 3 }),
    ]);
    expect((await invite(q.id, ['carol'])).status).toBe(200);
    expect((await invite(q.id, ['carol', 'dave', 'erin'], 'bob')).status).toBe(200);
    expect(who(await invitations(q.id))).toEqual([
      [PEOPLE.carol.id, 'invited_you_to_answer'],
      [PEOPLE.dave.id, 'invited_you_to_answer'],
      [PEOPLE.erin.id, 'invited_you_to_answer'],
    ]);
  });

  it('parallel invitations of one member write one entry', async () => {
    const q = await s.ask('alice');
    const inviters: Person[] = ['alice', 'bob', 'carol', 'dave'];
    const results = await Promise.all(inviters.map((as) => invite(q.id, ['erin'], as)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await invitations(q.id)).toHaveLength(1);
    expect((await invitations(q.id))[0]!.user_id).toBe(PEOPLE.erin.id);
  });

  it('bad input writes nothing: an unknown question, a comment on a missing post, a foreign comment id', async () => {
    const q = await s.ask('alice');
    const before = (await s.inbox('alice')).length;
    const unknownQuestion = await invite('10010000000000999', ['carol']);
    expect(unknownQuestion.status).toBe(404);
    expect(unknownQuestion.body.reason).toBe('error.question.not_found');
    const missingPost = await s.call({
      method: 'POST',
      url: '/comment',
      payload: { object_id: '10020000000000999', original_text: uniqueText('nowhere').slice(0, 60) },
      as: 'bob',
    });
    expect(missingPost.status).toBe(404);
    const other = await s.ask('erin');
    const elsewhere = await s.comment(other.id, 'carol');
    const wrongReply = await s.call({
      method: 'POST',
      url: '/comment',
      payload: {
        object_id: q.id,
        original_text: `@alice ${uniqueText('x').slice(0, 40)}`,
        reply_comment_id: elsewhere,
      },
      as: 'bob',
    });
    expect(wrongReply.status).toBe(404);
    expect(wrongReply.body.reason).toBe('error.comment.not_found');
    expect(await s.inbox('alice')).toHaveLength(before);
  });
});
