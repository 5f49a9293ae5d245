import { expect, test } from '../../fixtures/test';
import { loginAsAdmin } from '../../fixtures/login';
import { expectRemoteRendered, spaNavigate } from '../../fixtures/navigation';
import { QA_CONTROL_DIST } from '../../fixtures/paths';
import { coreRemotes } from '../../fixtures/server';
import { compareSingletons, expectSharedSingletons } from '../../fixtures/singletons';

/** One screen of each core remote (the review queue as an administrator: it needs a login). */
const SCREENS = [
  { app: 'mf_qa', path: '/questions', login: false },
  { app: 'mf_users', path: '/users', login: false },
  { app: 'mf_review', path: '/review', login: true },
  { app: 'mf_install', path: '/install', login: false },
] as const;

for (const { app, path, login } of SCREENS) {
  test(`${app} (${path}) uses the shell's API client, QueryClient, jotai store, i18next, theme and antd contexts`, async ({
    page,
    site,
  }) => {
    if (login) await loginAsAdmin(page, site);
    await page.goto(path);
    await expectRemoteRendered(page, app);
    await expectSharedSingletons(page, [app]);
  });
}

test('remotes loaded one after another into one page all share the same instances', async ({ page, site }) => {
  await loginAsAdmin(page, site);
  await page.goto('/questions');
  await expectRemoteRendered(page, 'mf_qa');
  await spaNavigate(page, '/users');
  await expectRemoteRendered(page, 'mf_users');
  await spaNavigate(page, '/review');
  await expectRemoteRendered(page, 'mf_review');
  await expectSharedSingletons(page, ['mf_qa', 'mf_users', 'mf_review']);
});

test('mf_admin and a plugin remote share the same instances (admin)', async ({ page, site }) => {
  await loginAsAdmin(page, site);
  await page.goto('/admin');
  await expectRemoteRendered(page, 'mf_admin');
  await spaNavigate(page, '/admin/hello');
  await expectRemoteRendered(page, 'plugin_hello');
  await expectSharedSingletons(page, ['mf_admin', 'plugin_hello']);
});

test('control: the same check fails for mf-qa built without sharing @agora/shared-api', async ({ page, startSite }) => {
  const server = await startSite({
    remotes: coreRemotes({ mf_qa: { name: 'mf_qa', dir: QA_CONTROL_DIST } }),
    label: 'control',
  });
  await page.goto(`${server.url}/questions`);
  await expectRemoteRendered(page, 'mf_qa');

  const failure = await expectSharedSingletons(page, ['mf_qa']).then(
    () => null,
    (error: unknown) => error as Error,
  );
  expect(failure, 'the singleton assertion must fail for the control build').not.toBeNull();
  const report = await compareSingletons(page);
  expect(report.mismatches).toContainEqual({ app: 'mf_qa', ref: 'apiClient', problem: 'different instance' });
  // Only shared-api was left out: the other singletons are still the shell's.
  expect(report.mismatches.filter((m) => m.ref !== 'apiClient')).toEqual([]);
});
