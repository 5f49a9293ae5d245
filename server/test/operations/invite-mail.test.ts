import { describe, expect, it } from 'vitest';
import { renderMail, type MailTemplate } from '../../src/modules/mail/templates';
import { invitedIds, isHttpUrl, revisionTags } from '../../src/modules/question/operations';

const site = { name: 'Agora', url: 'https://qa.example.com', contactEmail: 'team@example.com', language: 'en_US' };
const params = {
  username: 'carol',
  inviter: 'Rich',
  question_title: 'How do I <b>pin</b> a question?',
  link: 'https://qa.example.com/questions/10010000000000001',
};

describe('the invitation mail', () => {
  it('names the inviter, the question and its link; the HTML escapes the title', () => {
    const mail = renderMail('invited_you_to_answer' as MailTemplate, params, site);
    expect(mail.subject).toBe('[Agora] Rich invited you to answer a question');
    expect(mail.text).toContain('Rich thinks you may know the answer to "How do I <b>pin</b> a question?"');
    expect(mail.text).toContain(params.link);
    expect(mail.html).toContain('&lt;b&gt;pin&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>pin</b>');
  });

  it('is written in the site language', () => {
    const mail = renderMail('invited_you_to_answer' as MailTemplate, params, { ...site, language: 'zh_CN' });
    expect(mail.subject).toBe('[Agora] Rich 邀请您回答一个问题');
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
