import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import type { SinkMail } from '../support/smtp-sink';
import { mailSite, mailsTo, SITE, supportTag, unsubscribeLinks, type MailSite, type Person } from './fixture';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

type Config = Record<string, { key: string; enable: boolean }>;
const FORGED = 'A'.repeat(43);

describe.each(available)('unsubscribing from one kind of mail on $label', (target) => {
  let s: MailSite;
  beforeAll(async () => {
    s = await mailSite(target);
    await s.setSwitches('alice', {
      all_new_question: true,
      all_new_question_for_following_tags: true,
      weekly_digest: true,
    });
    const tag = await supportTag(s.db);
    expect((await s.call({ method: 'POST', url: '/follow', as: 'alice', payload: { object_id: tag } })).status).toBe(
      200,
    );
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const switches = async (as: Person) => {
    const config = (await s.call<Config>({ method: 'GET', url: '/user/notification/config', as })).body.data;
    return Object.fromEntries(Object.entries(config).map(([k, v]) => [k, v.enable]));
  };
  const mine = (mails: SinkMail[]) => mailsTo(mails, 'alice');

  it('every mail carries its link and a one-click List-Unsubscribe header', async () => {
    const qid = await s.ask('alice', 'Can I run two versions of node side by side?');
    await s.call({
      method: 'POST',
      url: '/comment',
      as: 'bob',
      payload: { object_id: qid, original_text: 'Use nvm.' },
    });
    const [inbox] = mine(await s.deliver());
    const { page, oneClick } = unsubscribeLinks(inbox!);
    expect(page.startsWith(`${SITE}/users/unsubscribe?code=`)).toBe(true);
    expect(oneClick.startsWith(`${SITE}/answer/api/v1/user/notification/unsubscribe/one-click?code=`)).toBe(true);
    expect(inbox!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(inbox!.html).toContain('>Unsubscribe</a>');
  });

  it('the link of an inbox mail turns off the inbox mails only, without logging in', async () => {
    const qid = await s.ask('alice', 'What does the sticky bit do on a directory?');
    await s.call({
      method: 'POST',
      url: '/comment',
      as: 'bob',
      payload: { object_id: qid, original_text: 'Only owners delete.' },
    });
    const [inbox] = mine(await s.deliver());
    const { code } = unsubscribeLinks(inbox!);
    const res = await s.call({ method: 'PUT', url: '/user/notification/unsubscribe', payload: { code } });
    expect(res.status).toBe(200);
    expect(await switches('alice')).toEqual({
      inbox: false,
      all_new_question: true,
      all_new_question_for_following_tags: true,
      weekly_digest: true,
    });
    // And so it stays: the next comment sends nothing.
    await s.call({ method: 'POST', url: '/comment', as: 'bob', payload: { object_id: qid, original_text: 'Try it.' } });
    expect(mine(await s.deliver())).toEqual([]);
  });

  it('the one-click POST of a new-question mail turns off that kind only', async () => {
    await s.ask('frank', 'How do I list the open ports of a host?');
    const [mail] = mine(await s.deliver());
    expect(mail!.subject).toBe('[Agora Test] New question: How do I list the open ports of a host?');
    const { oneClick } = unsubscribeLinks(mail!);
    const res = await s.app.inject({
      method: 'POST',
      url: oneClick.slice(SITE.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await switches('alice')).toEqual({
      inbox: false,
      all_new_question: false,
      all_new_question_for_following_tags: true,
      weekly_digest: true,
    });
    // Still a follower of the tag with those mails on: the next question comes as a followed-tag mail.
    await s.ask('frank', 'Which port does SMTP submission use?');
    const [next] = mine(await s.deliver());
    expect(next!.text).toContain('new questions in the tags you follow');
  });

  it('refuses a forged or unknown code with a clear reason in the reader language, and changes nothing', async () => {
    const before = await switches('alice');
    const put = await s.call({
      method: 'PUT',
      url: '/user/notification/unsubscribe',
      headers: { 'accept-language': 'zh-CN' },
      payload: { code: FORGED },
    });
    expect(put.status).toBe(400);
    expect(put.body.reason).toBe('error.notification.unsubscribe_code_invalid');
    expect(put.body.msg).toMatch(/[\u4e00-\u9fff]/);
    const post = await s.app.inject({
      method: 'POST',
      url: `/answer/api/v1/user/notification/unsubscribe/one-click?code=${FORGED}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(400);
    expect(JSON.parse(post.body).reason).toBe('error.notification.unsubscribe_code_invalid');
    expect(await switches('alice')).toEqual(before);
  });
});
