import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { copyDist, hashTree, readManifest } from '../../fixtures/files';
import { loginAsAdmin } from '../../fixtures/login';
import { expectRemoteRendered } from '../../fixtures/navigation';
import { ADMIN_V2_DIST, ADMIN_V2_MARKER, coreRemoteDist, SHELL_DIST } from '../../fixtures/paths';
import { coreRemotes } from '../../fixtures/server';
import { expect, test } from '../../fixtures/test';
import { adminText } from '../../pages/admin';

/** Replaces every file of a deployed remote, as a deployment tool would. */
function deploy(from: string, to: string) {
  for (const entry of readdirSync(to)) rmSync(path.join(to, entry), { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}

test('mf-admin rebuilt and replaced while the site runs shows the new build on the next load; shell and server untouched', async ({
  page,
  startSite,
  scratch,
}) => {
  const adminDir = copyDist(coreRemoteDist('mf_admin'), path.join(scratch('mf-admin-deploy'), 'dist'));
  const shellBefore = hashTree(SHELL_DIST);
  const server = await startSite({
    remotes: coreRemotes({ mf_admin: { name: 'mf_admin', dir: adminDir } }),
    label: 'deploy-admin',
  });
  const pid = server.pid;
  const manifestUrl = `${server.url}/remotes/mf_admin/mf-manifest.json`;
  const menu = page.getByRole('navigation', { name: adminText('menu.label') });

  await loginAsAdmin(page, server);
  await page.goto(`${server.url}/admin`);
  await expectRemoteRendered(page, 'mf_admin');
  await expect(menu).toBeVisible();
  await expect(page.getByText(ADMIN_V2_MARKER)).toHaveCount(0);
  const v1 = await (await fetch(manifestUrl)).json();

  deploy(ADMIN_V2_DIST, adminDir);

  await page.reload();
  await expectRemoteRendered(page, 'mf_admin');
  // Every admin screen on the page (the layout and the dashboard) is the new build's.
  await expect(page.getByText(ADMIN_V2_MARKER).first()).toBeVisible();
  await expect(menu, 'the new build is the whole admin area').toBeVisible();
  const v2 = await (await fetch(manifestUrl)).json();
  expect(v2, 'the served manifest is the new build').toEqual(readManifest(ADMIN_V2_DIST));
  expect(v2).not.toEqual(v1);

  expect(hashTree(SHELL_DIST), "the shell's files are byte-identical").toEqual(shellBefore);
  expect(server.running(), 'the server kept running (same process, never restarted)').toBe(true);
  expect(() => process.kill(pid, 0), `process ${pid} is alive`).not.toThrow();
});
