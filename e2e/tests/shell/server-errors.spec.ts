import type { Route } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { AppShell } from '../../pages/app-shell';
import { QaApi, uniqueWord } from '../../pages/tags';

// Failures are fast and visible. The error retry (5 s apart) is for refetches of data on
// screen; the first load of a page is not retried, so a 5xx reaches the 50X page at once and a request
// that times out (10 s) shows an error with a retry in place of the skeleton. Faults are injected with
// page.route; the real server answers everything else.

/** Well under the 15 s that three retries 5 s apart would take, with room for loading the remote. */
const PROMPTLY = 5_000;
const QUESTION_PAGE = '**/answer/api/v1/question/page?*';

const serverError = (route: Route) =>
  route.fulfill({
    status: 502,
    contentType: 'application/json',
    body: JSON.stringify({ code: 502, reason: 'base.unknown', msg: 'Bad gateway.', data: null }),
  });

test('a server error while loading the application setup shows the 50X page at once', async ({ page, guard }) => {
  await page.route('**/answer/api/v1/siteinfo', serverError);
  guard.allow(/status of 502/);
  await page.goto('/questions');
  const { heading, description } = new AppShell(page).errorPage('50X');
  await expect(heading).toBeVisible({ timeout: PROMPTLY });
  await expect(description).toBeVisible();
});

test('a server error on the first load of a page shows the 50X page at once, after one request', async ({
  page,
  guard,
}) => {
  const calls: string[] = [];
  await page.route(QUESTION_PAGE, (route) => {
    calls.push(route.request().url());
    return serverError(route);
  });
  guard.allow(/status of 502/);
  await page.goto('/questions');
  const { heading } = new AppShell(page).errorPage('50X');
  await expect(heading).toBeVisible({ timeout: PROMPTLY });
  // Each list the page shows asked once: no retry stood between the failure and the page.
  expect(new Set(calls).size).toBe(calls.length);
});

test('a request that times out: an error with a retry replaces the skeleton after 10 s; the retry loads the page', async ({
  page,
  site,
}) => {
  const word = uniqueWord('slow');
  const question = await (
    await QaApi.admin(site)
  ).ask(`A list that loads on the second try ${word}`, `Seeded for the time-out test (${word}).`, [word]);

  // The first round of list requests never gets an answer; later ones reach the server.
  let stalled = true;
  const held: Array<() => Promise<void>> = [];
  await page.route(QUESTION_PAGE, async (route) => {
    if (!stalled) return route.continue();
    held.push(() => route.abort().catch(() => undefined)); // the page gives up on it first
  });

  // The page's clock is Playwright's: the time-out is reached by moving it, not by waiting.
  await page.clock.install();
  await page.goto('/questions');
  const skeleton = page.getByTestId('placeholder-row').first();
  await expect(skeleton).toBeVisible();
  await expect.poll(() => held.length, 'the list was asked for').toBeGreaterThan(0);

  const panel = page.getByRole('alert').filter({ hasText: 'This page took too long to load' });
  // The page's time also flows by itself between these steps (well under a second here).
  await page.clock.runFor(8_500);
  await expect(skeleton, 'still waiting 8.5 s after the request').toBeVisible();
  await expect(panel).toHaveCount(0);
  await page.clock.runFor(2_000);
  await expect(panel, 'shown once the 10 s are up, not after retries').toBeVisible();
  await expect(page.getByTestId('placeholder-row')).toHaveCount(0);
  await Promise.all(held.map((abort) => abort()));
  await expect(new AppShell(page).header).toBeVisible();

  stalled = false;
  await panel.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('link', { name: question.title }).first()).toBeVisible();
  await expect(panel).toHaveCount(0);
});
