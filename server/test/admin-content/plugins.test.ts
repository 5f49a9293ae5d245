import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminPlugin, PluginStatus, RemoteList } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { reviewSite, type ReviewSite } from '../report-review/helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('admin plugins on $label', (target) => {
  let s: ReviewSite;
  // The plugins' built files, kept for the whole file (fakeSite's folders go after each test).
  const pluginDir = mkdtempSync(path.join(tmpdir(), 'agora-admin-plugins-'));

  beforeAll(async () => {
    writeFileSync(path.join(pluginDir, 'remoteEntry.js'), 'var plugin = 1;');
    s = await reviewSite(target, {
      plugins: [
        { slug_name: 'hello', name: 'plugin_hello', module: './Plugin', label: 'Hello', dir: pluginDir },
        { slug_name: 'later', name: 'plugin_later', module: './Plugin', dir: pluginDir, enabled: false },
      ],
    });
  });
  afterAll(async () => {
    await s?.cleanup();
    rmSync(pluginDir, { recursive: true, force: true });
  });

  const list = async (query = '') =>
    (await s.call<AdminPlugin[]>({ method: 'GET', url: `/plugins${query}`, admin: true, as: 'admin' })).body.data;
  const put = (payload: Record<string, unknown>) =>
    s.call<null>({ method: 'PUT', url: '/plugin/status', payload, admin: true, as: 'admin' });
  const remotes = async () =>
    (JSON.parse((await s.app.inject({ method: 'GET', url: '/remotes.json' })).body) as RemoteList).plugins.map(
      (p) => p.slug_name,
    );
  const status = async () =>
    Object.fromEntries(
      (await s.call<PluginStatus[]>({ method: 'GET', url: '/plugin/status' })).body.data.map((p) => [
        p.slug_name,
        p.enabled,
      ]),
    );

  /** The status of each plugin's remote entry file. */
  const served = async () => {
    const get = async (slug: string) =>
      (await s.app.inject({ method: 'GET', url: `/plugins/${slug}/remoteEntry.js` })).statusCode;
    return { hello: await get('hello'), later: await get('later') };
  };

  it('lists the configured plugins with their state, filtered by status and have_config', async () => {
    expect(await list()).toEqual([
      {
        name: 'Hello',
        slug_name: 'hello',
        description: '',
        version: '',
        enabled: true,
        have_config: false,
        link: '',
        outdated: false,
      },
      expect.objectContaining({ name: 'plugin_later', slug_name: 'later', enabled: false }),
    ]);
    expect((await list('?status=active')).map((p) => p.slug_name)).toEqual(['hello']);
    expect((await list('?status=inactive')).map((p) => p.slug_name)).toEqual(['later']);
    expect(await list('?have_config=true')).toEqual([]);
    expect(await list('?have_config=false')).toHaveLength(2);
  });

  it('switching a plugin off takes it out of /remotes.json and plugin/status says so; on brings it back', async () => {
    expect(await remotes()).toEqual(['hello']);
    expect(await status()).toMatchObject({ hello: true, later: false });
    expect(await served()).toEqual({ hello: 200, later: 404 });

    expect((await put({ plugin_slug_name: 'hello', enabled: false })).status).toBe(200);
    expect((await list('?status=inactive')).map((p) => p.slug_name)).toEqual(['hello', 'later']);
    expect(await remotes()).toEqual([]);
    expect(await status()).toMatchObject({ hello: false, later: false });
    expect(await served()).toEqual({ hello: 404, later: 404 });

    expect((await put({ plugin_slug_name: 'later', enabled: true })).status).toBe(200);
    expect((await put({ plugin_slug_name: 'hello', enabled: true })).status).toBe(200);
    expect(await remotes()).toEqual(['hello', 'later']);
    expect(await status()).toMatchObject({ hello: true, later: true });
    expect(await served()).toEqual({ hello: 200, later: 200 });
    // Saving the same state again changes nothing.
    expect((await put({ plugin_slug_name: 'hello', enabled: true })).status).toBe(200);
    expect(await remotes()).toEqual(['hello', 'later']);
  });

  it('an unknown slug is 404 with the reason; a malformed body is 400; nothing is saved', async () => {
    const before = await s.db.selectFrom('site_info').select('content').where('type', '=', 'plugin_status').execute();
    const unknown = await put({ plugin_slug_name: 'nothing-here', enabled: false });
    expect([unknown.status, unknown.body.reason]).toEqual([404, 'error.plugin.not_found']);
    const zh = await s.call({
      method: 'PUT',
      url: '/plugin/status',
      payload: { plugin_slug_name: 'nothing-here', enabled: false },
      admin: true,
      as: 'admin',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.msg).toBe('未安装此插件。');
    for (const payload of [
      { plugin_slug_name: 'hello', enabled: 'no' },
      { plugin_slug_name: 'h', enabled: false },
      { enabled: false },
      { plugin_slug_name: 'hello' },
    ]) {
      expect((await put(payload)).status).toBe(400);
    }
    const bad = await s.call({ method: 'GET', url: '/plugins?status=paused', admin: true, as: 'admin' });
    expect(bad.status).toBe(400);
    const after = await s.db.selectFrom('site_info').select('content').where('type', '=', 'plugin_status').execute();
    expect(after).toEqual(before);
  });
});
