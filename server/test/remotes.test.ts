import { RemoteList } from '@agora/shared-api/contract';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { makeApp, testConfig } from './helpers';

describe('GET /remotes.json', () => {
  it('lists remotes and enabled plugins in the contract shape, never cached', async () => {
    const config = testConfig();
    config.plugins.push({
      slug_name: 'sleepy',
      name: 'plugin_sleepy',
      module: './Plugin',
      entry: '/x/mf-manifest.json',
      enabled: false,
    });
    const app = await makeApp(config);
    const res = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(res.body);
    expect(Value.Check(RemoteList, body)).toBe(true);
    expect(body).toEqual({
      remotes: [
        { name: 'mf_qa', entry: '/remotes/mf_qa/mf-manifest.json' },
        { name: 'mf_users', entry: 'https://cdn.example.com/users/mf-manifest.json' },
      ],
      plugins: [
        {
          slug_name: 'hello',
          name: 'plugin_hello',
          module: './Plugin',
          entry: '/plugins/hello/mf-manifest.json',
          label: 'Hello',
        },
      ],
    });
  });
});

describe('GET /healthz and /robots.txt', () => {
  it('healthz answers plain OK', async () => {
    const app = await makeApp();
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('OK');
  });

  it('robots.txt is the SEO setting as text/plain', async () => {
    const app = await makeApp(testConfig({ site: { seo: { robots: 'User-agent: *\nDisallow: /secret' } } }));
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*\nDisallow: \/secret\nSitemap: https?:\/\/[^\n]+\/sitemap\.xml\n$/);
  });

  it('the default robots.txt keeps crawlers out of admin and the API', async () => {
    const app = await makeApp();
    const { body } = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Disallow: \/admin$/m);
    expect(body).toMatch(/^Disallow: \/answer\/$/m);
  });

  it('a private site tells every crawler to stay out', async () => {
    const app = await makeApp(
      testConfig({ site: { login: { login_required: true }, seo: { robots: 'User-agent: *\nAllow: /' } } }),
    );
    expect((await app.inject({ method: 'GET', url: '/robots.txt' })).body).toBe('User-agent: *\nDisallow: /\n');
  });
});
