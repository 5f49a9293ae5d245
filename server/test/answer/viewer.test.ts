import type { AnswerInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newObjectId } from '../../src/db/ids';
import { testDatabases } from '../db/databases';
import { PEOPLE, questionBody, type Person } from '../question/helpers';
import { fullSite, type FullSite } from '../short-ids/site';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)("the viewer's vote and bookmark in answer lists on $label", (target) => {
  let s: FullSite;
  let questionId: string;
  const answerOf: Partial<Record<Person, string>> = {};

  const page = async (as?: Person) => {
    const res = await s.call<{ count: number; list: AnswerInfo[] }>({
      method: 'GET',
      url: `/answer/page?question_id=${questionId}&order=created`,
      as,
    });
    expect(res.status).toBe(200);
    const whose = (id: string) => Object.entries(answerOf).find(([, answer]) => answer === id)?.[0];
    return Object.fromEntries(
      res.body.data.list.map((a) => [whose(a.id), { vote: a.vote_status, collected: a.collected }]),
    );
  };
  const vote = async (as: Person, answer: string, direction: 'up' | 'down', cancel = false) => {
    const res = await s.call({
      method: 'POST',
      url: `/vote/${direction}`,
      payload: { object_id: answer, is_cancel: cancel },
      as,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  beforeAll(async () => {
    s = await fullSite(target);
    const asked = await s.call<{ id: string }>({
      method: 'POST',
      url: '/question',
      payload: questionBody(),
      as: 'alice',
    });
    questionId = asked.body.data.id;
    for (const who of ['bob', 'admin', 'mod'] as const) {
      const res = await s.call<{ info: AnswerInfo }>({
        method: 'POST',
        url: '/answer',
        payload: { question_id: questionId, content: `The answer of ${who}, long enough.` },
        as: who,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      answerOf[who] = res.body.data.info.id;
    }
    // Rich bookmarks the question (which makes Rich's default group), then Bob's answer in that group.
    const bookmark = await s.call({
      method: 'POST',
      url: '/collection/switch',
      payload: { object_id: questionId, group_id: '0', bookmark: true },
      as: 'rich',
    });
    expect(bookmark.status, JSON.stringify(bookmark.body)).toBe(200);
    const group = await s.db
      .selectFrom('collection')
      .select('user_collection_group_id')
      .where('user_id', '=', PEOPLE.rich.id)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    await s.db
      .insertInto('collection')
      .values({
        id: await newObjectId(s.db, 'collection'),
        user_id: PEOPLE.rich.id,
        object_id: answerOf.bob!,
        user_collection_group_id: group.user_collection_group_id,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('shows each viewer their own votes and bookmarks, read once per page', async () => {
    await vote('rich', answerOf.bob!, 'up');
    await vote('rich', answerOf.admin!, 'down');
    const states = vi.spyOn(s.viewer, 'states');
    expect(await page('rich')).toEqual({
      bob: { vote: 'vote_up', collected: true },
      admin: { vote: 'vote_down', collected: false },
      mod: { vote: '', collected: false },
    });
    expect(states).toHaveBeenCalledTimes(1);
    expect(states.mock.calls[0]![1]).toHaveLength(3);
    // Other viewers see nothing of Rich's.
    const nothing = { vote: '', collected: false };
    expect(await page('alice')).toEqual({ bob: nothing, admin: nothing, mod: nothing });
    expect(await page()).toEqual({ bob: nothing, admin: nothing, mod: nothing });
    // Anonymous pages read nothing.
    expect(states).toHaveBeenCalledTimes(2);
    states.mockRestore();
  });

  it('answer/info carries the same state, and a cancelled or switched vote is not shown', async () => {
    const info = async (id: string) =>
      (await s.call<{ info: AnswerInfo }>({ method: 'GET', url: `/answer/info?id=${id}`, as: 'rich' })).body.data.info;
    expect(await info(answerOf.bob!)).toMatchObject({ vote_status: 'vote_up', collected: true });
    expect(await info(answerOf.admin!)).toMatchObject({ vote_status: 'vote_down', collected: false });
    await vote('rich', answerOf.bob!, 'up', true);
    await vote('rich', answerOf.admin!, 'up');
    expect(await info(answerOf.bob!)).toMatchObject({ vote_status: '', collected: true });
    expect(await info(answerOf.admin!)).toMatchObject({ vote_status: 'vote_up' });
    expect((await page('rich')).admin).toEqual({ vote: 'vote_up', collected: false });
  });

  it('reads nothing for an empty page', async () => {
    expect((await s.viewer.states(PEOPLE.rich.id, [])).size).toBe(0);
  });
});
