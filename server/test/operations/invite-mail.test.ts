import type { QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbSettingsStore } from '../../src/modules/site-info/store';
import { OutboxSeal } from '../../src/modules/mail/sealed';
import { MAIL_TEMPLATES, renderMail } from '../../src/modules/mail/templates';
import { questionUrl } from '../../src/modules/question/info';
import { isHttpUrl } from '../../src/modules/question/rules';
import { invitedIds, revisionTags } from '../../src/modules/question/table';
import { testDatabases } from '../db/databases';
import { operationsSite, type OperationsSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const site = { name: 'Agora', url: 'https://qa.example.com', contactEmail: 'team@example.com', language: 'en_US' };
const params = {
  username: 'carol',
  inviter: 'Rich',
  question_title: 'How do I <b>pin</b> a question?',
  link: 'https://qa.example.com/questions/10010000000000001',
};

describe('the invitation mail', () => {
  it('is one of the mail templates', () => {
    expect(MAIL_TEMPLATES).toContain('invited_you_to_answer');
  });

  it('names the inviter and the question, links to it with a button; the HTML escapes the title', () => {
    const mail = renderMail('invited_you_to_answer', params, site);
    expect(mail.subject).toBe('[Agora] Rich invited you to answer a question');
    expect(mail.text).toContain('Hello carol,');
    expect(mail.text).toContain('Rich thinks you may know the answer to "How do I <b>pin</b> a question?" on Agora.');
    expect(mail.text).toContain(`\n\n${params.link}\n\n`);
    expect(mail.html).toContain('&lt;b&gt;pin&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>pin</b>');
    expect(mail.html).toContain(`<a href="${params.link}" style=`);
    expect(mail.html).toContain('>Answer the question</a>');
  });

  it('is written in the site language', () => {
    const mail = renderMail('invited_you_to_answer', params, { ...site, language: 'zh_CN' });
    expect(mail.subject).toBe('[Agora] Rich 邀请您回答一个问题');
    expect(mail.text).toContain('Rich 认为您可能知道 Agora 上的问题“How do I <b>pin</b> a question?”的答案。');
    expect(mail.html).toContain('>回答这个问题</a>');
  });

  it('needs an http(s) link to the question', () => {
    expect(() => renderMail('invited_you_to_answer', { ...params, link: 'javascript:alert(1)' }, site)).toThrow(
      /http\(s\) link/,
    );
    expect(() => renderMail('invited_you_to_answer', { ...params, link: undefined }, site)).toThrow();
  });

  it('links to the question as the permalink setting writes it', () => {
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

describe.each(available)('the invitation mail sent by PUT question/invite on $label', (target) => {
  let s: OperationsSite;
  beforeAll(async () => {
    s = await operationsSite(target, { outbox: true });
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  /** The queued mails to `to`, their bodies opened with the outbox's key (the rows keep them sealed). */
  const outbox = async (to: string) => {
    const rows = await s.db
      .selectFrom('mail_outbox')
      .select(['id', 'template', 'subject', 'text_body', 'html_body', 'status'])
      .where('to_address', '=', to)
      .orderBy('created_at')
      .execute();
    const seal = new OutboxSeal(s.outboxKey);
    return rows.map(({ id, ...row }) => ({
      ...row,
      text_body: seal.open(row.text_body, id),
      html_body: seal.open(row.html_body, id),
    }));
  };

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
    const [mail, ...more] = await outbox('carol@example.com');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      template: 'invited_you_to_answer',
      status: 'pending',
      subject: '[Agora Test] Rich invited you to answer a question',
    });
    expect(mail!.text_body).toContain('Hello carol,');
    expect(mail!.text_body).toContain(`Rich thinks you may know the answer to "${title}" on Agora Test.`);
    expect(mail!.text_body).toContain(link);
    expect(mail!.html_body).toContain('Where do &lt;unlisted&gt; questions go &amp; why?');
    expect(mail!.html_body).not.toContain('<unlisted>');
    expect(mail!.html_body).toContain(`<a href="${link}">${link}</a>`);
    // erin turned e-mail notifications off.
    expect(await outbox('erin@example.com')).toEqual([]);
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
      expect(mail!.text_body).toContain(
        `https://qa.example.com/questions/${shortId}/short-links-in-invitation-mails\n`,
      );
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
