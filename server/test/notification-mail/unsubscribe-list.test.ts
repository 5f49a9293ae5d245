import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { mailSite, mailsTo, PEOPLE, unsubscribeLinks, type MailSite } from './fixture';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('unsubscribing names the mails that stop on $label', (target) => {
  let s: MailSite;
  beforeAll(async () => {
    s = await mailSite(target);
    await s.setSwitches('alice', { all_new_question: true, weekly_digest: true });
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const unsubscribe = (code: string) =>
    s.call<string[]>({ method: 'PUT', url: '/user/notification/unsubscribe', payload: { code } });

  it("a mail's link stops its own kind and says so", async () => {
    const qid = await s.ask('alice', 'Which mails stop when I unsubscribe?');
    await s.call({
      method: 'POST',
      url: '/comment',
      as: 'bob',
      payload: { object_id: qid, original_text: 'Hi there.' },
    });
    const [inbox] = mailsTo(await s.deliver(), 'alice');
    const res = await unsubscribe(unsubscribeLinks(inbox!).code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual(['inbox']);
  });

  it('a link without a kind stops every mail still on, and then none', async () => {
    const code = await s.services.accounts.createUnsubscribeCode(PEOPLE.alice.id);
    const first = await unsubscribe(code);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual(['all_new_question', 'weekly_digest']);
    const again = await unsubscribe(code);
    expect(again.body.data).toEqual([]);
  });

  it('a bad code is still refused', async () => {
    const res = await unsubscribe('B'.repeat(43));
    expect([res.status, res.body.reason]).toEqual([400, 'error.notification.unsubscribe_code_invalid']);
  });
});
