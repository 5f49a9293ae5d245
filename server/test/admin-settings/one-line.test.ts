import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { writeSite, type WriteSite } from '../write/helpers';
import { expectRefused, fieldsOf, put, read } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** What a one-line field holding a line break or control character is told, in English. */
const ONE_LINE = /single line/;
/** Line breaks (CRLF as a header injection would send it), a tab, NUL, ESC, a C1 control and U+2028. */
const BREAKS = ['\r\nBcc: victim@example.com', '\n', '\r', '\t', '\u0000', '\u001b[31m', '\u0085', '\u2028'];
const broken = (value: string, i: number) => {
  const cut = Math.ceil(value.length / 2);
  return value.slice(0, cut) + BREAKS[i % BREAKS.length]! + value.slice(cut);
};

describe.each(available)('one-line settings refuse line breaks and control characters on $label', (target) => {
  let s: WriteSite;
  beforeAll(async () => {
    s = await writeSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const general = {
    name: 'Agora Test',
    short_description: 'Short',
    description: 'Long',
    site_url: 'https://qa.example.com',
    contact_email: 'contact@example.com',
  };

  it('general: site name, short description, site URL and contact e-mail', async () => {
    const fields = ['name', 'short_description', 'site_url', 'contact_email'] as const;
    for (const [i, field] of fields.entries()) {
      for (const j of [i, i + 4])
        await expectRefused(s, '/siteinfo/general', general, { [field]: broken(general[field], j) }, field, ONE_LINE);
    }
  });

  it('general: the description stays multi-line; a break at either end of a one-line field is trimmed away', async () => {
    const saved = await put(s, '/siteinfo/general', {
      ...general,
      name: '\n Agora Test \r\n',
      description: 'First line.\r\n\r\nSecond paragraph.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'Agora Test', description: 'First line.\r\n\r\nSecond paragraph.' });
  });

  it('answers in the request language, with the field error in the envelope', async () => {
    const reply = await s.admin<{ error_field: string; error_msg: string }[]>({
      method: 'PUT',
      url: '/siteinfo/general',
      as: 'admin',
      headers: { 'accept-language': 'zh-CN' },
      payload: { ...general, name: 'Agora\nTest' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 400, reason: 'base.request_format_error' });
    expect(reply.body.data).toEqual([
      { error_field: 'name', error_msg: '只能是一行文字：不能包含换行符、制表符或其他控制字符。' },
    ]);
    expect(reply.body.msg).toBe(reply.body.data[0]!.error_msg);
  });

  it('users-settings, users and branding: the avatar base URL and the image addresses', async () => {
    const avatar = { default_avatar: 'system', gravatar_base_url: 'https://www.gravatar.com/avatar/' };
    const url = 'https://cdn.example.com/logo.png';
    await expectRefused(
      s,
      '/siteinfo/users-settings',
      avatar,
      { gravatar_base_url: 'https://cdn.example.com/\u0001avatar/' },
      'gravatar_base_url',
      ONE_LINE,
    );
    const users = await read<Record<string, unknown>>(s, '/siteinfo/users');
    await expectRefused(
      s,
      '/siteinfo/users',
      users,
      { gravatar_base_url: 'https://cdn.example.com/\u007favatar/' },
      'gravatar_base_url',
      ONE_LINE,
    );
    const branding = { logo: '', mobile_logo: '', square_icon: '', favicon: '' };
    for (const [i, field] of ['logo', 'mobile_logo', 'square_icon', 'favicon'].entries())
      await expectRefused(s, '/siteinfo/branding', branding, { [field]: broken(url, i + 4) }, field, ONE_LINE);
  });

  it('moderation: each queue word is one line', async () => {
    const moderation = await read<Record<string, unknown>>(s, '/siteinfo/moderation');
    await expectRefused(
      s,
      '/siteinfo/moderation',
      moderation,
      { queue_words: ['casino', 'free\nmoney'] },
      'queue_words',
      ONE_LINE,
    );
    const saved = await put(s, '/siteinfo/moderation', { ...moderation, queue_words: [' casino ', 'free money'] });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ queue_words: ['casino', 'free money'] });
  });

  it('smtp: sender address and name, host, username and the test recipient', async () => {
    const smtp = {
      from_email: 'noreply@qa.example.com',
      from_name: 'Agora Test',
      smtp_host: 'smtp.example.com',
      smtp_port: 587,
      encryption: 'TLS',
      smtp_username: 'mailer',
      smtp_password: 'S3cret-pass',
      smtp_authentication: true,
    };
    expect((await put(s, '/setting/smtp', smtp)).status).toBe(200);
    const before = await read(s, '/setting/smtp');
    const cases: [string, string][] = [
      ['from_name', 'Agora\r\nBcc: victim@example.com'],
      ['from_name', 'Agora\tTest'],
      ['from_email', 'noreply@qa.example.com\r\nBcc: victim@example.com'],
      ['smtp_host', 'smtp.example.com\r\nRCPT TO:<victim@example.com>'],
      ['smtp_username', 'mailer\u0000'],
      ['test_email_recipient', 'check@example.com\nBcc: victim@example.com'],
    ];
    for (const [field, value] of cases) {
      const fields = fieldsOf(await put(s, '/setting/smtp', { ...smtp, [field]: value }));
      expect(Object.keys(fields), JSON.stringify(value)).toEqual([field]);
      expect(fields[field]).toMatch(ONE_LINE);
    }
    expect(await read(s, '/setting/smtp')).toEqual(before);
  });
});
