import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loginAs, loginAsAdmin } from '../../fixtures/login';
import { E2E_DIR, REPO_ROOT, SERVER_DIR } from '../../fixtures/paths';
import { run } from '../../fixtures/run';
import { PeoplePages, peopleText, seedDemo } from '../../pages/users';
import { expect, test } from './fixture';

// Users list, profiles, legal pages and unsubscribe on a site filled by `agora demo`.
test.describe('people', () => {
  test('the users list ranks the seeded members by reputation; a profile shows real tab lists', async ({
    page,
    usersSite,
  }) => {
    const site = await usersSite();
    const demo = await seedDemo(site);
    const people = new PeoplePages(page, site.url);
    await page.goto(`${site.url}/users`);
    const top = people.region('list.most_reputation');
    const cards = top.getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(1);
    const texts = await cards.allInnerTexts();
    const ranks = texts.map((t) => Number(/([\d,.]+k?) reputation/.exec(t)?.[1]?.replace(/,/g, '') ?? NaN));
    expect(ranks.every((r) => !Number.isNaN(r))).toBe(true);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    await expect(people.region('list.staff').getByRole('listitem').first()).toBeVisible();

    // The top member (from the demo's own report) opens from the list.
    const best = demo.accounts.find((a) => a.label === 'member (top reputation)');
    expect(best).toBeDefined();
    await top.getByRole('link', { name: best!.name, exact: true }).click();
    await expect(people.heading(best!.name)).toBeVisible();
    await expect(page).toHaveURL(/\/users\/[^/]+$/);
    const profileUrl = page.url();

    const tabs = page.getByRole('navigation', { name: peopleText('profile.tabs_label') });
    await tabs.getByRole('link', { name: peopleText('profile.tab.questions'), exact: true }).click();
    await expect(page).toHaveURL(`${profileUrl}/questions`);
    const questions = page.locator('.people-rows .people-row');
    await expect(questions.first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /\d+ questions?$/ })).toBeVisible();

    await tabs.getByRole('link', { name: peopleText('profile.tab.answers'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: /\d+ answers?$/ })).toBeVisible();

    await tabs.getByRole('link', { name: peopleText('profile.tab.reputation'), exact: true }).click();
    const changes = page
      .getByRole('region', { name: peopleText('profile.tab.reputation') })
      .locator('.people-rows > li');
    await expect(page.getByRole('heading', { level: 2, name: /\d+ reputation changes?$/ })).toBeVisible();
    await expect(changes.first()).toContainText(/^[+-]\d+/);
    // Every row is a real change: an amount and what it was for; 15 a page, the rest behind the pagination.
    expect(await changes.count()).toBeLessThanOrEqual(15);
    for (const row of await changes.all()) await expect(row).toContainText(/^[+-]?\d+\S/);

    // Bookmarks and votes are the owner's: logged in as that member they appear.
    await expect(tabs.getByRole('link', { name: peopleText('profile.tab.bookmarks'), exact: true })).toHaveCount(0);
    await loginAs(page, site, best!.email, demo.password);
    await page.goto(`${profileUrl}/votes`);
    await expect(tabs.getByRole('link', { name: peopleText('profile.tab.votes'), exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { level: 2, name: /\d+ votes?$/ })).toBeVisible();
  });

  test('an unknown user is the 404 page', async ({ page, usersSite, guard }) => {
    guard.allow(/\/answer\/api\/v1\/personal\/user\/info\?username=no-such-person$/);
    const site = await usersSite();
    await page.goto(`${site.url}/users/no-such-person`);
    await expect(page.getByRole('heading', { name: 'HTTP Error 404' })).toBeVisible();
  });

  test('legal pages come from the site settings; an unset one says so', async ({ page, usersSite }) => {
    const site = await usersSite({
      site: { legal: { terms_of_service_original_text: 'Be kind to each other.\n\nNo spam.' } },
    });
    const people = new PeoplePages(page, site.url);
    await page.goto(`${site.url}/tos`);
    await expect(people.heading(peopleText('legal.tos_title'))).toBeVisible();
    await expect(page.getByText('Be kind to each other.')).toBeVisible();
    await expect(page.getByText('No spam.')).toBeVisible();
    await page.goto(`${site.url}/privacy`);
    await expect(people.heading(peopleText('legal.privacy_title'))).toBeVisible();
    await expect(page.getByText(peopleText('legal.privacy_not_set'))).toBeVisible();
  });

  test('unsubscribe: an invalid code gets a clear message and a way to the settings', async ({
    page,
    usersSite,
    guard,
  }) => {
    guard.allow(/\/answer\/api\/v1\/user\/notification\/unsubscribe$/);
    const site = await usersSite();
    await page.goto(`${site.url}/users/unsubscribe?code=not-a-real-code`);
    await expect(page.getByRole('alert')).toContainText(peopleText('unsubscribe.invalid'));
    await expect(page.getByRole('link', { name: peopleText('unsubscribe.settings_link') })).toHaveAttribute(
      'href',
      '/users/settings/notify',
    );
  });

  test('unsubscribe: the code of a notification mail turns the e-mails off', async ({ page, usersSite }) => {
    const site = await usersSite();
    await loginAsAdmin(page, site);
    const me = (await (await page.request.get(`${site.url}/answer/api/v1/user/info`)).json()) as {
      data: { id: string };
    };
    const config = async () =>
      (
        (await (await page.request.get(`${site.url}/answer/api/v1/user/notification/config`)).json()) as {
          data: Record<string, { enable: boolean }>;
        }
      ).data;
    expect(Object.values(await config()).some((c) => c.enable)).toBe(true);

    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(E2E_DIR, 'tests/users/support/unsubscribe-code.ts'),
        site.configFile,
        site.dataDir,
        me.data.id,
      ],
      { cwd: SERVER_DIR, timeoutMs: 60_000 },
    );
    const code = stdout.trim();
    expect(code).toMatch(/^\S{16,}$/);
    await page.goto(`${site.url}/users/unsubscribe?code=${encodeURIComponent(code)}`);
    // The page names the mails that stopped (the server answers them).
    const stopped = (
      JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-users/src/notifications/i18n/en_US.json'), 'utf8')) as {
        unsubscribe: { stopped: string };
      }
    ).unsubscribe.stopped;
    await expect(page.getByRole('status')).toContainText(stopped);
    expect(Object.values(await config()).every((c) => !c.enable)).toBe(true);
    await page.getByRole('link', { name: peopleText('unsubscribe.settings_link') }).click();
    await expect(page).toHaveURL(`${site.url}/users/settings/notify`);
  });
});
