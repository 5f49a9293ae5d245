import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { loginAsAdmin } from '../../fixtures/login';
import { ADMIN, REPO_ROOT } from '../../fixtures/paths';
import { expect, test } from '../../fixtures/test';
import { ApiAs, detailText, QuestionPage } from '../../pages/question';

type Messages = { [key: string]: string | Messages };
const load = (file: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as Messages;
const TEXTS = {
  comments: load('mf-qa/src/comments/i18n/en_US.json'),
  sharedUi: load('shared-ui/src/i18n/en_US.json'),
  shell: load('shell/src/i18n/en_US.json'),
};
function text(messages: Messages, key: string): string {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${key}`);
  return node;
}

interface QuestionWire {
  id: string;
  url_title: string;
}

/** Tab and Shift+Tab, several times over, never take the focus out of the dialog. */
async function expectTabStaysInside(page: Page, dialog: Locator) {
  const inside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
    expect(await inside(), `the focus left the dialog after ${key}: ${where}`).toBe(true);
  }
}

/** Opens a dialog from `opener` with the keyboard, checks Tab, closes it with Escape: the opener has the focus. */
async function checkDialog(page: Page, opener: Locator, name: string | RegExp, ready?: (dialog: Locator) => Locator) {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  if (ready) await expect(ready(dialog)).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await expectTabStaysInside(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test.describe('accessibility of the question page and the member pages', () => {
  test('every kind of dialog opens by keyboard, keeps Tab inside and gives the focus back on Escape', async ({
    page,
    site,
  }) => {
    test.setTimeout(120_000);
    const admin = await ApiAs.login(site, ADMIN.email, ADMIN.password);
    const stamp = Date.now().toString(36);
    const question = await admin.call<QuestionWire>('POST', 'question', {
      title: `Which dialogs keep the keyboard focus ${stamp}?`,
      content: 'Every dialog should hold the focus while open and give it back when it closes.',
      tags: [{ slug_name: `e2e-a11y-${stamp}`, display_name: `e2e-a11y-${stamp}`, original_text: '' }],
    });
    await admin.call('POST', 'comment', {
      object_id: question.id,
      original_text: `A comment to delete later (${stamp}).`,
    });
    const view = new QuestionPage(page);
    const questionArticle = page.locator('article.qa-question');

    // A visitor's vote opens the login-to-continue dialog (the shell's).
    await page.goto(`${site.url}/questions/${question.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(stamp);
    await checkDialog(
      page,
      questionArticle.getByRole('button', { name: detailText('vote.up'), exact: true }),
      text(TEXTS.shell, 'login_modal.title'),
    );

    await loginAsAdmin(page, site);
    await page.goto(`${site.url}/questions/${question.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(stamp);
    const actions = questionArticle.getByRole('list', { name: detailText('actions.label') });

    // A confirmation (pin), a reason dialog (close) and the comment's delete confirmation.
    await checkDialog(
      page,
      actions.getByRole('button', { name: detailText('actions.pin') }),
      detailText('confirm.pin_title'),
    );
    await checkDialog(
      page,
      actions.getByRole('button', { name: detailText('actions.close') }),
      detailText('reason_dialog.close_title'),
      (dialog) => dialog.getByRole('radio').first(),
    );
    const comment = page.getByRole('group', { name: text(TEXTS.comments, 'item.actions') }).first();
    await checkDialog(
      page,
      comment.getByRole('button', { name: text(TEXTS.comments, 'item.delete') }),
      text(TEXTS.comments, 'delete.title'),
    );

    // The answer editor: its text area is named by the form's heading; the toolbar's link dialog.
    const textArea = view.form.locator('.CodeMirror textarea');
    await expect(textArea).toHaveAccessibleName(detailText('form.heading'));
    await checkDialog(
      page,
      view.form.getByRole('button', { name: text(TEXTS.sharedUi, 'editor.link'), exact: true }),
      text(TEXTS.sharedUi, 'editor.dialog.link_title'),
    );
  });

  test('profile, users, settings and error pages set their document titles', async ({ page, site, guard }) => {
    // The edit route asks whether the missing post may be edited: 404.
    guard.allow(/\/answer\/api\/v1\/revisions\/edit\/check\?id=10010000000099999/);
    await loginAsAdmin(page, site);
    const titles: [string, RegExp][] = [
      [`/users/${ADMIN.name}`, new RegExp(`^${ADMIN.name} - `)],
      ['/users', /^Users - /],
      ['/users/settings/account', /^Account - Settings - /],
      ['/no/such/page', /^HTTP Error 404 - /],
      // An edit route of a question that does not exist: its 404 says so, not 'Edit question'.
      ['/posts/10010000000099999/edit', /^HTTP Error 404 - /],
    ];
    for (const [url, title] of titles) {
      await page.goto(`${site.url}${url}`);
      await expect(page, url).toHaveTitle(title);
    }
    await expect(page.getByRole('heading', { level: 1, name: 'HTTP Error 404' })).toBeVisible();
  });
});
