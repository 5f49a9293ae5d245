import { PAGE_MAX } from '@agora/shared-api/contract';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { makeApp } from '../helpers';
import { contractSite, type ContractSite } from './helpers';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
const { available } = await testDatabases();

interface PagedRoute {
  /** Path and fixed query under /answer/api/v1 (placeholders filled per site). */
  url: (ids: Ids) => string;
  /** The page size parameter (search calls it `size`). */
  size?: string;
  /** The largest page the route serves. */
  max: number;
  /** Own-only pages need a login. */
  login?: boolean;
}
interface Ids {
  questionWithAnswers: string;
  questionWithComments: string;
  username: string;
}

/** Every paged list of the first half, with its largest page. */
const PAGED: Record<string, PagedRoute> = {
  'question/page': { url: () => '/question/page?order=newest', max: 100 },
  'answer/page': { url: (ids) => `/answer/page?question_id=${ids.questionWithAnswers}`, max: 100 },
  'comment/page': { url: (ids) => `/comment/page?object_id=${ids.questionWithComments}`, max: 100 },
  'tags/page': { url: () => '/tags/page', max: 100 },
  search: { url: () => '/search?q=is%3Aquestion', size: 'size', max: 50 },
  'personal/question/page': { url: (ids) => `/personal/question/page?username=${ids.username}`, max: 100 },
  'personal/answer/page': { url: (ids) => `/personal/answer/page?username=${ids.username}`, max: 100 },
  'personal/comment/page': { url: (ids) => `/personal/comment/page?username=${ids.username}`, max: 100 },
  'personal/rank/page': { url: (ids) => `/personal/rank/page?username=${ids.username}`, max: 100 },
  'personal/vote/page': { url: () => '/personal/vote/page', max: 100, login: true },
  'personal/collection/page': { url: () => '/personal/collection/page', max: 100, login: true },
};

describe.each(available)('paged lists on $label', (target) => {
  let s: ContractSite;
  let ids: Ids;
  beforeAll(async () => {
    // More questions than the largest page, so a clamped page is visibly full.
    s = await contractSite(target, { questions: 130 });
    const db = s.site.database.db;
    const answered = await db
      .selectFrom('answer')
      .innerJoin('question', 'question.id', 'answer.question_id')
      .where('question.status', '=', 1)
      .where('question.show', '=', 1)
      .where('answer.status', '=', 1)
      .select(['answer.question_id'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy('answer.question_id')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const commented = await db
      .selectFrom('comment')
      .innerJoin('question', 'question.id', 'comment.object_id')
      .where('question.status', '=', 1)
      .where('question.show', '=', 1)
      .select('comment.object_id')
      .executeTakeFirstOrThrow();
    const me = await s.call<{ username: string }>({ method: 'GET', url: '/user/info', token: s.adminToken });
    ids = {
      questionWithAnswers: String(answered.question_id),
      questionWithComments: String(commented.object_id),
      username: me.body.data.username,
    };
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = (route: PagedRoute, query: string) => {
    const url = route.url(ids);
    return s.call<{ count: number; list: unknown[] }>({
      method: 'GET',
      url: `${url}${url.includes('?') ? '&' : '?'}${query}`,
      token: route.login ? s.adminToken : undefined,
    });
  };

  it.each(Object.entries(PAGED))('%s serves a page size above its largest as the largest page', async (_, route) => {
    const sizeParam = route.size ?? 'page_size';
    const full = await get(route, `page=1&${sizeParam}=${route.max}`);
    expect(full.status).toBe(200);
    for (const asked of [route.max + 1, 999, '99999999999999999999']) {
      const clamped = await get(route, `page=1&${sizeParam}=${asked}`);
      expect(clamped.status, `${sizeParam}=${asked}: ${clamped.body.reason}`).toBe(200);
      expect(clamped.body.data.count).toBe(full.body.data.count);
      expect(clamped.body.data.list).toEqual(full.body.data.list);
      expect(clamped.body.data.list.length).toBe(Math.min(route.max, full.body.data.count));
    }
  });

  it('the clamped lists are full where the site has more than a page', async () => {
    const questions = await get(PAGED['question/page']!, 'page_size=999');
    expect(questions.body.data.count).toBeGreaterThan(100);
    expect(questions.body.data.list).toHaveLength(100);
    const answers = await get(PAGED['answer/page']!, 'page_size=999');
    expect(answers.body.data.list.length).toBeGreaterThan(1);
    expect(answers.body.data.list).toHaveLength(answers.body.data.count);
  });

  it.each(Object.entries(PAGED))('%s answers a page number out of range with a 400 on `page`', async (_, route) => {
    for (const page of ['99999999999999999999', String(PAGE_MAX + 1), '0', '-1', 'first', '1e400']) {
      const response = await get(route, `page=${page}`);
      expect(response.status, `page=${page}: ${response.body.reason}`).toBe(400);
      expect(response.body).toMatchObject({
        code: 400,
        reason: 'base.request_format_error',
        data: [{ error_field: 'page' }],
      });
    }
    const sizeParam = route.size ?? 'page_size';
    for (const size of ['0', '-5', 'ten']) {
      const response = await get(route, `${sizeParam}=${size}`);
      expect(response.status, `${sizeParam}=${size}`).toBe(400);
      expect(response.body.data).toMatchObject([{ error_field: sizeParam }]);
    }
  });

  it('the deepest page is served (empty when past the end, or 404 where the contract says so)', async () => {
    for (const route of Object.values(PAGED)) {
      const response = await get(route, `page=${PAGE_MAX}`);
      expect([200, 404]).toContain(response.status);
      if (response.status === 200) expect(response.body.data.list).toEqual([]);
    }
  });

  it('question/page bounds in_days too (a day count past 100 years is a 400, not a database error)', async () => {
    const huge = await s.call({ method: 'GET', url: '/question/page?in_days=99999999999999999999' });
    expect(huge.status).toBe(400);
    expect(huge.body.data).toMatchObject([{ error_field: 'in_days' }]);
    expect((await s.call({ method: 'GET', url: '/question/page?in_days=36500' })).status).toBe(200);
  });

  it('user/staff clamps its page_size the same way', async () => {
    const response = await s.call<unknown[]>({ method: 'GET', url: '/user/staff?page_size=999' });
    expect(response.status).toBe(200);
    expect(response.body.data.length).toBeGreaterThan(0);
  });
});

describe('one paging definition for every list', () => {
  it('a route with a hand-written page or page_size refuses to start', async () => {
    const app = await makeApp();
    const route = (query: Record<string, ReturnType<typeof Type.Integer>>) =>
      app.get(
        '/answer/api/v1/test/list',
        { config: { auth: 'none' }, schema: { querystring: Type.Object(query) } },
        async () => null,
      );
    expect(() => route({ page: Type.Integer({ minimum: 1 }) })).toThrow(/PageNumber/);
    expect(() => route({ page_size: Type.Integer({ minimum: 1, maximum: 100 }) })).toThrow(/PageSize/);
    expect(() => route({ size: Type.Integer({ minimum: 1, maximum: 50 }) })).toThrow(/PageSize/);
  });
});
