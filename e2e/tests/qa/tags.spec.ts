import { loginAs, loginAsAdmin } from '../../fixtures/login';
import { AppShell } from '../../pages/app-shell';
import { AskPage } from '../../pages/ask';
import { expect, QaApi, tabTo, TagPages, tagsText, test, uniqueWord } from '../../pages/tags';

// The tag screens end to end on a demo site (one per worker, pages/tags.ts): create (staff only:
// members get the 403 page), the list's filter and sorts, the tag page with its questions, ask-with-this-tag
// and follow, synonyms, a suggested edit, and delete (offered only for a tag no question uses). Every test
// makes its own tags.
test.describe('tags', () => {
  test('an administrator creates a tag with a wiki and lands on its page', async ({ page, qa }) => {
    await loginAsAdmin(page, qa.site);
    const tags = new TagPages(page);
    const slug = uniqueWord('created-');
    const name = `Created ${slug.slice(-8)}`;
    await page.goto('/tags/create');
    await expect(tags.heading).toHaveText(tagsText('create.title'));
    await tags.field('display_name').fill(name);
    // The slug follows the display name until it is typed in; here it is typed.
    await expect(tags.field('slug')).toHaveValue(`created-${slug.slice(-8)}`);
    await tags.field('slug').fill(slug);
    await tags.writeWiki(`Questions about the **${slug}** toolkit.`);
    await tags.submit('create').click();

    await expect(page).toHaveURL(new RegExp(`/tags/${slug}$`));
    await expect(tags.heading).toHaveText(name);
    await tags.navLink('info_link').click();
    await expect(page).toHaveURL(new RegExp(`/tags/${slug}/info$`));
    await expect(tags.wiki.locator('strong')).toHaveText(slug);
    await expect(tags.wiki).toContainText(`Questions about the ${slug} toolkit.`);
  });

  test('creating tags is for staff: a member gets the 403 page, a moderator the form', async ({ page, qa }) => {
    // The top member has tag.edit but is no moderator: the route keeps /tags/create to roles 2 and 3.
    await loginAs(page, qa.site, qa.top.email, qa.password, 1);
    await page.goto('/tags/create');
    const { heading, description } = new AppShell(page).errorPage(403);
    await expect(heading).toBeVisible();
    await expect(description).toBeVisible();
    const tags = new TagPages(page);
    await expect(tags.field('display_name')).toHaveCount(0);
    await expect(tags.submit('create')).toHaveCount(0);

    await page.context().clearCookies();
    await loginAs(page, qa.site, qa.moderator.email, qa.password, 3);
    await page.goto('/tags/create');
    await expect(tags.heading).toHaveText(tagsText('create.title'));
    await expect(tags.field('display_name')).toBeVisible();
  });

  test('the list filter finds the tags and stays in the address; sorting by name reorders them', async ({
    page,
    qa,
  }) => {
    const admin = await QaApi.admin(qa.site);
    const stem = uniqueWord('flt');
    // Popular puts the tag with a question first; by name the other one leads.
    const zulu = await admin.createTag(`${stem}-zulu`, `${stem} zulu`);
    await admin.createTag(`${stem}-alpha`, `${stem} alpha`);
    await admin.ask(`A question filed under ${stem} zulu`, `Body of the ${stem} question.`, [zulu.slug]);

    const tags = new TagPages(page);
    await page.goto('/tags');
    await expect(tags.heading).toHaveText(tagsText('list.title'));
    // By keyboard: Tab to the filter box and type.
    await tabTo(page, tags.filter);
    await page.keyboard.type(stem);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${stem}(&|$)`));
    await expect(tags.cardNames).toHaveText([`${stem} zulu`, `${stem} alpha`]);

    await tags.sort('name').click();
    await expect(page).toHaveURL(/[?&]order=name(&|$)/);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${stem}(&|$)`));
    await expect(tags.cardNames).toHaveText([`${stem} alpha`, `${stem} zulu`]);
    await expect(tags.sort('name')).toHaveAttribute('aria-current', 'true');

    // A reload keeps the filter in the box and the list filtered.
    await page.reload();
    await expect(tags.filter).toHaveValue(stem);
    await expect(tags.cardNames).toHaveText([`${stem} alpha`, `${stem} zulu`]);
  });

  test('follow from the list by keyboard; the tag page follows and unfollows; the side card shows it', async ({
    page,
    qa,
  }) => {
    const admin = await QaApi.admin(qa.site);
    const slug = uniqueWord('follow-');
    await admin.createTag(slug);
    await loginAs(page, qa.site, qa.top.email, qa.password, 1);
    const tags = new TagPages(page);

    // The list's follow button: reached by Tab, pressed with the keyboard.
    await page.goto(`/tags?q=${slug}`);
    const card = tags.card(slug);
    await expect(card).toBeVisible();
    await tabTo(page, tags.follow(slug, card));
    await page.keyboard.press('Enter');
    await expect(tags.unfollow(slug, card)).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByText(tagsText('count.followers_one', { value: 1 }), { exact: true })).toBeVisible();

    // The question list's side card lists it.
    await page.goto('/questions');
    await expect((await tags.followingCard()).getByRole('link', { name: slug, exact: true })).toBeVisible();

    // The tag page: unfollow, then follow again; the count follows.
    await page.goto(`/tags/${slug}`);
    await expect(tags.heading).toHaveText(slug);
    await expect(tags.followers(1)).toBeVisible();
    await tags.unfollow(slug).click();
    await expect(tags.follow(slug)).toHaveAttribute('aria-pressed', 'false');
    await expect(tags.followers(0)).toBeVisible();
    await page.goto('/questions');
    await expect((await tags.followingCard()).getByRole('link', { name: slug, exact: true })).toHaveCount(0);

    await page.goto(`/tags/${slug}`);
    await tags.follow(slug).click();
    await expect(tags.followers(1)).toBeVisible();
    await expect(tags.unfollow(slug)).toHaveAttribute('aria-pressed', 'true');
  });

  test("the tag page lists the tag's questions; Ask question opens the form with the tag", async ({ page, qa }) => {
    const admin = await QaApi.admin(qa.site);
    const slug = uniqueWord('page-');
    await admin.createTag(slug, `Page ${slug.slice(-8)}`);
    const first = await admin.ask(`First question on ${slug}`, `The first body about ${slug}.`, [slug]);
    const second = await admin.ask(`Second question on ${slug}`, `The second body about ${slug}.`, [slug]);
    await loginAsAdmin(page, qa.site);
    const tags = new TagPages(page);

    await page.goto(`/tags/${slug}`);
    const name = `Page ${slug.slice(-8)}`;
    await expect(tags.heading).toHaveText(name);
    const list = tags.questions(name);
    await expect(list.getByRole('link', { name: second.title, exact: true })).toBeVisible();
    await expect(list.getByRole('link', { name: first.title, exact: true })).toBeVisible();
    await expect(page.getByText('2 questions', { exact: true })).toBeVisible();

    await tags.askLink.click();
    await expect(page).toHaveURL(new RegExp(`/questions/ask\\?tags=${slug}$`));
    const ask = new AskPage(page);
    await expect(ask.heading).toBeVisible();
    await expect(ask.chosenTags).toHaveText([`${name}×`]);
  });

  test("a synonym: added on the info page, its address lands on the main tag's, asking with it files under the main tag", async ({
    page,
    qa,
  }) => {
    const admin = await QaApi.admin(qa.site);
    const main = uniqueWord('main-');
    const synonym = uniqueWord('syn-');
    await admin.createTag(main, `Main ${main.slice(-8)}`);
    await loginAsAdmin(page, qa.site);
    const tags = new TagPages(page);
    const name = `Main ${main.slice(-8)}`;

    await page.goto(`/tags/${main}/info`);
    await expect(tags.heading).toHaveText(name);
    await expect(tags.synonyms).toContainText(tagsText('synonyms.empty', { name }));
    await tags.addSynonym(synonym);
    await expect(page.getByText(tagsText('synonyms.saved'))).toBeVisible();
    await expect(tags.synonyms.getByRole('link', { name: synonym, exact: true })).toBeVisible();

    // The synonym's address is replaced by the main tag's.
    await page.goto(`/tags/${synonym}`);
    await expect(page).toHaveURL(new RegExp(`/tags/${main}$`));
    await expect(tags.heading).toHaveText(name);

    // Asking with the synonym (the ask form's ?tags=) stores and shows the main tag.
    const ask = new AskPage(page);
    await page.goto(`/questions/ask?tags=${synonym}`);
    await expect(ask.heading).toBeVisible();
    const title = `Asked with the synonym ${synonym}`;
    await ask.fillTitle(title);
    await ask.writeBody(`This question was asked with the tag ${synonym}.`);
    expect((await ask.post()).status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const question = page.locator('article.qa-question');
    await expect(question.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/tags/${main}`);
    await expect(question.getByRole('link', { name: synonym, exact: true })).toHaveCount(0);
  });

  test('a member with tag.edit but not edit_without_review suggests an edit (shown after review)', async ({
    page,
    qa,
  }) => {
    expect(qa.top.rank, 'tag.edit needs 50').toBeGreaterThanOrEqual(50);
    expect(qa.top.rank, 'tag.edit_without_review needs 10000').toBeLessThan(10_000);
    const admin = await QaApi.admin(qa.site);
    const slug = uniqueWord('edit-');
    const tag = await admin.createTag(slug, slug, `The original wiki of ${slug}.`);
    await loginAs(page, qa.site, qa.top.email, qa.password, 1);
    const tags = new TagPages(page);

    await page.goto(`/tags/${slug}/info`);
    await tags.navLink('edit_link').click();
    await expect(page).toHaveURL(new RegExp(`/tags/${tag.id}/edit$`));
    await expect(tags.heading).toHaveText(tagsText('edit.title'));
    await expect(tags.field('display_name')).toHaveValue(slug);
    // A member cannot change the slug.
    await expect(tags.field('slug')).toHaveAttribute('readonly', '');
    await tags.writeWiki(' A suggested addition.');
    await tags.field('summary').fill('More detail');
    await tags.submit('save').click();

    await expect(page.getByText(tagsText('edit.wait_for_review'))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/tags/${slug}/info$`));
    // Not applied: the wiki is still the original (also as the server has it).
    await page.reload();
    await expect(tags.heading).toHaveText(slug);
    await expect(tags.wiki).toContainText(`The original wiki of ${slug}.`);
    await expect(tags.wiki).not.toContainText('A suggested addition.');
  });

  test('a tag that questions use offers no delete; an unused one is deleted after confirmation', async ({
    page,
    qa,
    guard,
  }) => {
    // Once deleted, the info page's refetch of the tag's synonyms gets a 404 (the browser logs it).
    guard.allow(/\/answer\/api\/v1\/tag\/synonyms\?/);
    const admin = await QaApi.admin(qa.site);
    const used = uniqueWord('used-');
    await admin.createTag(used);
    await admin.ask(`A question that keeps ${used}`, `This question uses ${used}.`, [used]);
    const unused = uniqueWord('unused-');
    await admin.createTag(unused);
    await loginAsAdmin(page, qa.site);
    const tags = new TagPages(page);

    // The actions are there (an administrator may merge) without Delete, which the server would refuse.
    await page.goto(`/tags/${used}/info`);
    await expect(tags.heading).toHaveText(used);
    await expect(page.getByRole('list', { name: tagsText('delete.actions_label'), exact: true })).toBeVisible();
    await expect(tags.actionButton('delete')).toHaveCount(0);

    await page.goto(`/tags/${unused}/info`);
    await tags.actionButton('delete').click();
    const dialog = tags.dialog('delete_title');
    await expect(dialog).toContainText(tagsText('delete.delete_body', { name: unused }));
    await dialog.getByRole('button', { name: tagsText('delete.confirm') }).click();
    await expect(page.getByText(tagsText('delete.deleted'))).toBeVisible();
    await expect(tags.actionButton('undelete')).toBeVisible();
  });
  test('a moderator merges a tag into another: its questions move and its address leads to the target', async ({
    page,
    qa,
  }) => {
    const admin = await QaApi.admin(qa.site);
    const source = uniqueWord('merge-from-');
    const target = uniqueWord('merge-into-');
    await admin.createTag(source);
    await admin.createTag(target);
    const question = await admin.ask(`A question filed under ${source}`, `This question uses ${source}.`, [source]);
    await loginAsAdmin(page, qa.site);
    const tags = new TagPages(page);

    await page.goto(`/tags/${source}/info`);
    await expect(tags.heading).toHaveText(source);
    await tags.mergeButton.click();
    const dialog = tags.mergeDialog(source);
    await dialog.getByLabel(tagsText('merge.target_label')).pressSequentially(target.slice(0, 14));
    await dialog
      .getByRole('list', { name: tagsText('merge.suggestions') })
      .getByRole('button', { name: target, exact: true })
      .click();
    await expect(dialog.getByRole('status')).toHaveText(tagsText('merge.explain', { source, target }));
    await dialog.getByRole('button', { name: tagsText('merge.confirm'), exact: true }).click();
    await expect(page.getByText(tagsText('merge.done', { source, target }))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/tags/${target}/info$`));
    await expect(tags.synonyms.getByRole('link', { name: source, exact: true })).toBeVisible();

    // The old address lands on the target, whose questions now include the merged one.
    await page.goto(`/tags/${source}`);
    await expect(page).toHaveURL(new RegExp(`/tags/${target}$`));
    await expect(page.getByRole('link', { name: question.title, exact: true })).toBeVisible();
  });
});
