import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { escapeHtml, MAIL_TEMPLATES, renderMail, type MailParams } from '../../src/modules/mail/templates';

// Mails escape member content and link only to the site: one canary in every value a member (or an admin) controls.
const CANARY = `"'><img src=x onerror=window.__x=1>{{7*7}}`;
const SITE_URL = 'https://qa.example.com';
const site = (language = 'en_US') => ({ name: CANARY, url: SITE_URL, contactEmail: CANARY, language });

/** Every parameter a caller passes, with the canary (the link is the site's own). */
const params = (): MailParams => ({
  username: CANARY,
  new_email: CANARY,
  link: `${SITE_URL}/questions/10010000000000001`,
});

interface Node {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  value?: string;
}

/** Element names, attributes and text of a parsed document. */
function walk(node: Node, out: { elements: string[]; attrs: { tag: string; name: string; value: string }[] }) {
  if (node.attrs) {
    out.elements.push(node.nodeName);
    for (const attr of node.attrs) out.attrs.push({ tag: node.nodeName, name: attr.name, value: attr.value });
  }
  for (const child of node.childNodes ?? []) walk(child, out);
  return out;
}

describe.each(['en_US', 'zh_CN'])('mail templates escape member content (%s)', (language) => {
  it.each(MAIL_TEMPLATES.map((template) => [template]))('%s', (template) => {
    const mail = renderMail(template, params(), site(language));
    const { elements, attrs } = walk(parse(mail.html) as unknown as Node, { elements: [], attrs: [] });

    // HTML part: the canary only ever as escaped text; no element or attribute came from it.
    expect(mail.html).not.toContain('<img');
    expect(elements).not.toContain('img');
    expect(attrs.filter((attr) => attr.name.startsWith('on'))).toEqual([]);
    expect(mail.html).toContain(escapeHtml(CANARY));
    expect(mail.html).toContain('{{7*7}}');
    expect(mail.html).not.toContain('49');
    // The only links go to the site.
    const hrefs = attrs.filter((attr) => ['href', 'src', 'action', 'background'].includes(attr.name));
    for (const { value } of hrefs) expect(value.startsWith(`${SITE_URL}/`), value).toBe(true);

    // text/plain part: present, with the canary verbatim (it is not HTML there) and no HTML markup.
    expect(mail.text.trim()).not.toBe('');
    expect(mail.text).toContain(CANARY);
    expect(mail.text).not.toContain('&lt;');
    expect(mail.text).not.toMatch(/<(?:p|a|div|br|html)\b/);
    // The subject is one plain line.
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});

describe('values a member controls cannot reshape a mail', () => {
  it('a template placeholder inside a value is not expanded', () => {
    const mail = renderMail('email_change', { ...params(), new_email: '{site_url} {link}' }, site());
    expect(mail.text).toContain('You asked to use {site_url} {link} for your account');
  });

  it('line breaks in a value cannot add paragraphs or headers', () => {
    const mail = renderMail(
      'email_change',
      { ...params(), new_email: 'Eve\r\nBcc: x@evil.example' },
      { ...site(), name: 'Agora\r\nBcc: y@evil.example' },
    );
    expect(mail.subject).toBe('[Agora Bcc: y@evil.example] Confirm your new e-mail address');
    expect(mail.text).not.toContain('\nBcc:');
  });

  it('an action link off the site origin is refused', () => {
    for (const link of [
      'https://evil.example/questions/1',
      'https://qa.example.com.evil.example/questions/1',
      'https://qa.example.com@evil.example/questions/1',
      'http://qa.example.com/questions/1',
      'javascript:alert(1)',
      '/questions/1',
    ]) {
      expect(() => renderMail('activation', { ...params(), link }, site()), link).toThrow(/link on the site/);
    }
    for (const template of ['activation', 'password_reset', 'email_change'] as const) {
      expect(() => renderMail(template, { ...params(), link: 'https://evil.example/users/x' }, site())).toThrow();
    }
  });

  it('a site URL with a path keeps links under its origin', () => {
    const mail = renderMail(
      'password_reset',
      { username: 'carol', link: 'https://qa.example.com/forum/users/password-reset?code=a%22b' },
      { ...site(), url: 'https://qa.example.com/forum' },
    );
    expect(mail.html).toContain('href="https://qa.example.com/forum/users/password-reset?code=a%22b"');
  });
});
