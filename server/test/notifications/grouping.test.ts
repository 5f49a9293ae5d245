import { describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { useNotifySite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const DAY = 86_400_000;

describe.each(available)('grouped votes and achievements on $label', (target) => {
  const s = useNotifySite(target);

  const votes = async (userId: number) =>
    (await s.items(userId, { type: 'inbox', inbox_type: 'votes' })).map((i) => ({
      key: i.notification_action_key,
      object: i.object_info.object_id,
      up: i.vote_up_count,
      down: i.vote_down_count,
      by: i.user_info?.id,
      read: i.is_read,
    }));
  // Reputation entries only: a first vote or answer also earns a badge, listed beside them.
  const achievements = async (userId: number) =>
    (await s.items(userId, { type: 'achievement' }))
      .filter((i) => i.notification_action_key !== 'earned_badge')
      .map((i) => ({
        key: i.notification_action_key,
        object: i.object_info.object_id,
        map: i.object_info.object_map,
        rank: i.rank,
      }));

  it('groups the votes on a post into one unread entry, and starts a new one once it was read', async () => {
    const author = await s.member(100);
    const [v1, v2, v3] = [await s.member(200), await s.member(200), await s.member(200)];
    const q = await s.question(author);
    const a = await s.answer(q, author);

    s.tick();
    await s.vote(v1, 'up', a);
    s.tick();
    await s.vote(v2, 'down', a);
    s.tick();
    await s.vote(v3, 'up', q);
    expect(await votes(author)).toEqual([
      { key: 'up_voted_question', object: q, up: 1, down: 0, by: String(v3), read: false },
      { key: 'down_voted_answer', object: a, up: 1, down: 1, by: String(v2), read: false },
    ]);
    // A cancelled vote adds nothing.
    s.tick();
    await s.vote(v2, 'down', a, true);
    expect((await votes(author))[1]).toMatchObject({ up: 1, down: 1, by: String(v2) });
    // Votes never show under posts; all shows them.
    expect(await s.items(author, { type: 'inbox', inbox_type: 'posts' })).toEqual([]);
    expect(await s.items(author, { type: 'inbox' })).toHaveLength(2);

    // Read, then a new vote: a new entry, the read one stays as it was.
    const answerEntry = (await s.items(author, { type: 'inbox', inbox_type: 'votes' }))[1]!;
    await s.read(author, answerEntry.id);
    s.tick();
    await s.vote(v3, 'up', a);
    expect(await votes(author)).toEqual([
      { key: 'up_voted_answer', object: a, up: 1, down: 0, by: String(v3), read: false },
      { key: 'up_voted_question', object: q, up: 1, down: 0, by: String(v3), read: false },
      { key: 'down_voted_answer', object: a, up: 1, down: 1, by: String(v2), read: true },
    ]);
    // The voters hear nothing of their own votes.
    for (const voter of [v1, v2, v3]) expect(await votes(voter)).toEqual([]);
  });

  it('sums reputation per post and UTC day, gives cancelled votes back, and starts a new entry the next day', async () => {
    const author = await s.member(100);
    const [v1, v2] = [await s.member(200), await s.member(200)];
    const q = await s.question(author);
    const a = await s.answer(q, author);

    s.tick();
    await s.vote(v1, 'up', a);
    s.tick();
    await s.vote(v2, 'up', a);
    s.tick();
    await s.vote(v1, 'up', q);
    expect(await achievements(author)).toEqual([
      { key: 'reputation', object: q, map: { question: q }, rank: 10 },
      { key: 'reputation', object: a, map: { question: q, answer: a }, rank: 20 },
    ]);
    const [, answerDay] = await s.items(author, { type: 'achievement' });
    expect(answerDay!.notification_action).toBe('reputation');
    expect(answerDay!.object_info.title).toMatch(/^A question to vote on /);

    // A cancelled vote takes its points off the same entry; a down vote may take it below 0.
    s.tick();
    await s.vote(v1, 'up', q, true);
    s.tick();
    await s.vote(v2, 'down', q);
    expect((await achievements(author))[0]).toEqual({ key: 'reputation', object: q, map: { question: q }, rank: -2 });
    expect(await s.items(author, { type: 'achievement' })).toHaveLength(2);

    // The next UTC day starts new entries; a vote of yesterday cancelled today counts today.
    s.tick(DAY);
    await s.vote(v1, 'up', a, true);
    s.tick();
    await s.vote(v1, 'down', a);
    expect(await achievements(author)).toEqual([
      { key: 'reputation', object: a, map: { question: q, answer: a }, rank: -12 },
      { key: 'reputation', object: q, map: { question: q }, rank: -2 },
      { key: 'reputation', object: a, map: { question: q, answer: a }, rank: 20 },
    ]);
    // The down voter's own cost (answers: -1) is their achievement.
    expect(await achievements(v1)).toEqual([
      { key: 'reputation', object: a, map: { question: q, answer: a }, rank: -1 },
    ]);
  });

  it('adds an accept to both authors: the answer for its author and the asker', async () => {
    const asker = await s.member(100);
    const answerer = await s.member(100);
    const q = await s.question(asker);
    const a = await s.answer(q, answerer);
    s.tick();
    const accepted = await s.call(asker, {
      method: 'POST',
      url: '/answer/api/v1/answer/acceptance',
      payload: { question_id: q, answer_id: a },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const entry = { key: 'reputation', object: a, map: { question: q, answer: a } };
    expect(await achievements(answerer)).toEqual([{ ...entry, rank: 15 }]);
    expect(await achievements(asker)).toEqual([{ ...entry, rank: 2 }]);
    // Un-accepting the same day gives both back on the same entries.
    s.tick();
    await s.call(asker, { method: 'POST', url: '/answer/api/v1/answer/acceptance', payload: { question_id: q } });
    expect(await achievements(answerer)).toEqual([{ ...entry, rank: 0 }]);
    expect(await achievements(asker)).toEqual([{ ...entry, rank: 0 }]);
  });

  it('marks a changed achievement unread again', async () => {
    const author = await s.member(100);
    const voter = await s.member(200);
    const q = await s.question(author);
    s.tick();
    await s.vote(voter, 'up', q);
    await s.readAll(author, 'achievement');
    expect((await s.items(author, { type: 'achievement' }))[0]!.is_read).toBe(true);
    s.tick();
    await s.vote(voter, 'up', q, true);
    const [entry] = await s.items(author, { type: 'achievement' });
    expect(entry).toMatchObject({ is_read: false, rank: 0, update_time: Math.floor(s.now() / 1000) });
  });
});
