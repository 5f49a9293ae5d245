import { ADMIN } from '../../fixtures/paths';
import { expect, test } from '../../fixtures/test';
import { AccountPages } from '../../pages/accounts';
import { AskPage } from '../../pages/ask';
import { detailText } from '../../pages/question';
import { QaApi, uniqueWord } from '../../pages/tags';

// Logging in from the login-to-continue modal or after a guard sent the visitor to the login
// page brings the member back to the page they started from, not to the home page.
test.describe('back where the visitor started after logging in', () => {
  test('the login-to-continue modal on a question page', async ({ page, site }) => {
    const word = uniqueWord('return');
    const question = await (
      await QaApi.admin(site)
    ).ask(`Where does a login lead ${word}`, `A question to come back to after logging in (${word}).`, [word]);
    await page.goto(`/questions/${question.id}`);
    const title = page.getByRole('heading', { level: 1, name: `Where does a login lead ${word}` });
    await expect(title).toBeVisible();

    await page
      .getByRole('button', { name: detailText('vote.up') })
      .first()
      .click();
    const modal = page.getByRole('dialog', { name: 'Log in to continue' });
    await modal.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/users\/login$/);
    await new AccountPages(page, site).logIn(ADMIN.email, ADMIN.password);

    await expect(title).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/questions/${question.id}$`));
    // Settled there: no later redirect carries the member off to the home page.
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(new RegExp(`/questions/${question.id}$`));
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  });

  test('the guard of the ask page', async ({ page, site }) => {
    const word = uniqueWord('ask');
    await (await QaApi.admin(site)).createTag(word);
    await page.goto(`/questions/ask?tags=${word}`);
    await expect(page).toHaveURL(/\/users\/login$/);
    await new AccountPages(page, site).logIn(ADMIN.email, ADMIN.password);

    const ask = new AskPage(page);
    await expect(ask.heading).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/questions/ask\\?tags=${word}$`));
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(new RegExp(`/questions/ask\\?tags=${word}$`));
    await expect(ask.chosenTags).toHaveText([`${word}×`]);
  });
});
