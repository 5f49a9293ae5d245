import type { Page } from '@playwright/test';
import { loginAsAdmin } from '../../fixtures/login';
import { ADMIN } from '../../fixtures/paths';
import { expect, test } from '../../fixtures/test';
import { ApiAs } from '../../pages/question';

// Member text is escaped: one canary written into every member-writable text that is not markdown (title,
// tag name, display name, location, comment, edit summary) shows as text on every page that shows it:
// nothing sets window.__x, no element carries the handler, and the template braces are not evaluated.

/** 35 characters: fits a tag's display name. */
const CANARY = `"'><img src=x onerror=__x=1>{{7*7}}`;
/** 28 characters: fits a display name (at most 30). */
const SHORT_CANARY = `"'><img src=x onerror=__x=1>`;

async function assertInert(page: Page, where: string): Promise<void> {
  const state = await page.evaluate(() => ({
    x: (window as { __x?: unknown }).__x,
    handlers: document.querySelectorAll('img[onerror], [onerror]').length,
  }));
  expect(state, where).toEqual({ x: undefined, handlers: 0 });
}

test.describe('escaped member text', () => {
  test('a canary in titles, tags, names, comments and summaries stays text on every page', async ({
    page,
    startSite,
    guard,
  }) => {
    test.setTimeout(150_000);
    const site = await startSite({ label: 'qa-canary' });
    const admin = await ApiAs.login(site, ADMIN.email, ADMIN.password);
    guard.allow(/Failed to load resource/);

    const me = await admin.call<{ username: string }>('GET', 'user/info');
    await admin.call('PUT', 'user/info', {
      display_name: SHORT_CANARY,
      username: me.username,
      bio: CANARY,
      location: CANARY,
      website: '',
    });
    const question = await admin.call<{ id: string; url_title: string }>('POST', 'question', {
      title: `Canary ${CANARY} title`,
      content: 'A body in markdown, which the server sanitizer tests cover.',
      tags: [{ slug_name: 'canary-x2', display_name: CANARY, original_text: '' }],
    });
    await admin.call('POST', 'comment', {
      object_id: question.id,
      original_text: `Comment ${CANARY}`,
      mention_username_list: [],
    });
    await admin.call('PUT', 'question', {
      id: question.id,
      title: `Canary ${CANARY} title`,
      content: 'A body in markdown, which the server sanitizer tests cover. Edited.',
      tags: [{ slug_name: 'canary-x2' }],
      edit_summary: `Summary ${CANARY}`,
    });

    await loginAsAdmin(page, site);
    const pages: [string, string][] = [
      ['question list', `${site.url}/questions`],
      ['question', `${site.url}/questions/${question.id}`],
      ['profile', `${site.url}/users/${encodeURIComponent(me.username)}`],
      ['profile questions', `${site.url}/users/${encodeURIComponent(me.username)}/questions`],
      ['users list', `${site.url}/users`],
    ];
    for (const [name, url] of pages) {
      await page.goto(url);
      await expect(page.getByText(SHORT_CANARY, { exact: false }).first(), name).toBeVisible();
      await page.waitForTimeout(300);
      await assertInert(page, name);
    }
    // The braces are shown as typed, never evaluated (no template engine touches member text).
    await page.goto(`${site.url}/questions/${question.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Canary ${CANARY} title`);
    await expect(page.getByText(`Comment ${CANARY}`)).toBeVisible();
    await expect(page.getByRole('link', { name: CANARY }).first()).toBeVisible();

    // A website must be http(s): a script URL is refused.
    const refused = await fetch(`${site.url}/answer/api/v1/user/info`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', Authorization: admin.token },
      body: JSON.stringify({ display_name: 'Admin', username: me.username, website: 'javascript:alert(1)' }),
    });
    expect(refused.status).toBe(400);
  });
});
