import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AdminDashboard } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DashboardService } from '../../src/modules/dashboard/service';
import { UpdateChecker } from '../../src/modules/dashboard/update-check';
import { resolveSiteSettings, StaticSettingsStore } from '../../src/modules/settings/store';
import { testDatabases } from '../db/databases';
import { reviewSite, type ReviewSite } from '../report-review/helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const DAY = 86_400_000;

/** A release feed on this machine that answers like GitHub's latest-release document. */
async function releaseFeed(): Promise<{ url: string; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ tag_name: 'v9.8.7' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/releases/latest`,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** 17:30 UTC `daysAgo` days back: 01:30 the next day in Shanghai (UTC+8). */
function lateEvening(daysAgo: number): { at: number; shanghaiDate: string } {
  const day = new Date(Date.now() - daysAgo * DAY);
  const at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 17, 30);
  return { at, shanghaiDate: new Date(at + DAY).toISOString().slice(0, 10) };
}

describe.each(available)('admin dashboard on $label', (target) => {
  let s: ReviewSite;
  let feed: Awaited<ReturnType<typeof releaseFeed>>;

  beforeAll(async () => {
    feed = await releaseFeed();
    s = await reviewSite(target, {
      updateCheckUrl: feed.url,
      siteUrl: 'https://qa.example.com',
      site: { interface: { time_zone: 'Asia/Shanghai' }, smtp: { smtp_host: 'mail.example.com' } },
    });
  });
  afterAll(async () => {
    await s?.cleanup();
    await feed?.close();
  });

  const dashboard = async () => {
    const res = await s.call<AdminDashboard>({ method: 'GET', url: '/dashboard', admin: true, as: 'admin' });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('every figure is what was seeded, and the 30 days put each post on its day in the site’s time zone', async () => {
    const [q1, q2, q3, q4, old] = [await s.ask(), await s.ask(), await s.ask(), await s.ask(), await s.ask()];
    const a1 = await s.answer(q1, 'bob');
    await s.answer(q1, 'carol');
    await s.answer(q2, 'bob');
    const deletedAnswer = await s.answer(q2, 'carol');
    const accept = { question_id: q1, answer_id: a1 };
    expect((await s.call({ method: 'POST', url: '/answer/acceptance', payload: accept, as: 'alice' })).status).toBe(
      200,
    );
    await s.comment(q1, 'bob');
    await s.comment(a1, 'carol');
    for (const [who, id] of [
      ['admin', q1],
      ['mod', q1],
      ['admin', a1],
    ] as const)
      expect((await s.call({ method: 'POST', url: '/vote/up', payload: { object_id: id }, as: who })).status).toBe(200);
    const admin = { admin: true, as: 'admin' } as const;
    const close = { question_id: q3, status: 'closed', close_type: 63 };
    expect((await s.call({ method: 'PUT', url: '/question/status', payload: close, ...admin })).status).toBe(200);
    const del = { question_id: q4, status: 'deleted' };
    expect((await s.call({ method: 'PUT', url: '/question/status', payload: del, ...admin })).status).toBe(200);
    const delAnswer = { answer_id: deletedAnswer, status: 'deleted' };
    expect((await s.call({ method: 'PUT', url: '/answer/status', payload: delAnswer, ...admin })).status).toBe(200);
    await s.flag(q2, 'carol');
    await s.db.updateTable('user').set({ status: 10 }).where('id', '=', 34).execute();

    // Dates: q2 late in the evening (UTC) five days ago, q1 40 days ago (out of the chart), one member 3 days ago.
    const evening = lateEvening(5);
    await s.db.updateTable('question').set({ created_at: evening.at }).where('id', '=', q2).execute();
    await s.db
      .updateTable('question')
      .set({ created_at: Date.now() - 40 * DAY })
      .where('id', '=', old)
      .execute();
    const joined = lateEvening(3);
    await s.db.updateTable('user').set({ created_at: joined.at }).where('id', '=', 33).execute();
    mkdirSync(path.join(s.site.dataDir, 'uploads', 'post'), { recursive: true });
    writeFileSync(path.join(s.site.dataDir, 'uploads', 'post', 'a.png'), Buffer.alloc(1234));
    writeFileSync(path.join(s.site.dataDir, 'uploads', 'b.png'), Buffer.alloc(66));

    const { info, activity } = await dashboard();
    const users = Number(
      (
        await s.db
          .selectFrom('user')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(info).toMatchObject({
      // q1, q2, q3 (closed) and old; q4 is deleted.
      question_count: 4,
      resolved_count: 1,
      resolved_rate: 25,
      // q3 and old have no answer.
      unanswered_count: 2,
      unanswered_rate: 50,
      answer_count: 3,
      comment_count: 2,
      vote_count: 3,
      user_count: users - 1,
      report_count: 1,
      uploading_files: true,
      smtp: true,
      https: true,
      time_zone: 'Asia/Shanghai',
      login_required: false,
      uploads_size: 1300,
      update_check: 'ok',
      version_info: { remote_version: '9.8.7' },
      database_type: { sqlite3: 'sqlite', postgres: 'postgres', mysql: 'mysql' }[target.type],
    });
    expect(info.version_info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(info.runtime_version).toBe(`Node.js ${process.version}`);
    expect(info.database_version).toMatch(/\d+\.\d+/);
    expect(info.database_size).toBeGreaterThan(0);
    expect(info.occupying_storage_space).toBe(info.database_size + 1300);
    expect(info.app_start_time).toBeGreaterThan(1_600_000_000);
    expect(info.app_start_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));

    expect(activity).toHaveLength(30);
    const dates = activity.map((d) => d.date);
    expect([...dates].sort()).toEqual(dates);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(Date.now());
    expect(dates[29]).toBe(today);
    const on = (date: string) => activity.find((d) => d.date === date) ?? { questions: -1, answers: -1, users: -1 };
    expect(on(evening.shanghaiDate).questions).toBe(1);
    expect(on(joined.shanghaiDate).users).toBe(1);
    const sum = (key: 'questions' | 'answers' | 'users') => activity.reduce((n, d) => n + d[key], 0);
    // q1 and q3 today, q2 five days ago; old is 40 days back and q4 deleted.
    expect(sum('questions')).toBe(3);
    expect(sum('answers')).toBe(3);
    // Every member but the deleted one, the ones created now and the one moved back three days.
    expect(sum('users')).toBe(users - 1);
    expect(on(today).questions).toBe(2);
  });

  it('is kept a minute, the feed asked once an hour', async () => {
    const before = await dashboard();
    await s.ask();
    expect((await dashboard()).info.question_count).toBe(before.info.question_count);
    expect(feed.hits()).toBe(1);

    // The same service over a clock the test moves: after a minute the new question counts.
    let now = Date.now();
    const updates = new UpdateChecker({ url: feed.url, now: () => now });
    const service = new DashboardService(s.db, {
      settings: s.services.settings,
      dataDir: s.site.dataDir,
      updates,
      flags: s.services.reportReview,
      now: () => now,
    });
    const build = { version: '1.0.0', revision: 'abc' };
    const first = await service.get(build);
    expect(first.info.question_count).toBe(before.info.question_count + 1);
    expect(first.info.version_info).toEqual({ version: '1.0.0', revision: 'abc', remote_version: '9.8.7' });
    await s.ask();
    now += 59_000;
    expect((await service.get(build)).info.question_count).toBe(first.info.question_count);
    now += 2_000;
    expect((await service.get(build)).info.question_count).toBe(first.info.question_count + 1);
    expect(feed.hits()).toBe(2);
  });

  it('update_check is off, and the feed never asked, while security.check_update is off', async () => {
    const settings = new StaticSettingsStore(
      resolveSiteSettings({ security: { check_update: false } }, 'http://localhost:9080'),
    );
    const updates = new UpdateChecker({ url: feed.url });
    const service = new DashboardService(s.db, {
      settings,
      dataDir: s.site.dataDir,
      updates,
      flags: s.services.reportReview,
    });
    const { info } = await service.get({ version: '1.0.0', revision: '' });
    expect(info).toMatchObject({ update_check: 'off', https: false, smtp: false, time_zone: 'UTC' });
    expect(info.version_info.remote_version).toBe('');
    expect(feed.hits()).toBe(2);
  });
});
