import { cpSync } from 'node:fs';
import { expect, test } from '../../fixtures/test';
import { expectRemoteRendered, expectSameDocument, markDocument } from '../../fixtures/navigation';
import { coreRemoteDist } from '../../fixtures/paths';
import { coreRemotes, freePort } from '../../fixtures/server';
import { serveStatic, type StaticServer } from '../../fixtures/static-server';
import { AppShell, RemoteArea, TEXT } from '../../pages/app-shell';
import type { Page } from '@playwright/test';

/** With mf_users failing: the panel sits in the users area while the header, side navigation and mf_qa work. */
async function expectIsolatedFailure(page: Page, baseUrl: string) {
  const shell = new AppShell(page);
  const area = new RemoteArea(page);
  await expect(area.panel).toBeVisible();
  await expect(area.panel).toContainText(TEXT.remoteUnavailable);
  await expect(area.retry).toBeVisible();
  await expect(shell.header).toBeVisible();
  await expect(shell.footer).toBeVisible();

  await shell.sideNavLink('Questions').click();
  await expect(page).toHaveURL(`${baseUrl}/questions`);
  await expectRemoteRendered(page, 'mf_qa');

  await shell.sideNavLink('Users').click();
  await expect(page).toHaveURL(`${baseUrl}/users`);
  await expect(area.panel).toBeVisible();
}

test('remote down (its manifest 404s): error panel in its area, the rest works, retry recovers without a reload', async ({
  page,
  startSite,
  scratch,
  guard,
}) => {
  const usersDir = scratch('mf-users-404'); // empty: /remotes/mf_users/mf-manifest.json answers 404
  const server = await startSite({
    remotes: coreRemotes({ mf_users: { name: 'mf_users', dir: usersDir } }),
    label: 'users-404',
  });
  guard.allow(/mf_users/, /mf-manifest\.json/, /status of 404/);

  await page.goto(`${server.url}/users`);
  await markDocument(page);
  await expectIsolatedFailure(page, server.url);

  // The remote is deployed again; retry loads it in place.
  cpSync(coreRemoteDist('mf_users'), usersDir, { recursive: true });
  await new RemoteArea(page).retry.click();
  await expectRemoteRendered(page, 'mf_users');
  await expectSameDocument(page);
});

test('remote down (its server does not answer): error panel in its area, the rest works, retry recovers', async ({
  page,
  startSite,
  guard,
}) => {
  const port = await freePort(); // nothing listens here yet
  const entry = `http://127.0.0.1:${port}/mf-manifest.json`;
  const server = await startSite({
    remotes: coreRemotes({ mf_users: { name: 'mf_users', entry } }),
    label: 'users-closed-port',
  });
  guard.allow(/mf_users/, new RegExp(`127\\.0\\.0\\.1:${port}`), /ERR_CONNECTION_REFUSED/, /Failed to fetch/);
  let cdn: StaticServer | undefined;
  try {
    await page.goto(`${server.url}/users`);
    await markDocument(page);
    await expectIsolatedFailure(page, server.url);

    cdn = await serveStatic(coreRemoteDist('mf_users'), port);
    await new RemoteArea(page).retry.click();
    await expectRemoteRendered(page, 'mf_users');
    await expectSameDocument(page);
  } finally {
    await cdn?.close();
  }
});
