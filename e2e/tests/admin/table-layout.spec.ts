import type { Page } from '@playwright/test';
import { loginAsAdmin } from '../../fixtures/login';
import { AdminArea } from '../../pages/admin';
import { expect, test } from './fixture';

/** Every admin list, and the name of a control in its rows' actions column (null: the list has none). */
const TABLES: [screen: string, control: string | null][] = [
  ['users', 'button'],
  ['questions', 'combobox'],
  ['answers', 'combobox'],
  ['badges', 'switch'],
  // The test site has no plugin installed: the list is empty.
  ['installed-plugins', null],
  ['flags', null],
  ['audit', null],
];

/** The page's elements that scroll sideways (their content is wider than they are and they may scroll). */
function sidewaysScrollers(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => {
        const overflow = getComputedStyle(element).overflowX;
        return (overflow === 'auto' || overflow === 'scroll') && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => ({
        element: `${element.tagName.toLowerCase()}.${element.className}`,
        nested: Array.from(document.querySelectorAll<HTMLElement>('body *')).some((inner) => {
          if (inner === element || !element.contains(inner)) return false;
          const overflow = getComputedStyle(inner).overflowX;
          return overflow === 'auto' || overflow === 'scroll';
        }),
      })),
  );
}

test.describe('admin tables', () => {
  test('at 1280 px every row control is on the screen; at 360 px one sideways scroller, never nested', async ({
    page,
    admin,
  }) => {
    test.setTimeout(120_000);
    await loginAsAdmin(page, admin.site);
    const area = new AdminArea(page);
    for (const [screen, control] of TABLES) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await area.open(screen);
      const table = page.getByRole('table');
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      if (control) {
        const first = table
          .getByRole('row')
          .nth(1)
          .getByRole(control as 'button')
          .last();
        await expect(first, `${screen}: a row control`).toBeVisible();
        const box = (await first.boundingBox())!;
        expect(box.x, `${screen}: the control starts on the screen`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${screen}: the control ends on the screen`).toBeLessThanOrEqual(1280);
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${screen}: the page itself does not scroll sideways at 1280 px`,
      ).toBeLessThanOrEqual(1280);

      await page.setViewportSize({ width: 360, height: 740 });
      await expect(table).toBeVisible();
      const scrollers = await sidewaysScrollers(page);
      expect(scrollers.length, `${screen}: ${JSON.stringify(scrollers)}`).toBeLessThanOrEqual(1);
      expect(
        scrollers.filter((s) => s.nested),
        `${screen}: a scroller inside a scroller`,
      ).toEqual([]);
    }
  });
});
