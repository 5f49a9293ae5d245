import { ADMIN } from '../../fixtures/paths';
import { expect, test } from '../../fixtures/test';
import { ApiAs } from '../../pages/question';

test('the sitemap lists a question once it is asked; the page links the OpenSearch description and the feed', async ({
  page,
  site,
}) => {
  const admin = await ApiAs.login(site, ADMIN.email, ADMIN.password);
  const stamp = Date.now().toString(36);
  const question = await admin.call<{ id: string; title: string }>('POST', 'question', {
    title: `Which crawler finds this question first ${stamp}?`,
    content: 'A question the sitemap and the feed must list as soon as it is asked.',
    tags: [{ slug_name: 'support' }],
  });

  const index = await page.request.get(`${site.url}/sitemap.xml`);
  expect(index.status()).toBe(200);
  const file = /<loc>([^<]*\/sitemap\/questions-1\.xml)<\/loc>/.exec(await index.text())?.[1];
  expect(file).toBeTruthy();
  const listed = await page.request.get(`${site.url}/sitemap/questions-1.xml`);
  expect(await listed.text()).toContain(`/questions/${question.id}</loc>`);

  // What a browser finds in the page's head: the search it may offer, and the feed of new questions.
  await page.goto(`${site.url}/questions`);
  const search = await page.locator('link[rel="search"]').getAttribute('href');
  const description = await page.request.get(new URL(search!, site.url).href);
  expect(description.headers()['content-type']).toContain('opensearchdescription+xml');
  expect(await description.text()).toContain('/search?q={searchTerms}');
  const feedHref = await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href');
  const feed = await page.request.get(new URL(feedHref!, site.url).href);
  expect(await feed.text()).toContain(`<title><![CDATA[${question.title}]]></title>`);
});

test('without JavaScript a question page already has its title, description and canonical link', async ({
  browser,
  site,
}) => {
  const admin = await ApiAs.login(site, ADMIN.email, ADMIN.password);
  const question = await admin.call<{ id: string; title: string }>('POST', 'question', {
    title: `What does a reader without scripts see first ${Date.now().toString(36)}?`,
    content: 'The head of this page describes it before any script has run.',
    tags: [{ slug_name: 'support' }],
  });
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    // A slug that is not the question's: the site's one address for it answers instead.
    const response = await page.goto(`${site.url}/questions/${question.id}/not-its-words`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/questions/${question.id}`);
    await expect(page).toHaveTitle(new RegExp(`^${question.title.replace(/[?]/g, '\\?')} - `));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'The head of this page describes it before any script has run.',
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/questions/${question.id}$`),
    );
  } finally {
    await context.close();
  }
});
