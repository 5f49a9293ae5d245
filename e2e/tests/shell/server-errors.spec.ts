import { expect, test } from '../../fixtures/test';
import { AppShell } from '../../pages/app-shell';

test('a server error while loading the application setup shows the 50X page', async ({ page, guard }) => {
  test.setTimeout(60_000);
  // Fault injection: the real server answers everything else.
  await page.route('**/answer/api/v1/siteinfo', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 500, reason: 'base.unknown', msg: 'Unknown error.', data: null }),
    }),
  );
  guard.allow(/status of 500/);
  await page.goto('/questions');
  const { heading, description } = new AppShell(page).errorPage('50X');
  // SPEC §9: a failed query is retried after 5 s (three times) before the error stands.
  await expect(heading).toBeVisible({ timeout: 30_000 });
  await expect(description).toBeVisible();
});
