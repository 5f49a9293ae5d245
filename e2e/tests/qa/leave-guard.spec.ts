import { loginAsAdmin } from '../../fixtures/login';
import { ADMIN } from '../../fixtures/paths';
import type { RunningServer } from '../../fixtures/server';
import { expect, test } from '../../fixtures/test';
import { AppShell } from '../../pages/app-shell';
import { LEAVE, LeaveDialog } from '../../pages/leave-dialog';
import { askText } from '../../pages/ask';
import { ApiAs, QuestionPage } from '../../pages/question';

/** A fresh question asked by the administrator through the API; answers its id and title. */
async function askQuestion(site: RunningServer, label: string): Promise<{ id: string; title: string }> {
  const asker = await ApiAs.login(site, ADMIN.email, ADMIN.password);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const question = await asker.call<{ id: string; title: string }>('POST', 'question', {
    title: `Where should I keep the ${label} settings file ${stamp}?`,
    content: 'The application reads its settings at start-up. Where do such files usually live on Linux?',
    tags: [{ slug_name: `e2e-leave-${stamp}`, display_name: `e2e-leave-${stamp}`, original_text: '' }],
  });
  return question;
}

// Leaving with unsaved text asks 'Are you sure you want to leave the page?' / 'Your changes may
// not be saved.', for in-app links and the browser's back button alike (the shell's data router blocks).
test.describe('leaving a page with unsaved text', () => {
  test('an unsaved answer: a link and the back button ask; Stay keeps the text, Leave goes', async ({ page, site }) => {
    test.setTimeout(120_000);
    const { id, title } = await askQuestion(site, 'answer');
    await loginAsAdmin(page, site);
    // Opened from the list: going back stays within the app (not another document).
    await page.goto('/questions?order=newest');
    await page.getByRole('link', { name: title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/questions/${id}`));
    const view = new QuestionPage(page);
    const shell = new AppShell(page);
    const leave = new LeaveDialog(page);
    const text = 'Under XDG_CONFIG_HOME, usually ~/.config';
    await view.writeAnswer(text);

    // An in-app link.
    await shell.sideNavLink('Users').click();
    await expect(leave.dialog).toBeVisible();
    await expect(leave.dialog.getByText(LEAVE.content)).toBeVisible();
    await leave.stay();
    await expect(leave.dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/questions/${id}`));
    await expect(view.form.locator('.CodeMirror')).toContainText(text);

    // The browser's back button.
    await page.goBack();
    await expect(leave.dialog).toBeVisible();
    await leave.stay();
    await expect(page).toHaveURL(new RegExp(`/questions/${id}`));
    await expect(view.form.locator('.CodeMirror')).toContainText(text);
    await page.goBack();
    await leave.leave();
    await expect(page).toHaveURL(/\/questions\?order=newest$/);
  });

  test('an unsaved comment: a link asks; Stay keeps the text, Leave goes', async ({ page, site }) => {
    const { id } = await askQuestion(site, 'comment');
    await loginAsAdmin(page, site);
    await page.goto(`/questions/${id}`);
    await page.getByRole('button', { name: 'Add a comment' }).first().click();
    await page.getByRole('combobox', { name: 'Your comment' }).fill('Which distribution do you use?');
    await new AppShell(page).sideNavLink('Tags').click();
    const leave = new LeaveDialog(page);
    await expect(leave.dialog).toBeVisible();
    await leave.stay();
    await expect(page.getByRole('combobox', { name: 'Your comment' })).toHaveValue('Which distribution do you use?');
    await expect(page).toHaveURL(new RegExp(`/questions/${id}`));
    // Asked again, Leave goes.
    await new AppShell(page).sideNavLink('Tags').click();
    await leave.leave();
    await expect(page).toHaveURL(/\/tags$/);
  });

  test('an answer draft survives a reload and is gone once the answer is posted', async ({ page, site }) => {
    test.setTimeout(120_000);
    const { id } = await askQuestion(site, 'draft');
    await loginAsAdmin(page, site);
    await page.goto(`/questions/${id}`);
    const view = new QuestionPage(page);
    const text = 'Put it in /etc for system-wide settings and under ~/.config per user.';
    await view.writeAnswer(text);
    const key = `agora.qa.draft.new-answer.${id}`;
    // Saved 3 s after the last change.
    await expect
      .poll(() => page.evaluate((k) => window.localStorage.getItem(k), key), { timeout: 10_000 })
      .toContain(text);

    // Reloading asks the browser's own question; the draft comes back after it.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(view.form.locator('.CodeMirror')).toContainText(text);
    await expect(view.form.getByText(askText('draft.restored'))).toBeVisible();

    await view.postAnswer();
    await expect(view.answerItems).toHaveCount(1);
    await expect(view.answerItems.first()).toContainText(text);
    expect(await page.evaluate((k) => window.localStorage.getItem(k), key)).toBeNull();
    await expect(view.form.getByText(askText('draft.restored'))).toHaveCount(0);
  });
});
