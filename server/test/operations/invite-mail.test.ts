import type { QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbSettingsStore } from '../../src/modules/site-info/store';
import { questionUrl } from '../../src/modules/question/info';
import { isHttpUrl } from '../../src/modules/question/rules';
import { invitedIds, revisionTags } from '../../src/modules/question/table';
import { testDatabases } from '../db/databases';
import { operationsSite, type OperationsSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe('question links', () => {
  it('follow the permalink setting', () => {
    const id = '10010000000000001';
    const title = 'How do I pin a question?';
    expect(questionUrl('https://qa.example.com/', id, title, 2)).toBe(`https://qa.example.com/questions/${id}`);
    expect(questionUrl('https://qa.example.com', id, title, 1)).toBe(
      `https://qa.example.com/questions/${id}/how-do-i-pin-a-question`,
    );
    expect(questionUrl('https://qa.example.com/forum', id, title, 3)).toBe(
      'https://qa.example.com/forum/questions/D1D1/how-do-i-pin-a-question',
    );
    expect(questionUrl('https://qa.example.com', id, title, 4)).toBe('https://qa.example.com/questions/D1D1');
  });
});

describe.each(available)('the invitation mail of PUT question/invite on $label', (target) => {
  let s: OperationsSite;
  beforeAll(async () => {
    s = await operationsSite(target, { outbox: true });
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  /** The notification mails the dispatcher queued to `to` since the last look. */
  const outbox = async (to: string) => (await s.notified()).filter((mail) => mail.to === to);

  it('carries the question title and its link, in the site language, to the invited member only', async () => {
    const title = 'Where do <unlisted> questions go & why?';
    const asked = await s.call<QuestionInfo>({
      method: 'POST',
      url: '/question',
      as: 'alice',
      payload: { title, content: 'I hid one and cannot find it any more.', tags: [{ slug_name: 'support' }] },
    });
    expect(asked.status).toBe(200);
    const id = asked.body.data.id;
    const res = await s.call({
      method: 'PUT',
      url: '/question/invite',
      as: 'rich',
      payload: { id, invite_user: ['carol', 'erin'] },
    });
    expect(res.status).toBe(200);

    const link = `https://qa.example.com/questions/${id}`;
    const mails = await s.notified();
    // erin turned e-mail notifications off.
    expect(mails.map((m) => m.to)).toEqual(['carol@example.com']);
    const [mail] = mails;
    expect(mail).toMatchObject({
      template: 'notify_invitation',
      subject: '[Agora Test] Rich invited you to answer a question',
    });
    expect(mail!.text).toContain('Hello carol,');
    expect(mail!.text).toContain(`Rich thinks you may know the answer to "${title}" on Agora Test.`);
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain('Where do &lt;unlisted&gt; questions go &amp; why?');
    expect(mail!.html).not.toContain('<unlisted>');
    expect(mail!.html).toContain(`<a href="${link}">${link}</a>`);
  });

  it('follows the permalink setting (short ids and the url title with mode 3)', async () => {
    const settings = s.app.settings as DbSettingsStore;
    await settings.set('seo', { ...(await settings.get('seo')), permalink: 3 });
    try {
      const asked = await s.call<QuestionInfo>({
        method: 'POST',
        url: '/question',
        as: 'alice',
        payload: {
          title: 'Short links in invitation mails?',
          content: 'Does the mail use the short form of the id?',
          tags: [{ slug_name: 'support' }],
        },
      });
      expect(asked.status).toBe(200);
      const shortId = asked.body.data.id;
      expect(shortId).toMatch(/^[0-9a-zA-Z]{3,10}$/);
      expect(
        (
          await s.call({
            method: 'PUT',
            url: '/question/invite',
            as: 'rich',
            payload: { id: shortId, invite_user: ['bob'] },
          })
        ).status,
      ).toBe(200);
      const [mail] = await outbox('bob@example.com');
      expect(mail!.text).toContain(`https://qa.example.com/questions/${shortId}/short-links-in-invitation-mails\n`);
    } finally {
      await settings.set('seo', { ...(await settings.get('seo')), permalink: 2 });
    }
  });
});

describe('stored values', () => {
  it('invited ids: a JSON array of id strings; anything else is none', () => {
    expect(invitedIds('["15","17","15"]')).toEqual([15, 17]);
    expect(invitedIds(null)).toEqual([]);
    expect(invitedIds('not json')).toEqual([]);
    expect(invitedIds('{"a":1}')).toEqual([]);
    expect(invitedIds('["x","-3","4"]')).toEqual([4]);
  });

  it('revision tags: objects of an ask, ids and slugs of an edit; unreadable is undefined', () => {
    expect(revisionTags(JSON.stringify({ tags: [{ slug_name: 'support' }] }))).toEqual(new Set(['support']));
    expect(revisionTags(JSON.stringify({ tags: ['10030000000000001', 'new-tag'] }))).toEqual(
      new Set(['10030000000000001', 'new-tag']),
    );
    expect(revisionTags(JSON.stringify({ tags: [] }))).toBeUndefined();
    expect(revisionTags('{')).toBeUndefined();
    expect(revisionTags(undefined)).toBeUndefined();
  });

  it('duplicate links must be absolute http(s) URLs', () => {
    expect(isHttpUrl('https://example.com/questions/1')).toBe(true);
    expect(isHttpUrl('http://example.com')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('/questions/1')).toBe(false);
    expect(isHttpUrl('https://example.com/a b')).toBe(false);
  });
});
