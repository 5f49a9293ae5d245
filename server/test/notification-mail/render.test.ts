import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/modules/mail/templates';
import { renderNotifyMail, type NotifyTemplate } from '../../src/modules/notify-mail/render';

// One canary in every value a member or an admin controls: titles, names, tags, reasons, the site name.
const CANARY = `"'><img src=x onerror=window.__x=1>{{7*7}}`;
const SITE_URL = 'https://qa.example.com';
const site = { name: CANARY, url: SITE_URL, contactEmail: 'team@example.com', language: 'en_US' };
const TEMPLATES: NotifyTemplate[] = [
  'answer',
  'followed_answer',
  'comment',
  'reply',
  'mention',
  'invitation',
  'accept',
  'edit',
  'moderation',
  'new_question',
  'digest',
];

const content = (template: NotifyTemplate) => ({
  template,
  username: CANARY,
  params: { actor: CANARY, title: CANARY, action: CANARY, tags: CANARY, count: '2' },
  link: `${SITE_URL}/questions/10010000000000001`,
  reason: CANARY,
  items: [{ title: CANARY, link: `${SITE_URL}/questions/10010000000000002` }],
  unsubscribe: { kind: 'inbox' as const, link: `${SITE_URL}/users/unsubscribe?code=abc` },
});

interface Node {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
}

function walk(node: Node, out: { elements: string[]; attrs: { name: string; value: string }[] }) {
  if (node.attrs) {
    out.elements.push(node.nodeName);
    out.attrs.push(...node.attrs);
  }
  for (const child of node.childNodes ?? []) walk(child, out);
  return out;
}

describe.each(['en_US', 'zh_CN'] as const)('notification mails escape member content (%s)', (lang) => {
  it.each(TEMPLATES.map((t) => [t]))('%s', (template) => {
    const mail = renderNotifyMail(content(template), site, lang);
    const { elements, attrs } = walk(parse(mail.html) as unknown as Node, { elements: [], attrs: [] });
    expect(elements).not.toContain('img');
    expect(mail.html).not.toContain('<img');
    expect(attrs.filter((a) => a.name.startsWith('on'))).toEqual([]);
    expect(mail.html).toContain(escapeHtml(CANARY));
    expect(mail.html).not.toContain('49');
    for (const { name, value } of attrs.filter((a) => ['href', 'src'].includes(a.name)))
      expect(value.startsWith(`${SITE_URL}/`), `${name}=${value}`).toBe(true);
    // Texts exist in the language (no raw key left) and the subject is one plain line.
    expect(mail.subject).not.toContain(`mail_notify.${template}`);
    expect(mail.text).not.toContain('mail_notify.');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain(`${SITE_URL}/users/unsubscribe?code=abc`);
  });
});

describe('values cannot reshape a notification mail', () => {
  it('line breaks in a title stay on the subject line', () => {
    const mail = renderNotifyMail(
      { ...content('new_question'), params: { actor: 'Eve', title: 'Hi\r\nBcc: x@evil.example', tags: 'a' } },
      { ...site, name: 'Agora' },
      'en_US',
    );
    expect(mail.subject).toBe('[Agora] New question: Hi Bcc: x@evil.example');
    expect(mail.text).not.toContain('\nBcc:');
  });

  it('links off the site are refused', () => {
    for (const link of ['https://evil.example/questions/1', 'javascript:alert(1)', '/questions/1']) {
      expect(() => renderNotifyMail({ ...content('answer'), link }, site, 'en_US'), link).toThrow(/site itself/);
      expect(() =>
        renderNotifyMail({ ...content('answer'), unsubscribe: { kind: 'inbox', link } }, site, 'en_US'),
      ).toThrow(/site itself/);
    }
  });
});
