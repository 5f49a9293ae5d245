import type { QuestionOrder, QuestionPage, QuestionPageItem } from '@agora/shared-api/contract';
import { describe, expect, it, vi } from 'vitest';
import type { QuestionTable } from '../../src/db/schema';
import { seedDemo } from '../../src/demo';
import { testDatabases } from '../db/databases';
import { demoPasswordHash, NOW } from '../demo/helpers';
import { envelope, makeApp, testConfig } from '../helpers';
import { useSite } from '../support/site';
import type { Selectable } from 'kysely';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const QUESTIONS = 80;
const DAY = 86_400_000;
type Row = Selectable<QuestionTable>;

/** The order rules of question lists, recomputed from the rows (pinned first, id breaks ties). */
const RULES: Record<QuestionOrder, { keep: (q: Row) => boolean; keys: (q: Row) => number[] }> = {
  newest: { keep: () => true, keys: (q) => [q.created_at] },
  active: {
    // Pinned questions head every order whatever their age; the others only within the windows.
    keep: (q) => q.pin === 2 || (q.created_at >= NOW - 180 * DAY && q.post_update_time >= NOW - 90 * DAY),
    keys: (q) => [q.post_update_time],
  },
  frequent: { keep: () => true, keys: (q) => [q.linked_count] },
  score: { keep: () => true, keys: (q) => [q.vote_count, q.view_count] },
  unanswered: { keep: (q) => q.status === 1 && q.answer_count === 0, keys: (q) => [q.created_at] },
  hot: { keep: () => true, keys: (q) => [q.hot_score] },
};
const ORDERS = Object.keys(RULES) as QuestionOrder[];

function expected(rows: Row[], order: QuestionOrder): string[] {
  const rule = RULES[order];
  const compare = (a: Row, b: Row) => {
    const ka = [a.pin, ...rule.keys(a)];
    const kb = [b.pin, ...rule.keys(b)];
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i]! - ka[i]!;
    return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
  };
  return rows
    .filter((q) => q.show === 1 && (q.status === 1 || q.status === 2) && rule.keep(q))
    .sort(compare)
    .map((q) => q.id);
}

describe.each(available)('GET question/page on $label', (target) => {
  let rows: Row[];
  let oldPinned: string;

  // The site's clock stands at NOW for every service; the settings are the config's (the defaults).
  const site = useSite(target, {
    now: () => NOW,
    settings: 'config',
    seed: async (db) => {
      await seedDemo(db, {
        questions: QUESTIONS,
        users: 24,
        seed: 'list-seed',
        now: NOW,
        passwordHash: await demoPasswordHash(),
      });
      // One pinned question from long ago: older than the active order's windows (180 and 90 days).
      const pinned = await db
        .selectFrom('question')
        .select('id')
        .where('pin', '=', 2)
        .where('show', '=', 1)
        .where('status', 'in', [1, 2])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('question')
        .set({ created_at: NOW - 400 * DAY, post_update_time: NOW - 300 * DAY })
        .where('id', '=', pinned.id)
        .execute();
      oldPinned = pinned.id;
      rows = await db.selectFrom('question').selectAll().execute();
    },
  });

  async function get(query: string) {
    const response = await site.app.inject({ method: 'GET', url: `/answer/api/v1/question/page?${query}` });
    return { status: response.statusCode, body: envelope<QuestionPage>(response.body) };
  }

  async function list(query: string): Promise<QuestionPage> {
    const { status, body } = await get(query);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  }

  it.each(ORDERS)(
    'sorts the %s order by its rule, pinned first, without hidden or deleted questions',
    async (order) => {
      const page = await list(`page=1&page_size=100&order=${order}`);
      const want = expected(rows, order);
      expect(want.length).toBeGreaterThan(0);
      expect(page.count).toBe(want.length);
      expect(page.list.map((q) => q.id)).toEqual(want);
      const pins = page.list.map((q) => q.pin);
      expect(pins).toEqual([...pins].sort((a, b) => b - a));
      for (const item of page.list) {
        expect(item.show).toBe(1);
        expect([1, 2]).toContain(item.status);
      }
    },
  );

  it('lists the pinned questions first and never the unlisted, deleted or pending ones', async () => {
    const page = await list('page=1&page_size=100&order=newest');
    const pinned = rows.filter((q) => q.pin === 2 && q.show === 1 && q.status <= 2).map((q) => q.id);
    expect(pinned.length).toBeGreaterThan(0);
    expect(new Set(page.list.slice(0, pinned.length).map((q) => q.id))).toEqual(new Set(pinned));
    const hidden = rows.filter((q) => q.show === 2 || q.status === 10 || q.status === 11).map((q) => q.id);
    expect(hidden.length).toBeGreaterThanOrEqual(2);
    const ids = new Set(page.list.map((q) => q.id));
    for (const id of hidden) expect(ids.has(id)).toBe(false);
    // A closed question is listed.
    expect(page.list.some((q) => q.status === 2)).toBe(true);
  });

  it('keeps a pinned question older than the active windows at the top of the default Active order', async () => {
    const page = await list('page=1&page_size=5');
    const pinned = rows.filter((q) => q.pin === 2 && q.show === 1 && q.status <= 2).map((q) => q.id);
    expect(new Set(page.list.slice(0, pinned.length).map((q) => q.id))).toEqual(new Set(pinned));
    expect(page.list.map((q) => q.id)).toContain(oldPinned);
    // The windows still apply to unpinned questions: none as old as it is listed.
    const all = await list('page=1&page_size=100&order=active');
    // The count adds the pinned questions outside the windows to those within, each once.
    expect(all.count).toBe(all.list.length);
    expect(all.list.filter((q) => q.id === oldPinned)).toHaveLength(1);
    for (const item of all.list.filter((q) => q.pin !== 2))
      expect(rows.find((q) => q.id === item.id)!.created_at).toBeGreaterThanOrEqual(NOW - 180 * DAY);
    // in_days is the caller's own filter: it leaves the old pinned question out.
    const week = await list('page=1&page_size=100&order=active&in_days=7');
    expect(week.list.map((q) => q.id)).not.toContain(oldPinned);
    expect(week.count).toBe(week.list.length);
  });

  it('shows only open questions without answers as unanswered', async () => {
    const page = await list('page=1&page_size=100&order=unanswered');
    expect(page.list.length).toBeGreaterThan(0);
    for (const item of page.list) {
      expect(item.status).toBe(1);
      expect(item.answer_count).toBe(0);
      expect(item.last_answer_id).toBe('0');
      expect(item.accepted_answer_id).toBe('0');
    }
  });

  it('fills each item from its row, its tags and the person who acted last', async () => {
    const page = await list('page=1&page_size=100&order=newest');
    const accepted = page.list.find((q) => q.accepted_answer_id !== '0');
    expect(accepted).toBeDefined();
    for (const item of page.list) {
      const row = rows.find((q) => q.id === item.id)!;
      expect(item.created_at).toBe(Math.floor(row.created_at / 1000));
      expect(item.vote_count).toBe(row.vote_count);
      expect(item.accepted_answer_id).toBe(row.accepted_answer_id ?? '0');
      expect(item.description.length).toBeLessThanOrEqual(240);
      // Plain text: none of the markup the body's HTML is made of, no entities.
      expect(item.description).not.toMatch(/<\/?(p|code|pre|a|strong|em|ul|ol|li|h\d|blockquote)\b|&(amp|lt|gt|quot);/);
      expect(item.url_title).toMatch(/^[a-z0-9%-]+$/);
      // Newest shows the asker.
      expect(item.operation_type).toBe('asked');
      expect(item.operator.id).toBe(String(row.user_id));
      expect(item.operator.username).not.toBe('');
      expect(item.tags.length).toBeGreaterThan(0);
    }
    const bodies = page.list.filter((q) => q.description.length > 0);
    expect(bodies.length).toBe(page.list.length);

    const active = await list('page=1&page_size=100&order=active');
    const answered = active.list.filter((q) => q.operation_type === 'answered');
    expect(answered.length).toBeGreaterThan(0);
    for (const item of answered) {
      const answer = await site.db
        .selectFrom('answer')
        .select(['user_id', 'created_at'])
        .where('id', '=', item.last_answer_id)
        .executeTakeFirstOrThrow();
      expect(item.operator.id).toBe(String(answer.user_id));
      expect(item.operated_at).toBe(Math.floor(answer.created_at / 1000));
    }
  });

  it('filters by a tag (with its synonyms)', async () => {
    const tag = await site.db
      .selectFrom('tag')
      .select(['id', 'slug_name'])
      .where('status', '=', 1)
      .where('main_tag_id', 'is', null)
      .orderBy('question_count', 'desc')
      .executeTakeFirstOrThrow();
    const family = (
      await site.db.selectFrom('tag').select(['id', 'slug_name']).where('main_tag_id', '=', tag.id).execute()
    ).concat(tag);
    const rels = await site.db
      .selectFrom('tag_rel')
      .select('object_id')
      .where(
        'tag_id',
        'in',
        family.map((t) => t.id),
      )
      .where('status', '=', 1)
      .execute();
    const tagged = new Set(rels.map((r) => r.object_id));
    const want = expected(rows, 'newest').filter((id) => tagged.has(id));
    expect(want.length).toBeGreaterThan(0);
    const page = await list(`page=1&page_size=100&order=newest&tag=${tag.slug_name.toUpperCase()}`);
    expect(page.count).toBe(want.length);
    expect(page.list.map((q) => q.id)).toEqual(want);
    const slugs = new Set(family.map((t) => t.slug_name));
    for (const item of page.list) expect(item.tags.some((t) => slugs.has(t.slug_name))).toBe(true);

    const unknown = await list('page=3&page_size=20&tag=no-such-tag');
    expect(unknown).toEqual({ count: 0, list: [] });
  });

  it('pages by page and page_size, and answers 404 for a page past the end', async () => {
    const all = expected(rows, 'score');
    const second = await list('page=2&page_size=7&order=score');
    expect(second.count).toBe(all.length);
    expect(second.list.map((q) => q.id)).toEqual(all.slice(7, 14));
    const lastPage = Math.ceil(all.length / 7);
    const last = await list(`page=${lastPage}&page_size=7&order=score`);
    expect(last.list.map((q) => q.id)).toEqual(all.slice((lastPage - 1) * 7));
    const beyond = await get(`page=${lastPage + 1}&page_size=7&order=score`);
    expect(beyond.status).toBe(404);
    expect(beyond.body).toMatchObject({ code: 404, reason: 'base.request_format_error', data: null });
    // The default order is active.
    const fallback = await list('page=1&page_size=100');
    expect(fallback.list.map((q) => q.id)).toEqual(expected(rows, 'active'));
  });

  it('refuses an unknown order and out-of-range paging with field errors', async () => {
    const bad = await get('page=1&page_size=20&order=sideways');
    expect(bad.status).toBe(400);
    expect(bad.body.reason).toBe('base.request_format_error');
    expect((bad.body.data as unknown as { error_field: string }[]).map((e) => e.error_field)).toEqual(['order']);
    // A page size above 100 is served as 100 (test/contract/paging.test.ts); a page below 1 is refused.
    const deep = await get('page=0&page_size=20');
    expect(deep.status).toBe(400);
    expect((deep.body.data as unknown as { error_field: string }[]).map((e) => e.error_field)).toEqual(['page']);
  });

  it('counts questions asked within in_days', async () => {
    const want = expected(rows, 'newest').filter((id) => rows.find((q) => q.id === id)!.created_at >= NOW - 30 * DAY);
    const page = await list('page=1&page_size=100&order=newest&in_days=30');
    expect(page.list.map((q: QuestionPageItem) => q.id)).toEqual(want);
    expect(page.count).toBe(want.length);
  });
});

describe('GET question/page without a database', () => {
  it('answers an empty page', async () => {
    const app = await makeApp(testConfig());
    const response = await app.inject({ method: 'GET', url: '/answer/api/v1/question/page?page=1&page_size=20' });
    expect(response.statusCode).toBe(200);
    expect(envelope(response.body).data).toEqual({ count: 0, list: [] });
  });
});
