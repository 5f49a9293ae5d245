import { loginAsAdmin } from '../../fixtures/login';
import { expectRemoteRendered } from '../../fixtures/navigation';
import type { Page } from '@playwright/test';
import { AdminSettingsPage } from '../../pages/admin-settings';
import { expect, test } from './fixture';

/** The question links of the home page's list. */
async function questionLinks(page: Page): Promise<string[]> {
  await page.goto('/');
  await expectRemoteRendered(page, 'mf_qa');
  const links = page.getByRole('main').locator('a[href^="/questions/"]');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
  // Question links only (not /questions/ask or tag filters).
  return hrefs.filter((href) => /^\/questions\/[^/?#]+(\/[^/?#]+)?$/.test(href) && href !== '/questions/ask');
}

test('the permalink setting changes the question links of the home page', async ({ page, admin, keepSettings }) => {
  await keepSettings('siteinfo/seo');
  await loginAsAdmin(page, admin.site);
  const settings = new AdminSettingsPage(page);

  await settings.openSettings('seo');
  await settings.choose('seo.permalink.label', 'seo.permalink.option_1');
  await settings.save();
  const withTitle = await questionLinks(page);
  expect(withTitle.length).toBeGreaterThan(0);
  for (const href of withTitle) expect(href, 'id and title').toMatch(/^\/questions\/\d+\/[^/]+$/);

  await settings.openSettings('seo');
  await settings.choose('seo.permalink.label', 'seo.permalink.option_2');
  await settings.save();
  const withoutTitle = await questionLinks(page);
  for (const href of withoutTitle) expect(href, 'id only').toMatch(/^\/questions\/\d+$/);
  // The same questions, only the links' shape changed; an old link still opens its question.
  expect(withoutTitle.map((h) => h.split('/')[2]).sort()).toEqual(withTitle.map((h) => h.split('/')[2]).sort());
  await page.goto(withTitle[0]!);
  await expectRemoteRendered(page, 'mf_qa');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
