import { loginAs } from '../../fixtures/login';
import { uniqueWord } from '../../pages/tags';
import { TimelinePage } from '../../pages/timeline';
import { expect, test } from './fixture';

test("a question's timeline shows an edit's diff, and a rollback restores the old text", async ({ page, mod }) => {
  const tag = uniqueWord('time');
  const oldWord = uniqueWord('old');
  const newWord = uniqueWord('new');
  const title = `How is ${tag} configured?`;
  const oldText = `The ${tag} service reads ${oldWord} at start-up.`;
  const newText = `The ${tag} service reads ${newWord} at start-up.`;
  const question = await mod.admin.ask(title, oldText, [tag]);
  await mod.admin.editQuestion(question.id, title, newText, [tag], `Name ${newWord} instead`);

  await loginAs(page, mod.site, mod.moderator.email, mod.password);
  await page.goto(`/questions/${question.id}`);
  await expect(page.getByText(newText)).toBeVisible();

  // The timeline: the question asked, then edited; the edit's changes show the removed and the added word.
  const timeline = new TimelinePage(page);
  await timeline.open(question.id);
  await expect(timeline.rows('asked')).toHaveCount(1);
  const edited = timeline.rows('edited');
  await expect(edited).toHaveCount(1);
  await expect(edited).toContainText(`Name ${newWord} instead`);
  const changes = await timeline.showChanges(edited);
  await expect(changes.locator('del').filter({ hasText: oldWord })).toBeVisible();
  await expect(changes.locator('ins').filter({ hasText: newWord })).toBeVisible();
  await expect(timeline.rows('rollback')).toHaveCount(0);

  // Rolling back to the asked revision: a 'rolled back' row, and the question shows the old text again.
  await timeline.rollBack(timeline.rows('asked'));
  await expect(timeline.rows('rollback')).toHaveCount(1);
  await page.goto(`/questions/${question.id}`);
  await expect(page.getByText(oldText)).toBeVisible();
  await expect(page.getByText(newWord)).toHaveCount(0);
});
