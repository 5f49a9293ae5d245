import type { SiteInfo } from '@agora/shared-api/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { envelope, makeApp, shellIn, testConfig } from './helpers';

describe('maintenance mode', () => {
  it('siteinfo still answers and reports maintenance: true', async () => {
    const app = await makeApp(testConfig({ maintenance: true }));
    const res = await app.inject({ method: 'GET', url: '/answer/api/v1/siteinfo' });
    expect(res.statusCode).toBe(200);
    expect(envelope<SiteInfo>(res.body).data.maintenance).toBe(true);
  });

  it('every other public and admin API answers 503 base.maintenance, translated', async () => {
    const app = await makeApp(testConfig({ maintenance: true }));
    for (const url of [
      '/answer/api/v1/user/info',
      '/answer/api/v1/siteinfo/legal?info_type=tos',
      '/answer/api/v1/language/options',
      '/answer/api/v1/notification/status',
      '/answer/api/v1/not/a/route',
      '/answer/admin/api/dashboard',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(envelope(res.body), url).toEqual({
        code: 503,
        reason: 'base.maintenance',
        msg: "We are under maintenance, we'll be back soon.",
        data: null,
      });
    }
    const post = await app.inject({ method: 'POST', url: '/answer/api/v1/question', payload: {} });
    expect(post.statusCode).toBe(503);
    const zh = await app.inject({
      method: 'GET',
      url: '/answer/api/v1/user/info',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(envelope(zh.body).msg).toBe('网站正在维护中，我们很快回来。');
  });

  it('pages, static files, the remote list and the health check are still served', async () => {
    const app = await makeApp(testConfig({ maintenance: true }));
    const page = await app.inject({ method: 'GET', url: '/questions' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(shellIn('en-US'));
    expect((await app.inject({ method: 'GET', url: '/main.0123abcd.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/remotes/mf_qa/remoteEntry.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).body).toBe('OK');
  });

  it('is off by default: the same API answers normally', async () => {
    const app = await makeApp(testConfig());
    expect((await app.inject({ method: 'GET', url: '/answer/api/v1/user/info' })).statusCode).toBe(200);
  });

  it('can be switched on with AGORA_MAINTENANCE=1 and off with 0, over the config file', () => {
    const dataDir = '/nonexistent-agora-data';
    expect(loadConfig({ AGORA_DATA_DIR: dataDir, AGORA_MAINTENANCE: '1' }).maintenance).toBe(true);
    expect(loadConfig({ AGORA_DATA_DIR: dataDir, AGORA_MAINTENANCE: 'true' }).maintenance).toBe(true);
    expect(loadConfig({ AGORA_DATA_DIR: dataDir, AGORA_MAINTENANCE: '0' }).maintenance).toBe(false);
    expect(loadConfig({ AGORA_DATA_DIR: dataDir }).maintenance).toBe(false);
    expect(() => loadConfig({ AGORA_DATA_DIR: dataDir, AGORA_MAINTENANCE: 'maybe' })).toThrow(/AGORA_MAINTENANCE/);
  });
});
