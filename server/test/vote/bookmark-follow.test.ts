import type { CollectionSwitchResp, FollowingTag, FollowResp } from '@agora/shared-api/contract';
import { newObjectId } from '../../src/db/ids';
import { describe, expect, it, vi } from 'vitest';
import { verifyCounters } from '../../src/demo/verify';
import { testDatabases } from '../db/databases';
import { NOW, useVoteSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('bookmarks and follows on $label', (target) => {
  const s = useVoteSite(target);

  it('bookmarks a question and takes the bookmark off, counting bookmarks', async () => {
    const author = await s.member(1);
    const first = await s.member(1);
    const second = await s.member(1);
    const q = await s.question(author);
    const a = await s.answer(q, author);
    const sw = (userId: number, objectId: string, bookmark: boolean) =>
      s.call<CollectionSwitchResp>(userId, {
        method: 'POST',
        url: '/answer/api/v1/collection/switch',
        payload: { object_id: objectId, group_id: '0', bookmark },
      });

    expect((await sw(first, q, true)).body.data).toEqual({ object_collection_count: 1 });
    expect((await sw(first, q, true)).body.data).toEqual({ object_collection_count: 1 });
    expect((await sw(second, q, true)).body.data).toEqual({ object_collection_count: 2 });
    expect((await sw(first, q, false)).body.data).toEqual({ object_collection_count: 1 });
    const held = await s.db.selectFrom('collection').select(['user_id']).where('object_id', '=', q).execute();
    expect(held.map((r) => Number(r.user_id))).toEqual([second]);
    const group = await s.db
      .selectFrom('collection_group')
      .select(['name', 'default_group'])
      .where('user_id', '=', second)
      .execute();
    expect(group).toEqual([{ name: 'default', default_group: 1 }]);

    const onAnswer = await sw(first, a, true);
    expect(onAnswer.status).toBe(400);
    expect(onAnswer.body.reason).toBe('error.collection.question_only');
    expect((await sw(first, '10010000009999998', true)).status).toBe(404);
    expect(await verifyCounters(s.db, { baseRank: (id) => s.baseRanks.get(id) ?? 0 })).toEqual([]);
  });

  it('follows and unfollows questions and tags, counting followers', async () => {
    const author = await s.member(1);
    const follower = await s.member(1);
    const other = await s.member(1);
    const q = await s.question(author);
    const tag = await s.db.selectFrom('tag').select('id').where('slug_name', '=', 'support').executeTakeFirstOrThrow();
    const follow = (userId: number, objectId: string, isCancel = false) =>
      s.call<FollowResp>(userId, {
        method: 'POST',
        url: '/answer/api/v1/follow',
        payload: { object_id: objectId, is_cancel: isCancel },
      });

    expect((await follow(follower, q)).body.data).toEqual({ follows: 1, is_followed: true });
    expect((await follow(follower, q)).body.data).toEqual({ follows: 1, is_followed: true });
    expect((await follow(other, q)).body.data).toEqual({ follows: 2, is_followed: true });
    expect((await follow(follower, q, true)).body.data).toEqual({ follows: 1, is_followed: false });
    expect((await follow(follower, q, true)).body.data).toEqual({ follows: 1, is_followed: false });
    expect((await follow(follower, tag.id)).body.data).toEqual({ follows: 1, is_followed: true });
    expect((await follow(other, tag.id)).body.data).toEqual({ follows: 2, is_followed: true });
    expect((await follow(other, tag.id, true)).body.data).toEqual({ follows: 1, is_followed: false });

    const answer = await s.answer(q, author);
    const refused = await follow(follower, answer);
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('error.follow.not_followable');
    expect(refused.body.data).toEqual({ err_type: 'toast' });
    expect(await verifyCounters(s.db, { baseRank: (id) => s.baseRanks.get(id) ?? 0 })).toEqual([]);
  });

  it('replaces the followed tags with PUT follow/tags and lists them with GET tags/following', async () => {
    const user = await s.member(1);
    const t = NOW;
    for (const slug of ['alpha', 'beta']) {
      const id = await newObjectId(s.db, 'tag');
      await s.db
        .insertInto('tag')
        .values({
          id,
          main_tag_id: null,
          slug_name: slug,
          display_name: slug.toUpperCase(),
          original_text: '',
          parsed_text: '',
          revision_id: null,
          user_id: 1,
          created_at: t,
          updated_at: t,
        })
        .execute();
    }
    const put = (list: string[]) =>
      s.call(user, { method: 'PUT', url: '/answer/api/v1/follow/tags', payload: { slug_name_list: list } });
    const following = async () =>
      (await s.call<FollowingTag[]>(user, { method: 'GET', url: '/answer/api/v1/tags/following' })).body.data.map(
        (tag) => tag.slug_name,
      );
    const count = async (slug: string) =>
      Number(
        (await s.db.selectFrom('tag').select('follow_count').where('slug_name', '=', slug).executeTakeFirstOrThrow())
          .follow_count,
      );

    expect((await put(['Alpha', 'beta', 'no-such-tag'])).status).toBe(200);
    expect(await following()).toEqual(['alpha', 'beta']);
    expect([await count('alpha'), await count('beta')]).toEqual([1, 1]);
    expect((await put(['beta'])).status).toBe(200);
    expect(await following()).toEqual(['beta']);
    expect([await count('alpha'), await count('beta')]).toEqual([0, 1]);
    expect((await put([])).status).toBe(200);
    expect(await following()).toEqual([]);
    const anonymous = await s.call<FollowingTag[]>(null, { method: 'GET', url: '/answer/api/v1/tags/following' });
    expect(anonymous.body.data).toEqual([]);
    expect(
      (await s.call(null, { method: 'PUT', url: '/answer/api/v1/follow/tags', payload: { slug_name_list: [] } }))
        .status,
    ).toBe(401);
    expect(await verifyCounters(s.db, { baseRank: (id) => s.baseRanks.get(id) ?? 0 })).toEqual([]);
  });
});
