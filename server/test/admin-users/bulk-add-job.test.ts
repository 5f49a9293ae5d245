import type { AdminJob } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bulkAddJob } from '../../src/modules/admin-users/bulk-job';
import { AdminUsersService } from '../../src/modules/admin-users/service';
import { skipAudit } from '../../src/modules/audit/service';
import { JobRunner } from '../../src/modules/job/runner';
import { newOutboxKey } from '../../src/lib/sealed';
import { testDatabases } from '../db/databases';
import { adminSite, type AdminSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 900_000, hookTimeout: 180_000 });

type FieldErrors = Array<{ error_field: string; error_msg: string }>;

/** A fast stand-in for argon2 where the test is about the job, not the hashing. */
const quickHash = async (password: string) => `plain:${password}`;

describe.each(available)('bulk add of members as a background job on $label', (target) => {
  let s: AdminSite;

  beforeAll(async () => {
    s = await adminSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const byEmail = (email: string) =>
    s.db.selectFrom('user').selectAll().where('e_mail_key', '=', email.toLowerCase()).executeTakeFirst();
  const job = (id: string, lang?: string) =>
    s.call<AdminJob>({ method: 'GET', url: `/answer/admin/api/job?id=${id}`, token: s.admin.token, lang });

  it('answers at once with a queued job; the job imports the good lines and names each bad one', async () => {
    const text = [
      'Ann One,ann1@example.com,ann secret one',
      '',
      'Bad Line without fields',
      'Ann Two,ann2@example.com,pass,with,commas',
      'X,x@example.com,good secret two',
      'No Mail,not-mail,good secret two',
      'Twin,ANN1@example.com,good secret two',
      'Taken,ada@example.com,good secret two',
      'Short,short@example.com,abc',
      'Ann One,ann3@example.com,ann secret three\r',
    ].join('\n');
    const res = await s.admin$<AdminJob>('POST', '/users', { users: text });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'users.bulk_add', state: 'queued', done: 0, total: 9, failed: 0 });
    // Nothing is made in the request.
    expect(await byEmail('ann1@example.com')).toBeUndefined();
    // The text holds passwords: the job keeps it sealed.
    const stored = await s.db
      .selectFrom('job')
      .select('input')
      .where('id', '=', Number(res.body.data.id))
      .executeTakeFirstOrThrow();
    expect(stored.input).not.toContain('ann secret one');

    expect(await s.services.jobs.runPending()).toBe(1);
    const after = await job(res.body.data.id);
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ state: 'done', done: 9, total: 9, failed: 6, result: { created: 3 } });
    expect(after.body.data.failures.map((f) => [f.item, f.msg])).toEqual([
      [3, 'Line 3: write the display name, e-mail and password separated by commas.'],
      [5, 'Line 5: the display name must be 2 to 30 characters long.'],
      [6, 'Line 6: this is not a valid e-mail address.'],
      [7, 'Line 7: this e-mail address is already on line 1.'],
      [8, 'Line 8: this e-mail address is already in use.'],
      [9, 'Line 9: the password must be 8 to 32 characters long and not a common one.'],
    ]);
    const zh = await job(res.body.data.id, 'zh_CN');
    expect(zh.body.data.failures[1]!.msg).toBe('第 5 行：显示名称长度须为 2 到 30 个字符。');
    expect((await byEmail('ann1@example.com'))!.username).toBe('ann-one');
    expect((await byEmail('ann3@example.com'))!.username).toBe('ann-one-2');
    expect((await s.login('ann2@example.com', 'pass,with,commas')).token).toBeTruthy();
    // Its input is gone once it ended.
    const ended = await s.db
      .selectFrom('job')
      .select('input')
      .where('id', '=', Number(res.body.data.id))
      .executeTakeFirstOrThrow();
    expect(ended.input).toBeNull();
  });

  it('takes 1 to 5000 lines, refused in the request itself', async () => {
    const empty = await s.admin$<FieldErrors>('POST', '/users', { users: '\n  \n' });
    expect(empty.status).toBe(400);
    expect(empty.body.data[0]!.error_field).toBe('users');
    const lines = Array.from({ length: 5001 }, (_, i) => `User ${i},u${i}@example.com,long secret ${i}`);
    const tooMany = await s.admin$<FieldErrors>('POST', '/users', { users: lines.join('\n') });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data[0]!.error_msg).toBe('Enter 1 to 5000 lines, one user per line.');
  });

  it('job progress is for administrators only, and an unknown job is a 404', async () => {
    const member = await s.member('Job Watcher');
    const res = await s.call({ method: 'GET', url: '/answer/admin/api/job?id=1', token: member.token });
    expect(res.status).toBe(403);
    expect((await s.call({ method: 'GET', url: '/answer/admin/api/job?id=1' })).status).toBe(401);
    const missing = await job('999999');
    expect(missing.status).toBe(404);
    expect((await job('abc')).status).toBe(400);
  });

  it('imports 1200 lines with progress along the way; a crashed run is taken over, no line twice', async () => {
    // Every process of a site seals with the config file's key.
    const key = newOutboxKey();
    // Enough lines for many steps (a step is 50 lines); the import's speed at 5 000 is bench:bulk-users' subject.
    const lines = Array.from({ length: 1200 }, (_, i) =>
      i % 200 === 7 ? `Broken line ${i}` : `Member ${i},member${i}@bulk.example.com,member secret ${i}`,
    );
    const progress = (id: number) => s.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    // A first process takes the job and hangs half-way; its lease runs out (as after a crash).
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen = new Set<number>();
    const first = new JobRunner({ db: s.db, key, leaseMs: 60_000 });
    let id = 0;
    const firstUsers = new AdminUsersService(s.db, s.services.accounts, {
      jobs: first,
      hash: async (password) => {
        const done = Number((await progress(id)).done);
        seen.add(done);
        if (done >= 500) await gate;
        return quickHash(password);
      },
    });
    first.register(bulkAddJob(firstUsers));
    id = await firstUsers.addUsers(lines.join('\n'), 1, skipAudit);
    const hanging = first.runPending();
    await vi.waitFor(async () => expect(Number((await progress(id)).done)).toBeGreaterThanOrEqual(500), {
      timeout: 600_000,
      interval: 200,
    });
    const half = await job(String(id));
    expect(half.body.data).toMatchObject({ state: 'running', total: 1200 });
    expect(half.body.data.done).toBeLessThan(1200);
    // Progress moved step by step, not all at the end.
    expect(seen.size).toBeGreaterThan(5);
    await s.db.updateTable('job').set({ lease_until: 0 }).where('id', '=', id).execute();

    // A second process takes it over and finishes from where the first one's last step committed.
    const second = new JobRunner({ db: s.db, key, leaseMs: 60_000 });
    second.register(bulkAddJob(new AdminUsersService(s.db, s.services.accounts, { jobs: second, hash: quickHash })));
    expect(await second.runPending()).toBe(1);
    // The first wakes up: its next step finds the lease gone and changes nothing.
    release();
    await hanging;

    const end = await job(String(id));
    expect(end.body.data).toMatchObject({ state: 'done', done: 1200, total: 1200, failed: 6, result: {} });
    expect(end.body.data.failures.map((f) => f.item)).toEqual([8, 208, 408, 608, 808, 1008]);
    const made = await s.db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('e_mail_key', 'like', '%@bulk.example.com')
      .executeTakeFirstOrThrow();
    expect(Number(made.n)).toBe(1194);
  });
});
