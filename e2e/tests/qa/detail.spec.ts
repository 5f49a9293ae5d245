import { loginAs, loginAsAdmin } from '../../fixtures/login';
import { ADMIN } from '../../fixtures/paths';
import { expect, test } from '../../fixtures/test';
import { ApiAs, detailText, QuestionPage } from '../../pages/question';
import { sharedUiText } from '../../pages/shared-ui-text';
import { seedDemo } from '../../pages/users';

interface QuestionWire {
  id: string;
  url_title: string;
}
interface AnswerWire {
  info: { id: string };
}

// A question asked by the administrator on a demo site: a member answers through the form and votes, the
// asker accepts, the accepted answer moves first; an answer's address focuses that answer.
test.describe('question detail', () => {
  test('answer, vote, accept: the accepted answer leads; close; the answer link focuses the answer', async ({
    page,
    browser,
    guard,
    startSite,
  }) => {
    test.setTimeout(240_000);
    const site = await startSite({ label: 'qa-detail' });
    const demo = await seedDemo(site, 6);
    const top = demo.accounts.find((a) => a.label === 'member (top reputation)');
    const other = demo.accounts.find((a) => a.label === 'member' || a.label === 'member (new)');
    expect(top && other, 'the demo lists members').toBeTruthy();
    expect(top!.rank, 'the voter may vote up (rank.answer.vote_up is 8)').toBeGreaterThanOrEqual(8);

    // The administrator asks; another member answers first (through the API).
    const asker = await ApiAs.login(site, ADMIN.email, ADMIN.password);
    const stamp = Date.now().toString(36);
    const question = await asker.call<QuestionWire>('POST', 'question', {
      title: `How do I stream a large file in chunks ${stamp}?`,
      content: 'Reading the whole file at once runs out of memory. What is the idiomatic way to stream it?',
      tags: [{ slug_name: `e2e-detail-${stamp}`, display_name: `e2e-detail-${stamp}`, original_text: '' }],
    });
    const first = await (
      await ApiAs.login(site, other!.email, demo.password)
    ).call<AnswerWire>('POST', 'answer', {
      question_id: question.id,
      content: `Use a read stream and pipe it into the consumer (${stamp}).`,
    });

    // The member with the top reputation answers through the form and votes the first answer up.
    await loginAs(page, site, top!.email, demo.password);
    const view = new QuestionPage(page);
    await page.goto(`${site.url}/questions/${question.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `How do I stream a large file in chunks ${stamp}?`,
    );
    await expect(view.answerItems).toHaveCount(1);
    const mine = `Read it with an async iterator over a stream, chunk by chunk (${stamp}).`;
    await view.writeAnswer(mine);
    await view.postAnswer();
    await expect(view.answerItems).toHaveCount(2);
    await expect(view.answerItems.nth(1)).toContainText(mine);
    await expect(view.form.getByText(mine)).toHaveCount(0);

    const myId = await view.answerItems.nth(1).locator('article').getAttribute('data-answer-id');
    expect(myId).toBeTruthy();

    // Voting for one's own answer: the server refuses, the shell shows its message as a toast.
    guard.allow(/\/answer\/api\/v1\/vote\/up$/);
    const ownUp = view.answer(myId!).getByRole('button', { name: detailText('vote.up') });
    await ownUp.click();
    await expect(page.getByText("You can't vote for your own post.")).toBeVisible();
    await expect(ownUp).toHaveAttribute('aria-pressed', 'false');

    const firstAnswer = view.answer(first.info.id);
    const up = firstAnswer.getByRole('button', { name: detailText('vote.up') });
    await up.click();
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await expect(firstAnswer.getByText('1 vote', { exact: true })).toBeAttached();
    // Taking the vote back and giving it again: the vote toggle.
    await up.click();
    await expect(up).toHaveAttribute('aria-pressed', 'false');
    await up.click();
    await expect(up).toHaveAttribute('aria-pressed', 'true');

    // The asker accepts the member's answer: it moves first, marked accepted.
    const askerContext = await browser.newContext();
    const askerPage = await askerContext.newPage();
    guard.watch(askerPage);
    try {
      await loginAsAdmin(askerPage, site);
      const askerView = new QuestionPage(askerPage);
      await askerPage.goto(`${site.url}/questions/${question.id}`);
      await expect(askerView.answerItems).toHaveCount(2);
      // By score the voted answer leads before anything is accepted.
      await expect(askerView.answerItems.first()).toContainText(`pipe it into the consumer (${stamp})`);
      await askerView
        .answer(myId!)
        .getByRole('button', { name: detailText('answers.accept_label') })
        .click();
      await expect(askerView.answerItems.first()).toContainText(mine);
      await expect(askerView.answerItems.first().getByText(detailText('answers.accepted'))).toBeVisible();
      await expect(
        askerView.answer(myId!).getByRole('button', { name: detailText('answers.unaccept_label') }),
      ).toHaveAttribute('aria-pressed', 'true');

      // The asker closes the question with a reason that takes a remark (PUT question/status).
      await askerPage.getByRole('button', { name: detailText('actions.close'), exact: true }).click();
      const dialog = askerPage.getByRole('dialog', { name: detailText('reason_dialog.close_title') });
      await dialog.getByRole('button', { name: detailText('actions.submit') }).click();
      await expect(dialog.getByText(sharedUiText('reason.select'))).toBeVisible();
      await dialog.getByRole('radio', { name: /Needs details or focus/ }).check();
      await dialog.getByRole('button', { name: detailText('actions.submit') }).click();
      await expect(dialog.getByText(sharedUiText('reason.empty'))).toBeVisible();
      await dialog.getByRole('textbox', { name: sharedUiText('reason.remark') }).fill('Which runtime is this about?');
      await dialog.getByRole('button', { name: detailText('actions.submit') }).click();
      await expect(askerPage.getByText(detailText('toast.closed'))).toBeVisible();
      await expect(askerPage.getByText(detailText('alert.closed'))).toBeVisible();
      await expect(askerPage.getByText(detailText('form.closed'))).toBeVisible();
    } finally {
      await askerContext.close();
    }

    // An answer's address (question link + /{answerId}) scrolls to it, focuses and highlights it for a while.
    await page.goto(`${site.url}/questions/${question.id}/${question.url_title}/${first.info.id}`);
    const target = view.answer(first.info.id);
    await expect(target).toHaveClass(/qa-answer--highlighted/);
    await expect(target).toBeFocused();
    await expect(target).toBeInViewport();
    await expect(target).not.toHaveClass(/qa-answer--highlighted/, { timeout: 6_000 });
    // The accepted answer still leads for everyone, and the closed question takes no more answers.
    await expect(view.answerItems.first()).toContainText(mine);
    await expect(page.getByText(detailText('form.closed'))).toBeVisible();
    await expect(view.form.getByRole('button', { name: detailText('form.submit') })).toHaveCount(0);
  });
  test('a visitor shares by keyboard: the menu opens focused, Copy link copies the address, Escape returns', async ({
    page,
    site,
  }) => {
    const asker = await ApiAs.login(site, ADMIN.email, ADMIN.password);
    const stamp = Date.now().toString(36);
    const question = await asker.call<QuestionWire>('POST', 'question', {
      title: `Where do I find the share menu ${stamp}?`,
      content: 'A question to share with a friend who knows the answer.',
      tags: [{ slug_name: `e2e-share-${stamp}`, display_name: `e2e-share-${stamp}`, original_text: '' }],
    });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await page.goto(`${site.url}/questions/${question.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(stamp);

    // The menu's code (antd) arrives on the first press; the menu opens with the focus in it.
    const share = () => page.locator('article.qa-question').getByRole('button', { name: detailText('share.label') });
    await share().focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: detailText('share.copy') })).toBeVisible();
    await expect(menu.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(share()).toBeFocused();
    await expect(share()).toHaveAttribute('aria-expanded', 'false');

    // Again, now loaded: Copy link puts the question's address on the clipboard.
    await share().click();
    await menu.getByRole('menuitem', { name: detailText('share.copy') }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${site.url}/questions/${question.id}`);
  });
});
