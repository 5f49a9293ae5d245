import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { reviewSite, type Person, type ReviewSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** Everyone who is not staff, the author (alice) and the flagger (bob) included. */
const MEMBERS: Person[] = ['alice', 'bob', 'newbie', 'editor'];
const OPERATIONS = [
  { operation_type: 'ignore_report' },
  { operation_type: 'delete_post' },
  { operation_type: 'unlist_post' },
  { operation_type: 'close_post', close_type: 63 },
  { operation_type: 'edit_post', title: 'A title by someone', content: 'A body by someone else entirely.' },
];

describe.each(available)('report review permissions on $label', (target) => {
  let s: ReviewSite;

  beforeAll(async () => {
    s = await reviewSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('GET report/unreviewed/post: anonymous 401, suspended and inactive 403, members an empty queue, staff the queue', async () => {
    const q = await s.ask('alice');
    await s.flag(q, 'bob');
    const anonymous = await s.call({ method: 'GET', url: '/report/unreviewed/post?page=1' });
    expect(anonymous.status).toBe(401);
    expect((await s.page('suspended')).body).toMatchObject({ code: 403, reason: 'error.user.suspended' });
    expect((await s.page('inactive')).body).toMatchObject({ code: 403, reason: 'error.email.need_to_be_verified' });
    for (const who of MEMBERS) expect((await s.page(who)).body.data).toEqual({ count: 0, list: [] });
    for (const who of ['mod', 'admin'] as const) {
      const data = (await s.page(who)).body.data;
      expect(data.count).toBeGreaterThan(0);
      expect(data.list).toHaveLength(1);
    }
  });

  it('a queued (pending) or unlisted object stays staff-only in the queue', async () => {
    await s.db.updateTable('report').set({ status: 3 }).where('status', '=', 1).execute();
    const queued = await s.ask('alice');
    await s.flag(queued, 'bob');
    await s.db.updateTable('question').set({ status: 11 }).where('id', '=', queued).execute();
    const staff = (await s.page('mod')).body.data;
    expect(staff).toMatchObject({ count: 1, list: [{ object_id: queued, object_status: 11 }] });
    for (const who of [...MEMBERS, 'carol'] as Person[]) {
      const res = await s.page(who);
      expect(res.body.data).toEqual({ count: 0, list: [] });
      expect(JSON.stringify(res.body)).not.toContain(queued);
    }
  });

  it('PUT report/review: anonymous 401, suspended and inactive 403, every member 403 with a reason, nothing changes', async () => {
    const q = await s.ask('alice');
    const flag = await s.flag(q, 'bob');
    for (const payload of OPERATIONS) {
      const body = { flag_id: flag, ...payload };
      expect((await s.call({ method: 'PUT', url: '/report/review', payload: body })).status).toBe(401);
      expect((await s.review(body, 'suspended')).body).toMatchObject({ code: 403, reason: 'error.user.suspended' });
      expect((await s.review(body, 'inactive')).body).toMatchObject({
        code: 403,
        reason: 'error.email.need_to_be_verified',
      });
      for (const who of MEMBERS) {
        const res = await s.review(body, who);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({
          reason: 'error.review.staff_only',
          msg: 'Only moderators and administrators can review flags.',
        });
      }
    }
    expect(await s.flagStatus(flag)).toBe(1);
    const row = await s.db
      .selectFrom('question')
      .select(['status', 'show', 'title'])
      .where('id', '=', q)
      .executeTakeFirstOrThrow();
    expect([Number(row.status), Number(row.show)]).toEqual([1, 1]);
    expect(row.title).not.toBe('A title by someone');
    expect(await s.notices(q)).toEqual([]);
  });

  it('moderators and admins both review', async () => {
    for (const who of ['mod', 'admin'] as const) {
      const q = await s.ask('alice');
      const flag = await s.flag(q, 'bob');
      expect((await s.review({ flag_id: flag, operation_type: 'unlist_post' }, who)).status).toBe(200);
      expect(await s.flagStatus(flag)).toBe(2);
    }
  });
});
