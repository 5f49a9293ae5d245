import { expect, test } from '../../fixtures/test';
import { loginAsAdmin } from '../../fixtures/login';
import { expectRemoteRendered, spaNavigate } from '../../fixtures/navigation';
import { AppShell, TEXT } from '../../pages/app-shell';

/** Routes a visitor may open, and the remote that owns each. */
const VISITOR_ROUTES: [path: string, remote: string][] = [
  ['/', 'mf_qa'],
  ['/questions', 'mf_qa'],
  ['/questions/10010000000000001', 'mf_qa'],
  ['/questions/10010000000000001/a-slug', 'mf_qa'],
  ['/questions/10010000000000001/a-slug/10020000000000001', 'mf_qa'],
  ['/search?q=federation', 'mf_qa'],
  ['/tags', 'mf_qa'],
  ['/tags/no-such-tag', 'mf_qa'],
  ['/tags/no-such-tag/info', 'mf_qa'],
  ['/users', 'mf_users'],
  ['/users/alice', 'mf_users'],
  ['/users/alice/answers', 'mf_users'],
  ['/users/alice/bookmarks', 'mf_users'],
  ['/users/login', 'mf_users'],
  ['/users/register', 'mf_users'],
  ['/users/account-recovery', 'mf_users'],
  ['/users/password-reset', 'mf_users'],
  ['/users/account-activation', 'mf_users'],
  ['/users/confirm-new-email', 'mf_users'],
  ['/users/confirm-email', 'mf_users'],
  ['/users/auth-landing', 'mf_users'],
  ['/user-center/auth', 'mf_users'],
  ['/user-center/auth-failed', 'mf_users'],
  ['/tos', 'mf_users'],
  ['/privacy', 'mf_users'],
  ['/users/unsubscribe', 'mf_users'],
  ['/install', 'mf_install'],
];

test('the shell routes every route a visitor can open to the remote that owns it', async ({ page, guard }) => {
  // The profile routes name a user the site does not have, the question routes a question and the tag
  // routes a tag it does not have: their 404s are expected (the 404 page shows).
  guard.allow(/\/answer\/api\/v1\/personal\/user\/info\?username=alice$/);
  guard.allow(/\/answer\/api\/v1\/question\/info\?id=10010000000000001$/);
  guard.allow(/\/answer\/api\/v1\/tag\?name=no-such-tag$/);
  await page.goto('/install');
  await expectRemoteRendered(page, 'mf_install');
  for (const [path, remote] of VISITOR_ROUTES) {
    // Forget the reports: the owner's root reports again once this route's screen is on screen.
    await page.evaluate(() => {
      const reports = (globalThis as { __AGORA_SINGLETONS__?: Record<string, unknown> }).__AGORA_SINGLETONS__ ?? {};
      for (const app of Object.keys(reports)) if (app !== 'shell') delete reports[app];
    });
    // Via the shell's own /maintenance page, so that the target screen mounts afresh even when it
    // shares its route pattern (and element) with the previous path.
    await spaNavigate(page, '/maintenance');
    await expect(page.getByText(TEXT.maintenance, { exact: true })).toBeVisible();
    await spaNavigate(page, path);
    await test.step(`${path} -> ${remote}`, () => expectRemoteRendered(page, remote));
    const reported = await page.evaluate(() =>
      Object.keys((globalThis as { __AGORA_SINGLETONS__?: Record<string, unknown> }).__AGORA_SINGLETONS__ ?? {}).filter(
        (a) => a !== 'shell',
      ),
    );
    expect(reported, `${path} renders only ${remote}`).toEqual([remote]);
  }
});

test('routes that need a login send a visitor to /users/login', async ({ page, site }) => {
  for (const path of [
    '/questions/ask',
    '/users/settings',
    '/users/notifications/inbox',
    '/posts/10010000000000001/timeline',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`${site.url}/users/login`);
    await expectRemoteRendered(page, 'mf_users');
  }
});

test("/maintenance is the shell's own page", async ({ page }) => {
  await page.goto('/maintenance');
  await expect(page.getByText(TEXT.maintenance, { exact: true })).toBeVisible();
  await expect(new AppShell(page).header).toBeVisible();
});

/** Admin routes, plus the logged-in routes of the main layout, for an administrator. */
const ADMIN_ROUTES: [path: string, remote: string][] = [
  ...[
    '',
    '/answers',
    '/flags',
    '/themes',
    '/css-html',
    '/general',
    '/interface',
    '/questions',
    '/users',
    '/users/1',
    '/smtp',
    '/branding',
    '/legal',
    '/write',
    '/seo',
    '/login',
    '/settings-users',
    '/privileges',
    '/installed-plugins',
  ].map((sub): [string, string] => [`/admin${sub}`, 'mf_admin']),
  ['/questions/ask', 'mf_qa'],
  ['/tags/create', 'mf_qa'],
  ['/users/settings', 'mf_users'],
  ['/users/notifications/inbox', 'mf_users'],
  // The review queue reads the viewer's review kinds (GET reviewing/type, login only).
  ['/review', 'mf_review'],
];

test('every admin route and logged-in route is delegated to its remote (admin)', async ({ page, site }) => {
  await loginAsAdmin(page, site);
  await page.goto('/maintenance');
  for (const [path, remote] of ADMIN_ROUTES) {
    await page.evaluate(() => {
      const reports = (globalThis as { __AGORA_SINGLETONS__?: Record<string, unknown> }).__AGORA_SINGLETONS__ ?? {};
      for (const app of Object.keys(reports)) if (app !== 'shell') delete reports[app];
    });
    await spaNavigate(page, '/maintenance');
    await spaNavigate(page, path);
    await test.step(`${path} -> ${remote}`, () => expectRemoteRendered(page, remote));
    await expect(page).toHaveURL(`${site.url}${path}`);
  }
});
