import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { badgeSite, MEMBERS, type BadgeSite } from './badge-site';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** Racing requests that each earn the same badge: one award, one count, one notification. */
describe.each(available)('simultaneous awards on $label', (target) => {
  let s: BadgeSite;
  let questions: string[];
  beforeAll(async () => {
    s = await badgeSite(target);
    questions = [];
    for (let i = 0; i < 5; i++) questions.push(await s.ask('alice'));
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('5 parallel bookmarks by a new member earn "first_bookmark" once', async () => {
    const bob = MEMBERS.bob.id;
    const replies = await Promise.all(
      questions.map((id) =>
        s.call({ method: 'POST', url: '/collection/switch', as: 'bob', payload: { object_id: id, bookmark: true } }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await s.awards(bob, 'first_bookmark')).toHaveLength(1);
    expect((await s.badge('first_bookmark')).award_count).toBe(1);
    expect((await s.achievements(bob)).filter((n) => n.content.includes('"icon":"bookmark"'))).toHaveLength(1);
  });

  it('5 parallel votes by a new member earn "first_vote" once', async () => {
    const carol = MEMBERS.carol.id;
    const replies = await Promise.all(
      questions.map((id) => s.call({ method: 'POST', url: '/vote/up', as: 'carol', payload: { object_id: id } })),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await s.awards(carol, 'first_vote')).toHaveLength(1);
    expect((await s.badge('first_vote')).award_count).toBe(1);
    expect((await s.achievements(carol)).filter((n) => n.content.includes('"icon":"vote"'))).toHaveLength(1);
  });

  it('10 visitors viewing at once take a question to 1000 views: its author gets one award', async () => {
    const question = questions[1]!;
    await s.db.updateTable('question').set({ view_count: 990 }).where('id', '=', question).execute();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        s.app.inject({
          method: 'GET',
          url: `/answer/api/v1/question/info?id=${question}`,
          remoteAddress: `10.9.0.${i + 1}`,
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await s.awards(MEMBERS.alice.id, 'question_views_1000')).map((a) => a.award_key)).toEqual([question]);
    expect((await s.badge('question_views_1000')).award_count).toBe(1);
    expect((await s.achievements(MEMBERS.alice.id)).filter((n) => n.content.includes('"icon":"views"'))).toHaveLength(
      1,
    );
  });

  it('votes from 5 members at once lift a question to 10: its author gets one award for it', async () => {
    const question = questions[0]!;
    // Five more votes make 10, at whichever of them commits last.
    await s.db.updateTable('question').set({ vote_count: 5 }).where('id', '=', question).execute();
    const voters = ['bob', 'dave', 'erin', 'mod', 'admin'] as const;
    await s.db.updateTable('user').set({ rank: 10 }).where('id', '=', MEMBERS.admin.id).execute();
    const replies = await Promise.all(
      voters.map((as) => s.call({ method: 'POST', url: '/vote/up', as, payload: { object_id: question } })),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const row = await s.db
      .selectFrom('question')
      .select('vote_count')
      .where('id', '=', question)
      .executeTakeFirstOrThrow();
    expect(Number(row.vote_count)).toBe(10);
    expect((await s.awards(MEMBERS.alice.id, 'question_score_10')).map((a) => a.award_key)).toEqual([question]);
    expect((await s.badge('question_score_10')).award_count).toBe(1);
  });
});
