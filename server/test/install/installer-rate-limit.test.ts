import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestHost } from './helpers';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

describe('installer rate limit (install mode)', () => {
  let server: TestHost;
  beforeAll(async () => {
    server = await TestHost.start();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('gives the installer checks the authentication budget per address (30 a minute), then 429', async () => {
    const probe = { db_type: 'mysql', db_host: '127.0.0.1:1', db_username: 'root', db_password: 'x', db_name: 'test' };
    for (let i = 0; i < 30; i += 1) {
      const res = await server.request('POST', '/installation/db/check', { body: probe });
      expect(res.status, `attempt ${i + 1}`).toBe(400);
    }
    const refused = await server.request('POST', '/installation/db/check', { body: probe });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, reason: 'base.too_many_requests' });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Reading the language options is not limited.
    expect((await server.request('GET', '/installation/language/options')).status).toBe(200);
  });
});
