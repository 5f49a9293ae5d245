import type { BadgeAwardPage, BadgeDetail, BadgeGroupList, UserBadgePage } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { badgeSite, MEMBERS, type BadgeSite, type Member } from './badge-site';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const ROLES: Member[] = ['alice', 'mod', 'sus', 'ina', 'admin'];

/** The public badge routes: shapes, translations, recipients and a member's badges. */
describe.each(available)('public badge routes on $label', (target) => {
  let s: BadgeSite;
  let firstQuestion: string;
  let scored: string;
  beforeAll(async () => {
    s = await badgeSite(target);
    firstQuestion = await s.badgeId('first_question');
    await s.ask('alice');
    await s.ask('bob');
    // alice's question reaches a score of 10: a per-post award.
    scored = await s.ask('alice');
    await s.db.updateTable('question').set({ vote_count: 9 }).where('id', '=', scored).execute();
    const vote = await s.call({ method: 'POST', url: '/vote/up', as: 'carol', payload: { object_id: scored } });
    expect(vote.status).toBe(200);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it("GET badges lists the active badges by group, translated, with the viewer's earned_count", async () => {
    const en = await s.call<BadgeGroupList>({ method: 'GET', url: '/badges' });
    expect(en.status).toBe(200);
    expect(en.body.data.map((g) => g.group_name)).toEqual(['Getting started', 'Community', 'Posting']);
    const curious = en.body.data[0]!.badges.find((b) => b.id === firstQuestion);
    expect(curious).toEqual({
      id: firstQuestion,
      name: 'Curious',
      icon: 'question',
      award_count: 2,
      earned_count: 0,
      level: 1,
    });

    const zh = await s.call<BadgeGroupList>({ method: 'GET', url: '/badges', lang: 'zh-CN', as: 'alice' });
    expect(zh.body.data.map((g) => g.group_name)).toEqual(['入门', '社区', '发帖']);
    expect(zh.body.data[0]!.badges.find((b) => b.id === firstQuestion)).toMatchObject({
      name: '好奇宝宝',
      earned_count: 1,
    });
    const score = zh.body.data[2]!.badges.find((b) => b.icon === 'score' && b.name === '不错的问题');
    expect(score).toMatchObject({ earned_count: 1, award_count: 1, level: 1 });
  });

  it('GET badge answers one badge; unknown, foreign and malformed ids get a translated 404', async () => {
    const one = await s.call<BadgeDetail>({ method: 'GET', url: `/badge?id=${firstQuestion}`, as: 'bob' });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({
      id: firstQuestion,
      name: 'Curious',
      icon: 'question',
      award_count: 2,
      earned_count: 1,
      level: 1,
      description: 'Asked a first question.',
      is_single: true,
    });
    const perPost = await s.call<BadgeDetail>({
      method: 'GET',
      url: `/badge?id=${await s.badgeId('question_score_100')}`,
      lang: 'zh-CN',
    });
    expect(perPost.body.data).toMatchObject({ name: '绝佳问题', level: 3, is_single: false, earned_count: 0 });

    for (const id of ['10090000000999999', scored, 'nonsense']) {
      const res = await s.call({ method: 'GET', url: `/badge?id=${id}`, lang: 'zh-CN' });
      expect(res.status, id).toBe(404);
      expect(res.body.reason).toBe('error.badge.not_found');
      expect(res.body.msg).toBe('徽章不存在。');
    }
  });

  it('GET badge/awards/page lists recipients newest first with their posts; username narrows it', async () => {
    const page = await s.call<BadgeAwardPage>({ method: 'GET', url: `/badge/awards/page?badge_id=${firstQuestion}` });
    expect(page.status).toBe(200);
    expect(page.body.data.count).toBe(2);
    expect(page.body.data.list.map((a) => a.author_user_info.username)).toEqual(['bob', 'alice']);
    expect(page.body.data.list[0]).toMatchObject({ object_id: '', question_id: '', object_type: '', url_title: '' });
    expect(page.body.data.list[0]!.created_at).toBeLessThan(Date.now() / 1000 + 5);
    expect(page.body.data.list[0]!.created_at).toBeGreaterThan(Date.now() / 1000 - 600);

    const narrowed = await s.call<BadgeAwardPage>({
      method: 'GET',
      url: `/badge/awards/page?badge_id=${firstQuestion}&username=alice&page=1&page_size=1`,
    });
    expect(narrowed.body.data.count).toBe(1);
    expect(narrowed.body.data.list.map((a) => a.author_user_info.id)).toEqual([String(MEMBERS.alice.id)]);

    const scoreBadge = await s.badgeId('question_score_10');
    const scoredPage = await s.call<BadgeAwardPage>({
      method: 'GET',
      url: `/badge/awards/page?badge_id=${scoreBadge}`,
    });
    expect(scoredPage.body.data.list).toHaveLength(1);
    expect(scoredPage.body.data.list[0]).toMatchObject({
      object_id: scored,
      question_id: scored,
      answer_id: '',
      object_type: 'question',
    });
    expect(scoredPage.body.data.list[0]!.url_title).toMatch(/^how-do-i-configure-thing-/);

    const unknown = await s.call({
      method: 'GET',
      url: `/badge/awards/page?badge_id=${firstQuestion}&username=nobody-here`,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.reason).toBe('error.user.not_found');
    const noBadge = await s.call({ method: 'GET', url: '/badge/awards/page?badge_id=10090000000999999' });
    expect(noBadge.status).toBe(404);
    expect(noBadge.body.reason).toBe('error.badge.not_found');
  });

  it('a post hidden from the reader is not named in the recipients list', async () => {
    const hidden = await s.ask('dave');
    await s.db.updateTable('question').set({ vote_count: 9 }).where('id', '=', hidden).execute();
    expect(
      (await s.call({ method: 'POST', url: '/vote/up', as: 'carol', payload: { object_id: hidden } })).status,
    ).toBe(200);
    await s.db.updateTable('question').set({ status: 10 }).where('id', '=', hidden).execute();
    const scoreBadge = await s.badgeId('question_score_10');
    const url = `/badge/awards/page?badge_id=${scoreBadge}&username=dave`;
    const visitor = await s.call<BadgeAwardPage>({ method: 'GET', url });
    expect(visitor.body.data.list).toHaveLength(1);
    expect(visitor.body.data.list[0]).toMatchObject({ object_id: '', question_id: '', object_type: '', url_title: '' });
    expect(JSON.stringify(visitor.body)).not.toContain(hidden);
    // Its author (and staff) still see it.
    const author = await s.call<BadgeAwardPage>({ method: 'GET', url, as: 'dave' });
    expect(author.body.data.list[0]).toMatchObject({ object_id: hidden, question_id: hidden });
  });

  it('GET badge/user/awards lists every badge the member holds; /recent the latest 10', async () => {
    const alice = await s.call<UserBadgePage>({
      method: 'GET',
      url: '/badge/user/awards?username=alice',
      lang: 'zh-CN',
    });
    expect(alice.status).toBe(200);
    const names = alice.body.data.list.map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(['好奇宝宝', '不错的问题']));
    expect(alice.body.data.count).toBe(alice.body.data.list.length);

    // erin holds 12 badges, earned a minute apart (seeded): recent keeps the 10 newest, newest first.
    const badges = await s.db
      .selectFrom('badge')
      .select(['id', 'badge_group_id', 'name'])
      .orderBy('id')
      .limit(12)
      .execute();
    for (const [i, b] of badges.entries()) {
      await s.db
        .insertInto('badge_award')
        .values({
          id: `1010${String(8_000_000 + i).padStart(13, '0')}`,
          user_id: MEMBERS.erin.id,
          badge_id: b.id,
          award_key: '',
          badge_group_id: b.badge_group_id,
          is_badge_deleted: 0,
          created_at: Date.now() - (12 - i) * 60_000,
        })
        .execute();
    }
    const all = await s.call<UserBadgePage>({ method: 'GET', url: '/badge/user/awards?username=erin' });
    expect(all.body.data.count).toBe(12);
    expect(all.body.data.list.every((b) => b.earned_count === 1)).toBe(true);
    const recent = await s.call<UserBadgePage>({ method: 'GET', url: '/badge/user/awards/recent?username=erin' });
    expect(recent.body.data.count).toBe(10);
    expect(recent.body.data.list.map((b) => b.id)).toEqual(
      badges
        .map((b) => b.id)
        .reverse()
        .slice(0, 10),
    );

    for (const url of ['/badge/user/awards?username=ghost', '/badge/user/awards/recent?username=ghost']) {
      const res = await s.call({ method: 'GET', url });
      expect(res.status, url).toBe(404);
      expect(res.body.reason).toBe('error.user.not_found');
    }
  });

  it('answers every reader alike: visitor, member, moderator, suspended, inactive and admin', async () => {
    const urls = [
      '/badges',
      `/badge?id=${firstQuestion}`,
      `/badge/awards/page?badge_id=${firstQuestion}`,
      '/badge/user/awards?username=alice',
      '/badge/user/awards/recent?username=alice',
    ];
    for (const url of urls) {
      const visitor = await s.call({ method: 'GET', url });
      expect(visitor.status, url).toBe(200);
      for (const as of ROLES) {
        const res = await s.call({ method: 'GET', url, as });
        expect(res.status, `${as} ${url}`).toBe(200);
      }
    }
  });
});
