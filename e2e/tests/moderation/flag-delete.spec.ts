import { loginAs } from '../../fixtures/login';
import { ModerationApi } from '../../pages/moderation';
import { detailText, QuestionPage } from '../../pages/question';
import { ReviewBadge, ReviewPage, reviewText } from '../../pages/review';
import { uniqueWord } from '../../pages/tags';
import { expect, test } from './fixture';

test('a member flags an answer, the moderator deletes it from /review, and the review badge drops by one', async ({
  page,
  mod,
  pageAs,
}) => {
  test.setTimeout(90_000); // two browsers (member and moderator) on a shared 2-core machine
  const tag = uniqueWord('flag');
  const question = await mod.admin.ask(`Where does ${tag} keep its logs?`, `Looking for the ${tag} log folder.`, [tag]);
  const author = await ModerationApi.login(mod.site, mod.newest.email, mod.password);
  const answerId = await author.answer(question.id, `Buy cheap ${tag} watches at my shop, best prices.`);
  const reason = await mod.admin.plainFlagReason('answer');

  // The member flags the answer from the question page.
  await loginAs(page, mod.site, mod.member.email, mod.password);
  await page.goto(`/questions/${question.id}`);
  const detail = new QuestionPage(page);
  const answer = detail.answer(answerId);
  await answer
    .getByRole('list', { name: detailText('actions.label') })
    .getByRole('button', { name: detailText('actions.report'), exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: detailText('reason_dialog.flag_title') });
  await dialog.getByRole('radio', { name: new RegExp(`^${reason.name}`) }).check();
  await dialog.getByRole('button', { name: detailText('actions.submit'), exact: true }).click();
  await expect(page.getByText(detailText('toast.flagged'), { exact: true })).toBeVisible();

  // The moderator's badge counts it; the flag is in the queue with its reason, the flagger and the answer.
  const moderator = await pageAs(mod.moderator.email, mod.password);
  const badge = new ReviewBadge(moderator);
  const review = new ReviewPage(moderator);
  await review.open('flagged_post');
  await expect(badge.badge).toBeVisible();
  const before = await badge.count();
  expect(before).toBeGreaterThan(0);
  const task = await review.showTask(`cheap ${tag} watches`);
  await expect(task).toContainText(reason.name);
  await expect(task).toContainText(mod.member.name);
  await review.action('flags.delete').click();
  const confirm = moderator.getByRole('dialog', { name: reviewText('flags.delete_dialog.title') });
  await confirm.getByRole('button', { name: reviewText('flags.delete_dialog.confirm'), exact: true }).click();
  await expect(moderator.getByText(reviewText('flags.done.delete_post'), { exact: true })).toBeVisible();

  // The badge drops by one (it refreshes after the review and polls), and the answer is gone for members.
  await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(before - 1);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Where does ${tag} keep its logs?`);
  await expect(detail.answer(answerId)).toHaveCount(0);
  await expect(page.getByText(`cheap ${tag} watches`)).toHaveCount(0);
});
