import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { mailSite, mailsTo, SITE, supportTag, type MailSite } from './fixture';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 240_000, hookTimeout: 180_000 });

const DAY = 24 * 3600_000;

describe.each(available)('new-question mails on $label', (target) => {
  let s: MailSite;
  beforeAll(async () => {
    s = await mailSite(target);
    const tag = await supportTag(s.db);
    // alice: every new question; bob: questions in the tags he follows; carol (Chinese): both;
    // erin follows the tag with the switch off; gina: nothing yet (the cap test turns hers on).
    await s.setSwitches('alice', { all_new_question: true });
    await s.setSwitches('bob', { all_new_question_for_following_tags: true });
    await s.setSwitches('carol', { all_new_question: true, all_new_question_for_following_tags: true });
    for (const who of ['bob', 'carol', 'erin'] as const) {
      const res = await s.call({ method: 'POST', url: '/follow', as: who, payload: { object_id: tag } });
      expect(res.status).toBe(200);
    }
    // A second tag nobody follows (the admin may create tags).
    await s.ask('admin', 'Where do the server logs of the demo go?', ['linux']);
    await s.deliver();
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const to = mailsTo;

  it('every subscriber gets one mail per question, a member with both switches one, the author none', async () => {
    const title = 'How do I mount an NFS share at boot?';
    const qid = await s.ask('frank', title);
    const mails = await s.deliver();
    for (const who of ['alice', 'bob'] as const) {
      const [mail, ...more] = to(mails, who);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe(`[Agora Test] New question: ${title}`);
      expect(mail!.text).toContain(`${SITE}/questions/${qid}\n`);
    }
    const carol = to(mails, 'carol');
    expect(carol.map((m) => m.subject)).toEqual([`[Agora Test] 新问题：${title}`]);
    expect(to(mails, 'erin')).toEqual([]);
    expect(to(mails, 'frank')).toEqual([]);
    expect(mails).toHaveLength(3);
    // Asked once, mailed once.
    expect(await s.deliver()).toEqual([]);
  });

  it('follows the tags: a question outside the followed tags reaches only the all-questions subscribers', async () => {
    await s.ask('frank', 'Which distribution for an old laptop?', ['linux']);
    const mails = await s.deliver();
    expect(mails.flatMap((m) => m.to).sort()).toEqual(['alice@example.com', 'carol@example.com']);
  });

  it('a question deleted before the dispatcher saw it is never mailed', async () => {
    const qid = await s.ask('frank', 'Please ignore this test question about disks');
    const res = await s.call({ method: 'DELETE', url: '/question', as: 'frank', payload: { id: qid } });
    expect(res.status).toBe(200);
    expect(await s.deliver()).toEqual([]);
  });

  it('escapes the title in the HTML part and keeps the subject to one line', async () => {
    const title = '<img src=x onerror=alert(1)> in my template';
    await s.ask('frank', title);
    const [mail] = to(await s.deliver(), 'alice');
    expect(mail!.subject).toBe(`[Agora Test] New question: ${title}`);
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt; in my template');
    expect(mail!.html).not.toContain('<img src=x');
  });

  it('sends a member at most 50 new-question mails in 7 days', async () => {
    for (const who of ['alice', 'bob', 'carol'] as const)
      await s.setSwitches(who, { all_new_question: false, all_new_question_for_following_tags: false });
    await s.setSwitches('gina', { all_new_question: true });
    for (let i = 1; i <= 51; i += 1) await s.ask('frank', `Capped question number ${i} about cron`);
    const mails = await s.deliver();
    expect(to(mails, 'gina')).toHaveLength(50);
    expect(mails).toHaveLength(50);
    // Six days later the week is still full; a day after that it has room again.
    s.clock.advance(6 * DAY);
    await s.ask('frank', 'Still capped: a question six days later');
    expect(await s.deliver()).toEqual([]);
    s.clock.advance(DAY + 60_000);
    await s.ask('frank', 'A new week: a question eight days later');
    expect(to(await s.deliver(), 'gina').map((m) => m.subject)).toEqual([
      '[Agora Test] New question: A new week: a question eight days later',
    ]);
  });
});
