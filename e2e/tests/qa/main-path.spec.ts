import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatCount } from '../../../shared-ui/src/format/count';
import { loginAs } from '../../fixtures/login';
import { REPO_ROOT } from '../../fixtures/paths';
import { expect, test } from '../../fixtures/test';
import { AskPage } from '../../pages/ask';
import { detailText, QuestionPage } from '../../pages/question';
import { peopleText, seedDemo } from '../../pages/users';

type Messages = { [key: string]: string | Messages };
const COMMENTS = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'mf-qa/src/comments/i18n/en_US.json'), 'utf8'),
) as Messages;
function commentText(key: string): string {
  let node: string | Messages | undefined = COMMENTS;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`mf-qa comments has no text ${key}`);
  return node;
}

interface QuestionWire {
  id: string;
}

// The main path in the browser, every step through the screens: a member asks; another answers,
// comments with a mention and votes the question up; the asker accepts the answer; the answerer's
// profile shows the +15 of the accepted answer and the new reputation.
test.describe('the main path', () => {
  test('ask, answer, comment, vote, accept; the reputation shows on the profile', async ({
    page,
    browser,
    guard,
    startSite,
  }) => {
    test.setTimeout(240_000);
    const site = await startSite({ label: 'qa-main-path' });
    const demo = await seedDemo(site, 6);
    const asker = demo.accounts.find((a) => a.label === 'member');
    const answerer = demo.accounts.find((a) => a.label === 'member (top reputation)');
    expect(asker && answerer, 'the demo lists both members').toBeTruthy();

    // 1. The asker asks through the form.
    await loginAs(page, site, asker!.email, demo.password, 1);
    const ask = new AskPage(page);
    await page.goto(`${site.url}/questions/ask`);
    await expect(ask.heading).toBeVisible();
    const stamp = Date.now().toString(36);
    const title = `Why does my debounced search fire twice ${stamp}?`;
    await ask.fillTitle(title);
    await ask.writeBody('The search box calls the API twice for each pause in typing. What is wrong with my hook?');
    await ask.addTag('javas', 'JavaScript');
    const question = ((await (await ask.post()).json()) as { data: QuestionWire }).data;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

    // 2. Another member answers, comments with a mention of the asker, and votes the question up.
    const other = await browser.newContext();
    const answererPage = await other.newPage();
    guard.watch(answererPage);
    const { username } = await loginAs(answererPage, site, answerer!.email, demo.password);
    try {
      const view = new QuestionPage(answererPage);
      await answererPage.goto(`${site.url}/questions/${question.id}`);
      await expect(answererPage.getByRole('heading', { level: 1 })).toHaveText(title);
      const answerText = `The effect runs again because the callback changes on every render (${stamp}).`;
      await view.writeAnswer(answerText);
      await view.postAnswer();
      await expect(view.answerItems).toHaveCount(1);
      await expect(view.answerItems.first()).toContainText(answerText);

      const questionArticle = answererPage.locator('article.qa-question');
      // The question's comments come first on the page (answers' comments follow their answers).
      await answererPage
        .getByRole('button', { name: commentText('add') })
        .first()
        .click();
      const box = answererPage.getByRole('combobox', { name: commentText('form.label') });
      await box.pressSequentially(`Which React version? @${asker!.name.slice(0, 3)}`);
      const people = answererPage.getByRole('listbox', { name: commentText('mention.label') });
      await expect(people.getByRole('option').first()).toBeVisible();
      await box.press('Enter');
      await answererPage.getByRole('button', { name: commentText('form.submit') }).click();
      const thread = answererPage.getByRole('list', { name: commentText('label_question') });
      const comment = thread.getByRole('listitem').filter({ hasText: 'Which React version?' });
      await expect(comment).toBeVisible();
      await expect(comment.getByRole('link', { name: /^@/ })).toHaveAttribute('href', /^\/u\//);

      const up = questionArticle.getByRole('button', { name: detailText('vote.up'), exact: true });
      await up.click();
      await expect(up).toHaveAttribute('aria-pressed', 'true');
    } finally {
      await other.close();
    }

    // 3. The asker sees the answer, the comment and the vote, and accepts the answer.
    const view = new QuestionPage(page);
    await page.reload();
    await expect(view.answerItems).toHaveCount(1);
    await expect(page.getByText('Which React version?')).toBeVisible();
    await expect(page.locator('article.qa-question').getByText('1 vote', { exact: true })).toBeAttached();
    await view.answerItems
      .first()
      .getByRole('button', { name: detailText('answers.accept_label') })
      .click();
    await expect(view.answerItems.first().getByText(detailText('answers.accepted'))).toBeVisible();

    // 4. The answerer's profile: +15 for the accepted answer, and the reputation it adds up to.
    const expected = answerer!.rank + 15;
    const profile = await fetch(
      `${site.url}/answer/api/v1/personal/user/info?username=${encodeURIComponent(username)}`,
    );
    expect(((await profile.json()) as { data: { rank: number } }).data.rank).toBe(expected);
    await page.goto(`${site.url}/users/${encodeURIComponent(username)}/reputation`);
    const changes = page
      .getByRole('region', { name: peopleText('profile.tab.reputation') })
      .locator('.people-rows > li');
    await expect(changes.filter({ hasText: title }).first()).toContainText('+15');
    await expect(page.locator('.people-profile__rank strong')).toHaveText(formatCount(expected, 'en_US'));
  });
});
