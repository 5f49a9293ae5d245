import { loginAs } from '../../fixtures/login';
import { askText } from '../../pages/ask';
import { ReviewPage, reviewText } from '../../pages/review';
import { uniqueWord } from '../../pages/tags';
import { expect, test } from './fixture';

test('a member suggests an edit, a moderator approves it from /review, and the member sees it applied', async ({
  page,
  mod,
  pageAs,
}) => {
  test.setTimeout(90_000); // two browsers (member and moderator) on a shared 2-core machine
  const tag = uniqueWord('sug');
  const before = `How do I tune the ${tag} cache?`;
  const after = `How do I tune the ${tag} cache for large files?`;
  const question = await mod.admin.ask(before, `The ${tag} cache is slow with the default settings.`, [tag]);

  // The member (question.edit, not edit-without-review) edits the title: it waits for review.
  await loginAs(page, mod.site, mod.editor.email, mod.password);
  await page.goto(`/posts/${question.id}/edit`);
  const title = page.getByLabel(askText('title.label'), { exact: true });
  await expect(title).toHaveValue(before);
  await title.fill(after);
  await page.getByLabel(askText('edit_summary.label'), { exact: true }).fill(`Say which files ${tag} is slow with`);
  await page.getByRole('button', { name: askText('submit.edit'), exact: true }).click();
  await expect(page.getByText(askText('edit.wait_for_review'), { exact: true })).toBeVisible();
  await page.goto(`/questions/${question.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(before);

  // The moderator finds it in the suggested edits, with the editor, the summary and the diff, and approves it.
  const moderator = await pageAs(mod.moderator.email, mod.password);
  const review = new ReviewPage(moderator);
  await review.open('suggested_post_edit');
  const task = await review.showTask(`for large files`);
  await expect(task).toContainText(`Say which files ${tag} is slow with`);
  await expect(task).toContainText(mod.editor.name);
  await expect(task.locator('ins').filter({ hasText: 'large' }).first()).toBeVisible();
  await review.action('edits.approve').click();
  await expect(moderator.getByText(reviewText('edits.approved'), { exact: true })).toBeVisible();
  await expect(task.filter({ hasText: 'for large files' })).toHaveCount(0);

  // The member sees the edited title on the question page.
  await page.goto(`/questions/${question.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(after);
});
