import { describe, expect, it } from 'vitest';
import { catalogOf, resolveLanguage, translate } from '../src/i18n';
import { envelope, makeApp } from './helpers';

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('Accept-Language', () => {
  it.each([
    [undefined, 'en_US'],
    ['', 'en_US'],
    ['zh-CN', 'zh_CN'],
    ['zh_CN', 'zh_CN'],
    ['zh-cn', 'zh_CN'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh_CN'],
    ['en-US,zh-CN;q=0.9', 'en_US'],
    ['zh', 'en_US'],
    ['fr-FR', 'en_US'],
    ['*', 'en_US'],
    [`${'x'.repeat(300)},zh-CN`, 'en_US'],
  ])('%j -> %s (first tag only, known languages only)', (header, lang) => {
    expect(resolveLanguage(header)).toBe(lang);
  });
});

describe('translate', () => {
  it('fills placeholders, falls back to en_US, then to the key', () => {
    expect(translate('validation.max_length', 'zh_CN', { limit: 30 })).toBe('最多 30 个字符。');
    expect(translate('validation.max_length', 'en_US', { limit: 30 })).toBe('Must be at most 30 characters.');
    expect(translate('no.such.key', 'zh_CN')).toBe('no.such.key');
  });

  it('has every en_US key in zh_CN and nothing extra', () => {
    expect(keys(catalogOf('zh_CN')).sort()).toEqual(keys(catalogOf('en_US')).sort());
  });

  it('has the maintenance message', () => {
    expect(translate('base.maintenance', 'en_US')).toBe("We are under maintenance, we'll be back soon.");
  });
});

describe('msg follows the request language', () => {
  it.each([
    ['en-US', 'Please log in to continue.'],
    ['zh-CN', '请先登录。'],
    ['de-DE', 'Please log in to continue.'],
  ])('%s', async (header, msg) => {
    const app = await makeApp();
    const res = await app.inject({
      method: 'GET',
      url: '/answer/api/v1/notification/status',
      headers: { 'accept-language': header },
    });
    expect(envelope(res.body)).toMatchObject({ code: 401, reason: 'base.unauthorized_error', msg });
  });

  it('translates the success message too', async () => {
    const app = await makeApp();
    const res = await app.inject({
      method: 'GET',
      url: '/answer/api/v1/language/options',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(envelope(res.body)).toMatchObject({ reason: 'base.success', msg: '成功。' });
  });
});

describe('GET language/config', () => {
  it.each([
    ['en-US', 'The email and password do not match.'],
    ['zh-CN', translate('error.object.email_or_password_incorrect', 'zh_CN')],
  ])('serves the whole server catalogue in the request language (%s)', async (header, text) => {
    const app = await makeApp();
    const res = await app.inject({
      method: 'GET',
      url: '/answer/api/v1/language/config',
      headers: { 'accept-language': header },
    });
    const body = envelope<{ error: { object: Record<string, string> }; base: Record<string, string> }>(res.body);
    expect(res.statusCode).toBe(200);
    expect(body.data.error.object.email_or_password_incorrect).toBe(text);
    // Every area's file is merged in (accounts, mail, captcha, profile), not just the base catalogue.
    expect(Object.keys(body.data).length).toBeGreaterThanOrEqual(Object.keys(catalogOf('en_US')).length);
  });
});
