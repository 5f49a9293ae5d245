import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { REPO_ROOT } from '../../fixtures/paths';
import type { RunningServer } from '../../fixtures/server';
import { AppShell } from '../../pages/app-shell';
import { seedDemo } from '../../pages/users';
import { expect, test } from '../../fixtures/test';

type Messages = { [key: string]: string | Messages };
/** The question screens' own English texts (mf-qa/src/questions/i18n). */
const QUESTIONS = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'mf-qa/src/questions/i18n/en_US.json'), 'utf8'),
) as Messages;

function text(key: string): string {
  let node: string | Messages | undefined = QUESTIONS;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`mf-qa questions has no text ${key}`);
  return node;
}

interface QuestionPageWire {
  count: number;
  list: { id: string; title: string; pin: number; answer_count: number; accepted_answer_id: string }[];
}

/** The server's own answer for a list, to compare the screen with. */
async function questionPage(site: RunningServer, query: Record<string, string | number>): Promise<QuestionPageWire> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await fetch(`${site.url}/answer/api/v1/question/page?${params}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: QuestionPageWire }).data;
}

class QuestionList {
  constructor(readonly page: Page) {}
  get list(): Locator {
    return this.page.getByRole('list', { name: text('list.list_label') });
  }
  get items(): Locator {
    return this.list.locator('> li');
  }
  get sorts(): Locator {
    return this.page.getByRole('group', { name: text('list.sort_label') });
  }
  get pagination(): Locator {
    return this.page.getByRole('navigation', { name: text('list.pagination') });
  }
  get hotCard(): Locator {
    return this.page.getByRole('region', { name: text('hot.title') });
  }
  async titles(): Promise<string[]> {
    return this.items.getByRole('heading', { level: 2 }).getByRole('link').allInnerTexts();
  }
  /** Whether each row carries the pinned badge, in list order. */
  async pinnedFlags(): Promise<boolean[]> {
    const flags: boolean[] = [];
    for (const item of await this.items.all())
      flags.push((await item.getByText(text('list.pinned'), { exact: true }).count()) > 0);
    return flags;
  }
  async votes(): Promise<number[]> {
    const texts = await this.items.getByText(/^-?[\d,.]+k? votes?$/).allInnerTexts();
    return texts.map((t) => Number(t.replace(/[^\d.-]/g, '')));
  }
}

const pinnedFirst = (flags: boolean[]) => flags.every((flag, i) => i === 0 || !flag || flags[i - 1]);

// The home page on a site filled by `agora demo` (24 questions, pinned welcome posts, answers, votes).
test.describe('question list', () => {
  test('pinned first, sorts reorder and drop the page, pagination of 20, hot questions card', async ({
    page,
    startSite,
  }) => {
    test.setTimeout(180_000);
    const site = await startSite({ label: 'qa-list' });
    await seedDemo(site, 40);
    // Active lists recent activity only; score and newest list every question.
    const active = await questionPage(site, { page: 1, page_size: 20, order: 'active' });
    const total = (await questionPage(site, { page: 1, page_size: 1, order: 'score' })).count;
    expect(total, 'the demo fills more than one page').toBeGreaterThan(20);
    expect(active.count).toBeGreaterThan(0);

    const screen = new QuestionList(page);
    await page.goto(`${site.url}/`);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
    await expect(screen.items).toHaveCount(active.list.length);
    await expect(page.getByText(`${active.count} questions`, { exact: true })).toBeVisible();
    // Default order active: the server's order, pinned questions first.
    expect(await screen.titles()).toEqual(active.list.map((q) => q.title));
    expect(await screen.pinnedFlags()).toEqual(active.list.map((q) => q.pin === 2));
    await expect(screen.sorts.getByRole('link', { name: text('list.sort.active') })).toHaveAttribute(
      'aria-current',
      'true',
    );

    // Score: votes never increase down the list (after the pinned rows).
    await screen.sorts.getByRole('link', { name: text('list.sort.score') }).click();
    await expect(page).toHaveURL(`${site.url}/?order=score`);
    await expect(screen.items).toHaveCount(20);
    const byScore = await questionPage(site, { page: 1, page_size: 20, order: 'score' });
    await expect.poll(() => screen.titles()).toEqual(byScore.list.map((q) => q.title));
    const votes = (await screen.votes()).filter((_, i) => byScore.list[i]!.pin !== 2);
    expect([...votes].sort((a, b) => b - a)).toEqual(votes);
    // Pinned questions lead every order, with their badge.
    const flags = await screen.pinnedFlags();
    expect(flags).toEqual(byScore.list.map((q) => q.pin === 2));
    expect(flags.some(Boolean), 'the demo pins its welcome posts').toBe(true);
    expect(pinnedFirst(flags)).toBe(true);

    // Page 2 holds the rest; page 1 is no longer current.
    await expect(screen.pagination).toBeVisible();
    await screen.pagination.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(`${site.url}/?order=score&page=2`);
    await expect(screen.items).toHaveCount(Math.min(20, total - 20));
    await expect(screen.pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const page2 = await questionPage(site, { page: 2, page_size: 20, order: 'score' });
    expect(await screen.titles()).toEqual(page2.list.map((q) => q.title));

    // Another sort starts again at page 1: the page parameter is dropped.
    await screen.sorts.getByRole('link', { name: text('list.sort.newest') }).click();
    await expect(page).toHaveURL(`${site.url}/?order=newest`);
    await expect(screen.items).toHaveCount(20);
    const newest = await questionPage(site, { page: 1, page_size: 20, order: 'newest' });
    await expect.poll(() => screen.titles()).toEqual(newest.list.map((q) => q.title));
    expect(newest.list.map((q) => q.title)).not.toEqual(byScore.list.map((q) => q.title));

    // Unanswered: only questions without answers (pinned ones may lead).
    await screen.sorts.getByRole('link', { name: text('list.sort.unanswered') }).click();
    await expect(page).toHaveURL(`${site.url}/?order=unanswered`);
    const unanswered = await questionPage(site, { page: 1, page_size: 20, order: 'unanswered' });
    if (unanswered.count === 0) await expect(page.getByText(/We couldn't find anything/)).toBeVisible();
    else await expect.poll(() => screen.titles()).toEqual(unanswered.list.map((q) => q.title));

    // Hot questions: the popular-questions query (frequent, 6, last 7 days), as the server ranks it, with answer counts.
    const hot = await questionPage(site, { page: 1, page_size: 6, order: 'frequent', in_days: 7 });
    expect(hot.list.length, 'the demo has questions asked this week').toBeGreaterThan(0);
    const rows = screen.hotCard.getByRole('listitem');
    await expect(rows).toHaveCount(hot.list.length);
    expect(await rows.getByRole('link').allInnerTexts()).toEqual(hot.list.map((q) => q.title));
    for (const [i, q] of hot.list.entries()) {
      await expect(rows.nth(i)).toContainText(new RegExp(`${q.answer_count} answers?`));
      await expect(rows.nth(i).locator('svg')).toHaveCount(q.accepted_answer_id !== '0' ? 1 : 0);
    }
    // A hot question opens its page.
    await rows.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/questions/${hot.list[0]!.id}(/|$)`));
  });

  test('a page past the end is the 404 page; the list holds at 576/768/992/1200 px', async ({
    page,
    startSite,
    guard,
  }) => {
    test.setTimeout(180_000);
    guard.allow(/\/answer\/api\/v1\/question\/page\?.*page=99\b/);
    const site = await startSite({ label: 'qa-list-404' });
    await seedDemo(site, 40);
    const shell = new AppShell(page);
    const screen = new QuestionList(page);

    await page.goto(`${site.url}/questions?page=99`);
    await expect(shell.errorPage(404).heading).toBeVisible();

    for (const width of [576, 768, 992, 1200]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${site.url}/questions?order=newest`);
      await expect(screen.items).toHaveCount(20);
      await expect(screen.pagination).toBeVisible();
      expect(await shell.hasHorizontalScroll(), `/questions at ${width}px`).toBe(false);
      // Below 768 px two sorts show and the rest wait under More.
      await expect(screen.sorts.getByRole('link')).toHaveCount(width < 768 ? 2 : 5);
    }

    // Keyboard: Tab reaches a sort, Enter follows it.
    const frequent = screen.sorts.getByRole('link', { name: text('list.sort.frequent') });
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      if (await frequent.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(frequent).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${site.url}/questions?order=frequent`);
    await expect(frequent).toHaveAttribute('aria-current', 'true');
  });
});
