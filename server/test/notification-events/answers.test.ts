import type { AnswerWithQuestion, PendingPostPage } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { eventSite, expected, PEOPLE, place, uniqueText, who, type EventSite, type Person } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('inbox entries of answers on $label', (target) => {
  let s: EventSite;

  beforeAll(async () => {
    s = await eventSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const follow = (id: string, as: Person, cancel = false) =>
    s.must({ method: 'POST', url: '/follow', payload: { object_id: id, is_cancel: cancel }, as });

  it('an answer tells the asker (answer_the_question), linked to the answer in its question', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q.id, 'bob');
    expect(await s.entries(a)).toEqual([expected('alice', 'bob', 'answer_the_question', place(q, a))]);
    // Answering one's own question tells nobody.
    const own = await s.answer(q.id, 'alice');
    expect(await s.entries(own)).toEqual([]);
  });

  it('followers hear of a new answer, except the answerer and the asker; unfollowing stops it', async () => {
    const q = await s.ask('alice');
    for (const person of ['alice', 'bob', 'carol', 'dave', 'erin'] as const) await follow(q.id, person);
    await follow(q.id, 'erin', true);
    const a = await s.answer(q.id, 'bob');
    const at = place(q, a);
    expect(await s.entries(a)).toEqual([
      expected('alice', 'bob', 'answer_the_question', at),
      expected('carol', 'bob', 'answer_the_followed_question', at),
      expected('dave', 'bob', 'answer_the_followed_question', at),
    ]);
    // The asker answering their own followed question tells the followers only.
    const byAsker = await s.answer(q.id, 'alice');
    expect(who(await s.entries(byAsker))).toEqual([
      [PEOPLE.bob.id, 'answer_the_followed_question'],
      [PEOPLE.carol.id, 'answer_the_followed_question'],
      [PEOPLE.dave.id, 'answer_the_followed_question'],
    ]);
  });

  it('an unlisted question: only staff followers hear of its answers', async () => {
    const q = await s.ask('alice');
    await follow(q.id, 'carol');
    await follow(q.id, 'mod');
    await s.must({ method: 'PUT', url: '/question/operation', payload: { id: q.id, operation: 'hide' }, as: 'mod' });
    const a = await s.answer(q.id, 'alice');
    expect(who(await s.entries(a))).toEqual([[PEOPLE.mod.id, 'answer_the_followed_question']]);
  });

  it('a queued answer tells the asker and followers only when a reviewer approves it', async () => {
    const settings = await s.must<Record<string, unknown>>({
      method: 'GET',
      url: '/siteinfo/moderation',
      as: 'admin',
      admin: true,
    });
    const moderation = (words: string[]) =>
      s.must({
        method: 'PUT',
        url: '/siteinfo/moderation',
        as: 'admin',
        admin: true,
        payload: { ...settings, queue_words: words },
      });
    await moderation(['quarantine']);
    try {
      const q = await s.ask('alice');
      await follow(q.id, 'carol');
      const payload = { question_id: q.id, content: `${uniqueText('answer')} quarantine` };
      const posted = await s.must<AnswerWithQuestion>({ method: 'POST', url: '/answer', payload, as: 'dave' });
      const a = posted.info.id;
      expect(await s.entries(a)).toEqual([]);
      const page = await s.must<PendingPostPage>({
        method: 'GET',
        url: `/review/pending/post/page?page=1&object_id=${a}`,
        as: 'mod',
      });
      const task = page.list[0]!;
      await s.must({
        method: 'PUT',
        url: '/review/pending/post',
        payload: { review_id: task.review_id, status: 'approve' },
        as: 'mod',
      });
      const at = place(q, a);
      expect(await s.entries(a)).toEqual([
        expected('alice', 'dave', 'answer_the_question', at),
        expected('carol', 'dave', 'answer_the_followed_question', at),
        expected('dave', 'mod', 'your_post_was_approved', at),
      ]);
    } finally {
      await moderation([]);
    }
  });

  it('accepting an answer tells its author (accept_answer); accepting one’s own tells nobody', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q.id, 'bob');
    const own = await s.answer(q.id, 'alice');
    const accept = (answerId: string) =>
      s.must({
        method: 'POST',
        url: '/answer/acceptance',
        payload: { question_id: q.id, answer_id: answerId },
        as: 'alice',
      });
    await accept(a);
    const accepted = (await s.entries(a)).filter((e) => e.content.notification_action === 'accept_answer');
    expect(accepted).toEqual([expected('bob', 'alice', 'accept_answer', place(q, a))]);
    await accept(own);
    expect(await s.entries(own)).toEqual([]);
    // Accepting the same answer again is no new event.
    await accept(own);
    expect(await s.entries(own)).toEqual([]);
  });
});
