import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DemoAccount } from '../../src/demo';
import { testDatabases } from '../db/databases';
import { demoProfileReads, pagedList, V1 } from './demo-reads';
import type { ProfileSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

describe.each(available)('personal reputation, votes and bookmarks on $label', (target) => {
  let s: ProfileSite;
  let members: DemoAccount[];
  const all = pagedList(() => s);

  beforeAll(async () => {
    ({ site: s, members } = await demoProfileReads(target));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('personal/rank/page: the reputation changes add up to the member’s reputation', async () => {
    const member = [...members].sort((a, b) => b.rank - a.rank)[0]!;
    const items = await all<{ reputation: number; rank_type: string; object_type: string }>(
      `${V1}/personal/rank/page?username=${member.username}`,
    );
    expect(items.length).toBeGreaterThan(0);
    const { rank } = await s.db.selectFrom('user').select('rank').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(items.reduce((sum, i) => sum + i.reputation, 0)).toBe(rank);
    for (const item of items) {
      expect(item.reputation).not.toBe(0);
      expect(item.rank_type).not.toMatch(/^rank_type\./);
    }
  });

  it('personal/rank/page: a change from a post the viewer may not see keeps its amount but not its text', async () => {
    const row = await s.db
      .selectFrom('activity')
      .innerJoin('question', 'question.id', 'activity.object_id')
      .innerJoin('user', 'user.id', 'activity.user_id')
      .select(['activity.object_id', 'activity.user_id', 'question.title', 'user.username'])
      .where('activity.has_rank', '=', 1)
      .where('activity.cancelled', '=', 0)
      .where('question.status', '=', 1)
      .where('question.show', '=', 1)
      .executeTakeFirstOrThrow();
    const find = async () =>
      (
        await all<{ object_id: string; title: string; content: string; reputation: number }>(
          `${V1}/personal/rank/page?username=${row.username}`,
        )
      ).find((i) => i.object_id === row.object_id)!;
    expect((await find()).title).toBe(row.title);
    await s.db.updateTable('question').set({ status: 10 }).where('id', '=', row.object_id).execute();
    try {
      const hidden = await find();
      expect(hidden).toMatchObject({
        title: 'A post that is no longer available',
        content: '',
        url_title: '',
        question_id: '',
        answer_id: '',
      });
      expect(hidden.reputation).not.toBe(0);
    } finally {
      await s.db.updateTable('question').set({ status: 1 }).where('id', '=', row.object_id).execute();
    }
  });

  it('personal/vote/page: own votes only, needs a login', async () => {
    const anonymous = await s.call({ method: 'GET', url: `${V1}/personal/vote/page` });
    expect(anonymous.status).toBe(401);
    const voter = await s.db
      .selectFrom('activity')
      .innerJoin('user', 'user.id', 'activity.user_id')
      .innerJoin('config', 'config.id', 'activity.activity_type')
      .select((eb) => ['user.e_mail', 'user.id', eb.fn.countAll().as('n')])
      .where('config.key', 'in', [
        'question.vote_up',
        'answer.vote_up',
        'question.vote_down',
        'answer.vote_down',
        'comment.vote_up',
      ])
      .where('activity.cancelled', '=', 0)
      .where('user.status', '=', 1)
      .where('user.mail_status', '=', 1)
      .where('user.role_id', '=', 1)
      .groupBy(['user.e_mail', 'user.id'])
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const items = await all<{ object_id: string; vote_type: string; object_type: string }>(
      `${V1}/personal/vote/page`,
      await s.token(voter.e_mail),
    );
    expect(items.length).toBe(Number(voter.n));
    for (const item of items) expect(['Upvote', 'Downvote']).toContain(item.vote_type);
    const other = members.find((m) => m.id !== voter.id)!;
    const theirs = await all<{ object_id: string }>(`${V1}/personal/vote/page`, await s.token(other.email));
    const theirVotes = await s.db
      .selectFrom('activity')
      .innerJoin('config', 'config.id', 'activity.activity_type')
      .select('activity.object_id')
      .where('activity.user_id', '=', other.id)
      .where('config.key', 'in', [
        'question.vote_up',
        'answer.vote_up',
        'question.vote_down',
        'answer.vote_down',
        'comment.vote_up',
      ])
      .where('activity.cancelled', '=', 0)
      .execute();
    expect(theirs.map((v) => v.object_id).sort()).toEqual(theirVotes.map((v) => v.object_id).sort());
  });

  it('personal/collection/page: own bookmarks only, needs a login', async () => {
    const anonymous = await s.call({ method: 'GET', url: `${V1}/personal/collection/page` });
    expect(anonymous.status).toBe(401);
    const bookmarker = await s.db
      .selectFrom('collection')
      .innerJoin('user', 'user.id', 'collection.user_id')
      .select((eb) => ['user.e_mail', 'user.id', eb.fn.countAll().as('n')])
      .where('user.status', '=', 1)
      .where('user.mail_status', '=', 1)
      .where('user.role_id', '=', 1)
      .groupBy(['user.e_mail', 'user.id'])
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const expected = await s.db
      .selectFrom('collection')
      .innerJoin('question', 'question.id', 'collection.object_id')
      .select('question.id')
      .where('collection.user_id', '=', bookmarker.id)
      .where((eb) =>
        eb.or([
          eb.and([eb('question.status', 'in', [1, 2]), eb('question.show', '=', 1)]),
          eb.and([eb('question.status', 'in', [1, 2, 11]), eb('question.user_id', '=', bookmarker.id)]),
        ]),
      )
      .execute();
    const items = await all<{ id: string; collected: boolean; user_info: Record<string, unknown> }>(
      `${V1}/personal/collection/page`,
      await s.token(bookmarker.e_mail),
    );
    expect(items.map((i) => i.id).sort()).toEqual(expected.map((e) => e.id).sort());
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.collected).toBe(true);
      expect(item.user_info).not.toHaveProperty('e_mail');
    }
  });
});
