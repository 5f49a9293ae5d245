import type { SiteSmtp } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { questionBody, writeSite, type Person, type WriteSite } from '../write/helpers';
import { fieldsOf, put, read } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** What Apache Answer's own admin and question screens send, and what they are answered. */
describe.each(available)("Answer's UI forms on $label", (target) => {
  let s: WriteSite;
  beforeAll(async () => {
    s = await writeSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  // Answer's SMTP screen with nothing filled in (authentication off: no user name or password sent).
  const UNCONFIGURED = {
    from_email: '',
    from_name: '',
    smtp_host: '',
    smtp_port: 25,
    encryption: '',
    smtp_authentication: false,
    test_email_recipient: '',
  };

  it('setting/smtp: an unconfigured form is saved; anything filled in is still checked', async () => {
    await put(s, '/setting/smtp', {
      ...UNCONFIGURED,
      from_email: 'mail@example.com',
      from_name: 'Site',
      smtp_host: 'smtp.example.com',
    });
    const saved = await put(s, '/setting/smtp', UNCONFIGURED);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await read<SiteSmtp>(s, '/setting/smtp')).toMatchObject({ from_email: '', from_name: '', smtp_host: '' });
    // One field filled in makes it a configuration: the others are required again.
    expect(fieldsOf(await put(s, '/setting/smtp', { ...UNCONFIGURED, smtp_host: 'smtp.example.com' }))).toEqual({
      from_email: expect.any(String),
      from_name: expect.any(String),
    });
    expect(Object.keys(fieldsOf(await put(s, '/setting/smtp', { ...UNCONFIGURED, smtp_port: 0 })))).toEqual([
      'smtp_port',
    ]);
    expect(
      Object.keys(fieldsOf(await put(s, '/setting/smtp', { ...UNCONFIGURED, smtp_authentication: true }))),
    ).toEqual(['from_email', 'from_name', 'smtp_host', 'smtp_username', 'smtp_password']);
    expect(
      Object.keys(fieldsOf(await put(s, '/setting/smtp', { ...UNCONFIGURED, test_email_recipient: 'x@example.com' }))),
    ).toEqual(['from_email', 'from_name', 'smtp_host']);
  });

  it('siteinfo/login without login_required keeps the private-site switch as it is', async () => {
    const form = {
      allow_new_registrations: true,
      allow_email_registrations: true,
      allow_password_login: true,
      allow_email_domains: [],
    };
    for (const privateSite of [true, false]) {
      expect((await put(s, '/siteinfo/login', { ...form, login_required: privateSite })).status).toBe(200);
      const saved = await put<{ login_required: boolean }>(s, '/siteinfo/login', {
        ...form,
        allow_password_login: false,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ login_required: privateSite, allow_password_login: false });
      expect(await read(s, '/siteinfo/security')).toMatchObject({ login_required: privateSite });
    }
    // What is sent is still checked.
    expect((await put(s, '/siteinfo/login', { ...form, login_required: 'yes' })).status).toBe(400);
  });

  describe('answer/page with an empty question_id: every answer the viewer may see, paged', () => {
    let listed: string;
    let unlisted: string;
    const answers: Record<string, string> = {};
    const answer = async (questionId: string, as: Person, key: string) => {
      const reply = await s.call<{ info: { id: string } }>({
        method: 'POST',
        url: '/answer',
        payload: { question_id: questionId, content: `An answer long enough to count, number ${key}.` },
        as,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      answers[key] = reply.body.data.info.id;
    };
    type Page = { count: number; list: { id: string; question_id: string }[] };
    const page = async (query: string, as?: Person) => {
      const reply = await s.call<Page>({ method: 'GET', url: `/answer/page?${query}`, as });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.data;
    };
    const ids = (data: Page) => data.list.map((a) => a.id).sort();

    beforeAll(async () => {
      const ask = async (as: Person) => {
        const reply = await s.call<{ id: string }>({ method: 'POST', url: '/question', payload: questionBody(), as });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        return reply.body.data.id;
      };
      listed = await ask('alice');
      unlisted = await ask('alice');
      await answer(listed, 'bob', 'first');
      await answer(listed, 'rich', 'second');
      await answer(unlisted, 'bob', 'onUnlisted');
      await answer(listed, 'mod', 'deleted');
      await s.db.updateTable('question').set({ show: 2 }).where('id', '=', unlisted).execute();
      await s.db.updateTable('answer').set({ status: 10 }).where('id', '=', answers.deleted!).execute();
    });

    it('a visitor gets the available answers of listed questions, in pages', async () => {
      const all = await page('question_id=&page=1&page_size=20');
      expect(ids(all)).toEqual([answers.first, answers.second].sort());
      expect(all.count).toBe(2);
      // No question_id at all means the same.
      expect(ids(await page('page=1&page_size=20'))).toEqual(ids(all));
      const first = await page('question_id=&page=1&page_size=1&order=created');
      const second = await page('question_id=&page=2&page_size=1&order=created');
      expect(first).toMatchObject({ count: 2, list: [{ id: answers.first, question_id: listed }] });
      expect(second.list.map((a) => a.id)).toEqual([answers.second]);
    });

    it("the unlisted question's author and staff see what the question page shows them", async () => {
      expect(ids(await page('question_id=&page_size=20', 'alice'))).toEqual(
        [answers.first, answers.second, answers.onUnlisted].sort(),
      );
      expect(ids(await page('question_id=&page_size=20', 'admin'))).toEqual(
        [answers.first, answers.second, answers.onUnlisted, answers.deleted].sort(),
      );
    });

    it('a question id is still checked', async () => {
      const missing = await s.call({ method: 'GET', url: '/answer/page?question_id=10010000000999999' });
      expect(missing.status).toBe(404);
      const hidden = await s.call({ method: 'GET', url: `/answer/page?question_id=${unlisted}` });
      expect(hidden.status).toBe(404);
      expect((await s.call({ method: 'GET', url: `/answer/page?question_id=${'9'.repeat(31)}` })).status).toBe(400);
    });
  });
});
