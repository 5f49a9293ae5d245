import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { Installer } from '../src/modules/install/installer';
import { openSite } from '../src/site';

vi.setConfig({ testTimeout: 60_000 });

const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-site-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const INSTALL_ENV = {
  AGORA_DATA_DIR: dataDir,
  AUTO_INSTALL: 'true',
  DB_TYPE: 'sqlite3',
  SITE_NAME: 'Start-up Site',
  SITE_URL: 'http://127.0.0.1:9080',
  CONTACT_EMAIL: 'owner@example.com',
  ADMIN_NAME: 'owner',
  ADMIN_PASSWORD: 'owner-password-1',
  ADMIN_EMAIL: 'owner@example.com',
};

async function serve(env: NodeJS.ProcessEnv) {
  const config = loadConfig(env);
  const site = await openSite(config, env);
  const quiet = { ...config, logLevel: 'silent' as const };
  const app = await buildApp(
    quiet,
    site.services
      ? { kind: 'installed', services: site.services }
      : { kind: 'install', installer: new Installer({ dataDir: quiet.dataDir, configFile: site.configFile }) },
  );
  app.addHook('onClose', () => site.close());
  return { app, site };
}

describe('server start-up (openSite)', () => {
  it('serves an uninstalled site in install mode, with no login', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'agora-site-empty-'));
    try {
      const { app, site } = await serve({ AGORA_DATA_DIR: empty });
      expect(site.installed).toBe(false);
      const login = await app.inject({
        method: 'POST',
        url: '/answer/api/v1/user/login/email',
        payload: { e_mail: 'a@example.com', pass: 'whatever-1' },
      });
      // What the server runs for a site that is not installed: the installer, and no API but siteinfo.
      expect(login.statusCode).toBe(503);
      expect(login.json().reason).toBe('base.not_installed');
      await app.close();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('installs unattended from the environment, then the admin can log in', async () => {
    const { app, site } = await serve(INSTALL_ENV);
    expect(site.installed).toBe(true);
    const info = await app.inject({ method: 'GET', url: '/answer/api/v1/siteinfo' });
    expect(info.json().data.general.name).toBe('Start-up Site');
    const login = await app.inject({
      method: 'POST',
      url: '/answer/api/v1/user/login/email',
      payload: { e_mail: 'owner@example.com', pass: 'owner-password-1' },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.access_token as string;
    const me = await app.inject({ method: 'GET', url: '/answer/api/v1/user/info', headers: { authorization: token } });
    expect(me.json().data).toMatchObject({ username: 'owner', role_id: 2 });
    await app.close();
    expect(JSON.parse(readFileSync(path.join(dataDir, 'config.json'), 'utf8'))).toHaveProperty('installed_at');
  });

  it('reopens the installed site on the next start without the install variables', async () => {
    const { app, site } = await serve({ AGORA_DATA_DIR: dataDir });
    expect(site.installed).toBe(true);
    const login = await app.inject({
      method: 'POST',
      url: '/answer/api/v1/user/login/email',
      payload: { e_mail: 'owner@example.com', pass: 'wrong-password-1' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({
      reason: 'error.object.email_or_password_incorrect',
      data: [{ error_field: 'e_mail' }],
    });
    await app.close();
  });
});
