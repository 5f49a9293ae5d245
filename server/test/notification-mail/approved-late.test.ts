import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { mailsTo, supportTag, type MailSite, mailSite } from './fixture';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 240_000, hookTimeout: 180_000 });

const DAY = 24 * 3600_000;

describe.each(available)('new-question mails of a queued question on $label', (target) => {
  let s: MailSite;
  beforeAll(async () => {
    s = await mailSite(target);
    const tag = await supportTag(s.db);
    await s.setSwitches('alice', { all_new_question: true });
    await s.setSwitches('bob', { all_new_question_for_following_tags: true });
    const follow = await s.call({ method: 'POST', url: '/follow', as: 'bob', payload: { object_id: tag } });
    expect(follow.status).toBe(200);
    // New members' first posts wait for a reviewer.
    const settings = s.services.settings;
    await settings.set!('moderation', { ...(await settings.get('moderation')), queue_first_posts: 5 });
    await s.deliver();
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const approve = async (questionId: string) => {
    const page = await s.call<{ list: Array<{ review_id: number }> }>({
      method: 'GET',
      url: `/review/pending/post/page?page=1&object_id=${questionId}`,
      as: 'admin',
    });
    const res = await s.call({
      method: 'PUT',
      url: '/review/pending/post',
      as: 'admin',
      payload: { review_id: page.body.data.list[0]!.review_id, status: 'approve' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('are sent when a reviewer approves it, days after it was asked', async () => {
    const title = 'How do I rotate the logs of a queued service?';
    const qid = await s.ask('frank', title);
    const status = await s.db.selectFrom('question').select('status').where('id', '=', qid).executeTakeFirstOrThrow();
    expect(status.status).toBe(11);
    // Nothing while it waits, however long.
    expect(await s.deliver()).toEqual([]);
    s.clock.advance(3 * DAY);
    expect(await s.deliver()).toEqual([]);
    s.clock.advance(2 * DAY);
    await approve(qid);
    const mails = await s.deliver();
    for (const who of ['alice', 'bob'] as const)
      expect(mailsTo(mails, who).map((m) => m.subject)).toEqual([`[Agora Test] New question: ${title}`]);
    expect(await s.deliver()).toEqual([]);
  });

  it('a question waiting in the queue does not hold up the questions asked after it', async () => {
    await s.ask('gina', 'A question that waits for a reviewer for a long time');
    s.clock.advance(DAY);
    const title = 'A question by the admin, mailed at once';
    await s.ask('admin', title);
    const mails = await s.deliver();
    expect(mailsTo(mails, 'alice').map((m) => m.subject)).toEqual([`[Agora Test] New question: ${title}`]);
  });
});
