import type { AdminBadgePage, BadgeGroupList, UserBadgePage } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BADGE_CATALOGUE } from '../../src/db/migrations/20261127090100_badges';
import { testDatabases } from '../db/databases';
import { badgeSite, MEMBERS, type BadgeSite, type Member } from './badge-site';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** The admin badge screen's routes: the list and the switch. */
describe.each(available)('admin badge routes on $label', (target) => {
  let s: BadgeSite;
  let firstQuestion: string;
  beforeAll(async () => {
    s = await badgeSite(target);
    firstQuestion = await s.badgeId('first_question');
    await s.ask('alice');
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const list = (query = '', lang?: string) =>
    s.call<AdminBadgePage>({
      method: 'GET',
      url: `/badges${query}`,
      as: 'admin',
      admin: true,
      ...(lang ? { lang } : {}),
    });
  const setStatus = (payload: unknown, as: Member = 'admin', lang?: string) =>
    s.call({
      method: 'PUT',
      url: '/badge/status',
      as,
      admin: true,
      payload: payload as object,
      ...(lang ? { lang } : {}),
    });

  it('lists the whole catalogue, paged, translated, filtered by status and name', async () => {
    const all = await list('?page_size=100');
    expect(all.status).toBe(200);
    expect(all.body.data.count).toBe(BADGE_CATALOGUE.length);
    expect(all.body.data.list[0]).toEqual({
      id: firstQuestion,
      name: 'Curious',
      description: 'Asked a first question.',
      icon: 'question',
      award_count: 1,
      level: 1,
      group_name: 'Getting started',
      status: 'active',
    });
    const page2 = await list('?page=2&page_size=5');
    expect(page2.body.data.count).toBe(BADGE_CATALOGUE.length);
    expect(page2.body.data.list.map((b) => b.id)).toEqual(all.body.data.list.slice(5, 10).map((b) => b.id));
    expect((await list('?status=inactive')).body.data.count).toBe(0);
    const found = await list('?q=CURI');
    expect(found.body.data.list.map((b) => b.id)).toEqual([firstQuestion]);
    const zh = await list(`?q=${encodeURIComponent('好奇')}`, 'zh-CN');
    expect(zh.body.data.list.map((b) => [b.name, b.group_name])).toEqual([['好奇宝宝', '入门']]);
  });

  it('switching a badge off hides it and stops awarding it; awards stay; switching on brings it back', async () => {
    expect((await setStatus({ id: firstQuestion, status: 'inactive' })).status).toBe(200);
    expect((await list('?status=inactive')).body.data.list.map((b) => b.id)).toEqual([firstQuestion]);
    const groups = await s.call<BadgeGroupList>({ method: 'GET', url: '/badges' });
    expect(groups.body.data.flatMap((g) => g.badges.map((b) => b.id))).not.toContain(firstQuestion);
    const one = await s.call({ method: 'GET', url: `/badge?id=${firstQuestion}` });
    expect(one.status).toBe(404);
    expect(one.body.reason).toBe('error.badge.not_found');
    const page = await s.call({ method: 'GET', url: `/badge/awards/page?badge_id=${firstQuestion}` });
    expect(page.status).toBe(404);
    const held = await s.call<UserBadgePage>({ method: 'GET', url: '/badge/user/awards?username=alice' });
    expect(held.body.data.list.map((b) => b.id)).not.toContain(firstQuestion);

    // Not awarded while off.
    await s.ask('bob');
    expect(await s.awards(MEMBERS.bob.id, 'first_question')).toEqual([]);
    expect((await s.badge('first_question')).award_count).toBe(1);
    expect(await s.achievements(MEMBERS.bob.id)).toEqual([]);

    expect((await setStatus({ id: firstQuestion, status: 'active' })).status).toBe(200);
    const back = await s.call<UserBadgePage>({ method: 'GET', url: '/badge/user/awards?username=alice' });
    expect(back.body.data.list.map((b) => b.id)).toContain(firstQuestion);
    expect((await s.badge('first_question')).status).toBe(1);
    // bob's question was asked while it was off: the request awards nothing (a job does: backfill.test.ts).
    expect(await s.awards(MEMBERS.bob.id, 'first_question')).toEqual([]);
  });

  it('refuses unknown ids and bad values with a clear, translated reason and changes nothing', async () => {
    const before = await s.db.selectFrom('badge').select(['id', 'status']).orderBy('id').execute();
    for (const id of ['10090000000999999', '10010000000000001']) {
      const res = await setStatus({ id, status: 'inactive' }, 'admin', 'zh-CN');
      expect(res.status, id).toBe(404);
      expect(res.body.reason).toBe('error.badge.not_found');
      expect(res.body.msg).toBe('徽章不存在。');
    }
    for (const payload of [{ id: firstQuestion, status: 'off' }, { id: firstQuestion }, { status: 'active' }]) {
      const res = await setStatus(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
    }
    expect(await s.db.selectFrom('badge').select(['id', 'status']).orderBy('id').execute()).toEqual(before);
  });

  it('purging a deleted member removes its awards and recounts the badge', async () => {
    const question = await s.ask('alice');
    const bookmark = await s.call({
      method: 'POST',
      url: '/collection/switch',
      as: 'dave',
      payload: { object_id: question, bookmark: true },
    });
    expect(bookmark.status).toBe(200);
    expect((await s.badge('first_bookmark')).award_count).toBe(1);
    await s.db.updateTable('user').set({ status: 10 }).where('id', '=', MEMBERS.dave.id).execute();
    const purge = await s.call({
      method: 'DELETE',
      url: '/delete/permanently',
      as: 'admin',
      admin: true,
      payload: { type: 'users' },
    });
    expect(purge.status, JSON.stringify(purge.body)).toBe(200);
    expect(await s.db.selectFrom('user').select('id').where('id', '=', MEMBERS.dave.id).execute()).toEqual([]);
    expect(await s.awards(MEMBERS.dave.id, 'first_bookmark')).toEqual([]);
    expect((await s.badge('first_bookmark')).award_count).toBe(0);
  });

  it('answers 401 to a visitor and 403 to every other role on both routes, reads included', async () => {
    const before = await s.db.selectFrom('badge').select(['id', 'status']).orderBy('id').execute();
    const routes = [
      ['GET', '/badges', undefined],
      ['PUT', '/badge/status', { id: firstQuestion, status: 'inactive' }],
    ] as const;
    const refusals: Array<[Member | undefined, number, string]> = [
      [undefined, 401, 'base.unauthorized_error'],
      ['alice', 403, 'base.forbidden_error'],
      ['mod', 403, 'base.forbidden_error'],
      ['sus', 403, 'error.user.suspended'],
      ['ina', 403, 'error.email.need_to_be_verified'],
    ];
    for (const [method, url, payload] of routes) {
      for (const [as, status, reason] of refusals) {
        const res = await s.call({ method, url, admin: true, ...(as ? { as } : {}), ...(payload ? { payload } : {}) });
        expect(res.status, `${as ?? 'visitor'} ${method} ${url}`).toBe(status);
        expect(res.body.reason).toBe(reason);
      }
    }
    expect(await s.db.selectFrom('badge').select(['id', 'status']).orderBy('id').execute()).toEqual(before);
    expect((await list()).status).toBe(200);
  });
});
