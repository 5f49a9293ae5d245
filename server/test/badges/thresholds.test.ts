import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { badgeSite, MEMBERS, type BadgeSite, type Member } from './badge-site';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/**
 * Badges with a threshold: each is earned when the count reaches it, not one below. Big counts are
 * seeded in the database, then the last step is taken through the API.
 */
describe.each(available)('threshold badges on $label', (target) => {
  let s: BadgeSite;
  beforeAll(async () => {
    s = await badgeSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const voteUp = async (as: Member, objectId: string) => {
    const res = await s.call({ method: 'POST', url: '/vote/up', as, payload: { object_id: objectId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const setScore = (table: 'question' | 'answer', id: string, score: number) =>
    s.db.updateTable(table).set({ vote_count: score }).where('id', '=', id).execute();

  it('a question earns "question_score_10" for its author at a score of 10, once per question', async () => {
    const alice = MEMBERS.alice.id;
    const first = await s.ask('alice');
    await setScore('question', first, 8);
    await voteUp('bob', first);
    expect(await s.awards(alice, 'question_score_10')).toEqual([]);
    await voteUp('carol', first);
    expect((await s.awards(alice, 'question_score_10')).map((a) => a.award_key)).toEqual([first]);
    await voteUp('dave', first);
    expect(await s.awards(alice, 'question_score_10')).toHaveLength(1);
    expect(await s.awards(alice, 'question_score_25')).toEqual([]);

    // Another question of hers earns it again; the badge still counts one member.
    const second = await s.ask('alice');
    await setScore('question', second, 9);
    await voteUp('bob', second);
    expect((await s.awards(alice, 'question_score_10')).map((a) => a.award_key)).toEqual([first, second]);
    expect((await s.badge('question_score_10')).award_count).toBe(1);
    expect((await s.achievements(alice)).filter((n) => n.content.includes('question_score_10'))).toHaveLength(2);

    // 25 and 100 follow the same rule.
    await setScore('question', second, 24);
    await voteUp('carol', second);
    expect((await s.awards(alice, 'question_score_25')).map((a) => a.award_key)).toEqual([second]);
    expect(await s.awards(alice, 'question_score_100')).toEqual([]);
  });

  it('an answer earns "answer_score_10" for its author at a score of 10 (keyed by the answer)', async () => {
    const bob = MEMBERS.bob.id;
    const answer = await s.answer('bob', await s.ask('carol'));
    await setScore('answer', answer, 8);
    await voteUp('dave', answer);
    expect(await s.awards(bob, 'answer_score_10')).toEqual([]);
    await voteUp('erin', answer);
    expect((await s.awards(bob, 'answer_score_10')).map((a) => a.award_key)).toEqual([answer]);
    // The question's own score badges are another matter.
    expect(await s.awards(bob, 'question_score_10')).toEqual([]);
  });

  it('a question viewed 1000 times earns "question_views_1000" for its author', async () => {
    const question = await s.ask('carol');
    await s.db.updateTable('question').set({ view_count: 998 }).where('id', '=', question).execute();
    const view = (as: Member) => s.call({ method: 'GET', url: `/question/info?id=${question}`, as });
    expect((await view('alice')).status).toBe(200);
    expect(await s.awards(MEMBERS.carol.id, 'question_views_1000')).toEqual([]);
    expect((await view('bob')).status).toBe(200);
    expect((await s.awards(MEMBERS.carol.id, 'question_views_1000')).map((a) => a.award_key)).toEqual([question]);
    expect(await s.awards(MEMBERS.carol.id, 'question_views_2500')).toEqual([]);
  });

  it('reaching 200 reputation earns "reputation_200"; 195 does not', async () => {
    const erin = MEMBERS.erin.id;
    const answer = await s.answer('erin', await s.ask('alice'));
    await s.db.updateTable('user').set({ rank: 185 }).where('id', '=', erin).execute();
    await voteUp('alice', answer);
    expect(await s.awards(erin, 'reputation_200')).toEqual([]);
    await voteUp('bob', answer);
    expect(await s.awards(erin, 'reputation_200')).toHaveLength(1);
    expect(await s.awards(erin, 'reputation_1000')).toEqual([]);
  });

  it('the tenth accepted answer earns "accepted_answers_10"; the ninth does not', async () => {
    const typeId = Number(
      (await s.db.selectFrom('config').select('id').where('key', '=', 'answer.accepted').executeTakeFirstOrThrow()).id,
    );
    // Earlier accepted answers, seeded as the accept activities they leave.
    const seed = async (userId: number, n: number) => {
      for (let i = 0; i < n; i++) {
        await s.db
          .insertInto('activity')
          .values({
            id: 900_000 + userId * 100 + i,
            user_id: userId,
            trigger_user_id: 0,
            object_id: `1002${String(9_000_000 + userId * 100 + i).padStart(13, '0')}`,
            original_object_id: '10010000000000001',
            activity_type: typeId,
            cancelled: 0,
            cancelled_at: null,
            rank: 0,
            has_rank: 0,
            revision_id: null,
            created_at: 1,
            updated_at: 1,
          })
          .execute();
      }
    };
    const accept = async (answerer: Member, asker: Member) => {
      const question = await s.ask(asker);
      const answer = await s.answer(answerer, question);
      const res = await s.call({
        method: 'POST',
        url: '/answer/acceptance',
        as: asker,
        payload: { question_id: question, answer_id: answer },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await seed(MEMBERS.dave.id, 9);
    await seed(MEMBERS.mod.id, 8);
    await accept('dave', 'carol');
    await accept('mod', 'carol');
    expect(await s.awards(MEMBERS.dave.id, 'accepted_answers_10')).toHaveLength(1);
    expect(await s.awards(MEMBERS.mod.id, 'accepted_answers_10')).toEqual([]);
    expect(await s.awards(MEMBERS.dave.id, 'accepted_answers_50')).toEqual([]);
  });
});
