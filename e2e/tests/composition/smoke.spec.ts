import { expect, test } from '../../fixtures/test';

test('the production shell serves /questions with mf_qa rendered inside it', async ({ page }) => {
  await page.goto('/questions');
  await expect(page.getByText('Not available yet').first()).toBeVisible();
  const apps = await page.evaluate(() => Object.keys(globalThis.__AGORA_SINGLETONS__ ?? {}).sort());
  expect(apps).toEqual(expect.arrayContaining(['shell', 'mf_qa']));
});
