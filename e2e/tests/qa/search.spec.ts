import { loginAsAdmin } from '../../fixtures/login';
import { AppShell } from '../../pages/app-shell';
import { SearchPage, searchText } from '../../pages/search';
import { expect, QaApi, test, uniqueWord } from '../../pages/tags';

// Search end to end on a demo site (one per worker, pages/tags.ts): posts are seeded through the
// API with words no other text has, then searched for through the header box and /search?q=. Every test
// seeds its own words. The administrator and a moderator post (staff skip the posting captcha).
test.describe('search', () => {
  test('the header box searches, keeps the query; the hit shows the word marked', async ({ page, qa }) => {
    const admin = await QaApi.admin(qa.site);
    const word = uniqueWord('zq');
    const question = await admin.ask(
      `Why does the ${word} cache miss on cold start?`,
      `The ${word} layer misses every time after a restart.`,
      ['support'],
    );

    const shell = new AppShell(page);
    const search = new SearchPage(page);
    await page.goto('/');
    await shell.searchBox.fill(`  ${word} `);
    await shell.searchBox.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
    await expect(search.heading).toBeVisible();
    await expect(shell.searchBox).toHaveValue(word);
    await expect(search.hits).toHaveCount(1);
    const hit = search.hit(question.title, 'question');
    await expect(hit.getByRole('link', { name: question.title })).toHaveAttribute(
      'href',
      new RegExp(`^/questions/${question.id}(/|$)`),
    );
    await expect(hit.locator('h2 mark')).toHaveText([word]);
    await expect(hit.locator('p mark')).toHaveText([word]);
    await expect(page.getByText(searchText('count_one', { value: 1 }), { exact: true })).toBeVisible();

    // Another search from the results page; back brings the first query into the box again.
    const other = uniqueWord('nomatch');
    await shell.searchBox.fill(other);
    await shell.searchBox.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${other}$`));
    await expect(search.empty).toBeVisible();
    await page.goBack();
    await expect(shell.searchBox).toHaveValue(word);
    await expect(search.titles).toHaveText([question.title]);
  });

  test('an answer hit links to the answer', async ({ page, qa }) => {
    const admin = await QaApi.admin(qa.site);
    const moderator = await QaApi.login(qa.site, qa.moderator.email, qa.password);
    const word = uniqueWord('zq');
    const question = await admin.ask(
      'How do I rotate the signing keys without downtime?',
      'Our tokens are signed with one key. How can we rotate it safely?',
      ['support'],
    );
    const answerId = await moderator.answer(question.id, `Publish both keys first, then switch: the ${word} way.`);

    const search = new SearchPage(page);
    await search.open(word);
    await expect(search.hits).toHaveCount(1);
    const hit = search.hit(question.title, 'answer');
    await expect(hit.getByText(searchText('kind.answer'), { exact: true })).toBeAttached();
    await expect(hit.locator('p mark')).toHaveText([word]);
    const link = hit.getByRole('link', { name: question.title, exact: true });
    // The site's permalink setting is 2 (no slug): the answer id follows the question id.
    await expect(link).toHaveAttribute('href', `/questions/${question.id}/${answerId}`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/questions/${question.id}/${answerId}$`));
    await expect(page.locator(`#answer-${answerId}`)).toContainText(`the ${word} way`);
    await expect(page.locator(`#answer-${answerId}`)).toBeFocused();
  });

  test('[tag], is:answer, user: and "exact phrase" narrow the results', async ({ page, qa }) => {
    const admin = await QaApi.admin(qa.site);
    const moderator = await QaApi.login(qa.site, qa.moderator.email, qa.password);
    const modName = await moderator.username();
    const word = uniqueWord('zq');
    const tag = uniqueWord('narrow-');
    const [p1, p2] = [uniqueWord('ph'), uniqueWord('ph')];
    // Q1 (administrator, the new tag): the phrase "p1 p2" in order. Q2 (moderator): both words, reversed.
    const q1 = await admin.ask(`The ${word} scheduler drops jobs`, `It happens when ${p1} ${p2} is set.`, [tag]);
    const q2 = await moderator.ask(`The ${word} scheduler runs twice`, `Only with ${p2} ${p1} in the config.`, [
      'support',
    ]);
    // An answer (administrator) on Q2.
    await admin.answer(q2.id, `Turn off the ${word} retry: it replays the job.`);
    const synonym = uniqueWord('alias-');
    await admin.setSynonyms(await admin.tagId(tag), [synonym]);
    // Staff searches never meet the search captcha (this test searches six times in a few seconds).
    await loginAsAdmin(page, qa.site);

    const search = new SearchPage(page);
    await search.open(word);
    await expect(search.hits).toHaveCount(3);

    await search.open(`[${tag}] ${word}`);
    await expect(search.titles).toHaveText([q1.title]);
    await expect(search.filters).toContainText(`${searchText('filters.tags')} ${tag}`);

    // A synonym of the tag finds the main tag's questions.
    await search.open(`[${synonym}] ${word}`);
    await expect(search.titles).toHaveText([q1.title]);

    await search.open(`is:answer ${word}`);
    await expect(search.hits).toHaveCount(1);
    await expect(search.hit(q2.title, 'answer')).toBeVisible();
    await expect(search.filters).toContainText(searchText('filters.is_answer'));

    await search.open(`user:${modName} ${word}`);
    await expect(search.hits).toHaveCount(1);
    await expect(search.hit(q2.title, 'question')).toBeVisible();
    await expect(search.filters.getByRole('link', { name: modName, exact: true })).toBeVisible();

    await search.open(`"${p1} ${p2}"`);
    await expect(search.titles).toHaveText([q1.title]);
    await expect(search.hit(q1.title).locator('p mark')).toHaveText([`${p1} ${p2}`]);
    await expect(search.filters).toContainText(searchText('filters.phrase', { phrase: `${p1} ${p2}` }));
  });

  test('sorting by newest changes the address and the order', async ({ page, qa }) => {
    const admin = await QaApi.admin(qa.site);
    const word = uniqueWord('zq');
    // The older question says the word more often (more relevant); the newer one once.
    const older = await admin.ask(
      `${word} ${word}: the ${word} build is slow`,
      `Every ${word} step of the ${word} build takes minutes; ${word} everywhere.`,
      ['support'],
    );
    const newer = await admin.ask(
      'Where should build caches live?',
      `Somewhere the ${word} runner can reach between runs of the pipeline.`,
      ['support'],
    );

    const search = new SearchPage(page);
    await search.open(word);
    await expect(search.sort('relevance')).toHaveAttribute('aria-current', 'true');
    await expect(search.titles).toHaveText([older.title, newer.title]);

    await search.sort('newest').click();
    await expect(page).toHaveURL(/[?&]order=newest(&|$)/);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}(&|$)`));
    await expect(search.sort('newest')).toHaveAttribute('aria-current', 'true');
    await expect(search.titles).toHaveText([newer.title, older.title]);
  });

  test('a query that matches nothing shows the empty message', async ({ page }) => {
    const search = new SearchPage(page);
    await search.open(uniqueWord('nomatch'));
    await expect(search.empty).toBeVisible();
    await expect(search.hits).toHaveCount(0);
    await expect(search.heading).toBeVisible();
  });

  test('an edited question is found by its new words, not by the removed ones; a deleted one is gone', async ({
    page,
    qa,
  }) => {
    const admin = await QaApi.admin(qa.site);
    const [before, after, gone] = [uniqueWord('zq'), uniqueWord('zq'), uniqueWord('zq')];
    const edited = await admin.ask(`The ${before} exporter truncates files`, `Large ${before} exports stop early.`, [
      'support',
    ]);
    const deleted = await admin.ask(`The ${gone} importer skips rows`, `Some ${gone} rows never arrive.`, ['support']);
    const search = new SearchPage(page);
    await search.open(before);
    await expect(search.titles).toHaveText([edited.title]);
    await search.open(gone);
    await expect(search.titles).toHaveText([deleted.title]);

    const newTitle = `The ${after} exporter truncates files`;
    await admin.editQuestion(edited.id, newTitle, `Large ${after} exports stop early.`, ['support']);
    await admin.deleteQuestion(deleted.id);

    await search.open(after);
    await expect(search.titles).toHaveText([newTitle]);
    await search.open(before);
    await expect(search.empty).toBeVisible();
    await search.open(gone);
    await expect(search.empty).toBeVisible();
  });
});
