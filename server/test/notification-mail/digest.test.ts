import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { mailSite, mailsTo, SITE, supportTag, type MailSite, type Person } from './fixture';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const DAY = 24 * 3600_000;
type Config = Record<string, { key: string; enable: boolean }>;

describe.each(available)('the weekly digest on $label', (target) => {
  let s: MailSite;
  beforeAll(async () => {
    s = await mailSite(target);
    const tag = await supportTag(s.db);
    for (const who of ['frank', 'erin'] as const) {
      const res = await s.call({ method: 'POST', url: '/follow', as: who, payload: { object_id: tag } });
      expect(res.status).toBe(200);
    }
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const to = mailsTo;
  const config = async (as: Person) =>
    (await s.call<Config>({ method: 'GET', url: '/user/notification/config', as })).body.data;

  it('is off by default; GET always answers it and a PUT without it keeps it', async () => {
    expect((await config('frank')).weekly_digest).toEqual({ key: 'email', enable: false });
    await s.setSwitches('frank', { weekly_digest: true });
    const { weekly_digest: _kept, ...rest } = await config('frank');
    const res = await s.call({ method: 'PUT', url: '/user/notification/config', as: 'frank', payload: rest });
    expect(res.status).toBe(200);
    expect((await config('frank')).weekly_digest).toEqual({ key: 'email', enable: true });
  });

  it('goes once a week, even with two processes racing, and only when there is something to list', async () => {
    // alice wants the digest but follows no tag: nothing to list, no mail. erin follows but has it off.
    await s.setSwitches('alice', { weekly_digest: true });
    const first = await s.ask('gina', 'How do I tune the swappiness of a small VPS?');
    const second = await s.ask('gina', 'Why is my disk full when du says it is not?');
    await s.flush();

    const runs = await Promise.all([s.services.notifyMail.runDigest(), s.otherProcess().runDigest()]);
    // One process held the job; the other found it taken.
    expect(runs.filter((n) => n === null)).toHaveLength(1);
    const mails = await s.flush();
    expect(to(mails, 'alice')).toEqual([]);
    expect(to(mails, 'erin')).toEqual([]);
    const [digest, ...more] = to(mails, 'frank');
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('[Agora Test] Your weekly digest: new questions (2)');
    expect(digest!.text).toContain(`How do I tune the swappiness of a small VPS?\n  ${SITE}/questions/${first}\n`);
    expect(digest!.text).toContain(`Why is my disk full when du says it is not?\n  ${SITE}/questions/${second}\n`);

    // Run again at once, and by both processes three days later: nothing more this week.
    expect(await s.otherProcess().runDigest()).toBe(0);
    s.clock.advance(3 * DAY);
    await s.ask('gina', 'Is ext4 or xfs better for a mail spool?');
    await Promise.all([s.services.notifyMail.runDigest(), s.otherProcess().runDigest()]);
    expect(await s.flush()).toEqual([]);

    // A week after the first digest the next one lists the questions of the last 7 days only.
    s.clock.advance(4 * DAY + 60_000);
    await Promise.all([s.services.notifyMail.runDigest(), s.otherProcess().runDigest()]);
    const next = to(await s.flush(), 'frank');
    expect(next.map((m) => m.subject)).toEqual(['[Agora Test] Your weekly digest: new questions (1)']);
    expect(next[0]!.text).toContain('Is ext4 or xfs better for a mail spool?');
    expect(next[0]!.text).not.toContain('swappiness');
  });
});
