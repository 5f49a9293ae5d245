import { expect, test } from '../../fixtures/test';
import { expectRemoteRendered } from '../../fixtures/navigation';
import { THROWING_REMOTE_DIST } from '../../fixtures/paths';
import { coreRemotes } from '../../fixtures/server';
import { AppShell, RemoteArea, TEXT } from '../../pages/app-shell';

test('a remote that throws while rendering shows the error panel in its area; the rest keeps working', async ({
  page,
  startSite,
  guard,
}) => {
  const server = await startSite({
    remotes: coreRemotes({ mf_review: { name: 'mf_review', dir: THROWING_REMOTE_DIST } }),
    label: 'review-throws',
  });
  // React reports the error its boundary caught.
  guard.allow(/throwing-remote fixture: the review screen failed while rendering/);

  await page.goto(`${server.url}/review`);
  const shell = new AppShell(page);
  const area = new RemoteArea(page);
  await expect(area.panel).toBeVisible();
  await expect(area.panel).toContainText(TEXT.renderFailed);
  await expect(area.retry).toBeVisible();
  await expect(shell.header).toBeVisible();

  // Retrying re-renders it: it throws again and stays contained.
  await area.retry.click();
  await expect(area.panel).toBeVisible();

  await shell.sideNavLink('Questions').click();
  await expect(page).toHaveURL(`${server.url}/questions`);
  await expectRemoteRendered(page, 'mf_qa');
  await shell.sideNavLink('Users').click();
  await expectRemoteRendered(page, 'mf_users');
});
