import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { REPO_ROOT } from '../fixtures/paths';

type Messages = { [key: string]: string | Messages };
/** The review queue's own English texts (mf-review/src/i18n). */
const REVIEW = JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-review/src/i18n/en_US.json'), 'utf8')) as Messages;
/** The shell's side-navigation texts (shell/src/i18n, `nav`). */
const NAV = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'shell/src/i18n/en_US.json'), 'utf8')) as {
    nav: Record<string, string>;
  }
).nav;

export function reviewText(key: string, vars: Record<string, string | number> = {}): string {
  let node: string | Messages | undefined = REVIEW;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`mf-review has no text ${key}`);
  return node.replace(/{{(\w+)}}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** The kinds of review task, as the queue's tabs and `?type=` name them. */
export type ReviewKind = 'suggested_post_edit' | 'flagged_post' | 'queued_post';

/** The review queue at /review (mf-review): a tab per kind, one task at a time. */
export class ReviewPage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: reviewText('queue.title'), exact: true });
  }

  tab(kind: ReviewKind): Locator {
    return this.page.getByRole('tab', { name: new RegExp(`^${reviewText(`queue.kind.${kind}`)}`) });
  }

  /** The task on show: the panel's outer article (the post in context is an article inside it). */
  get task(): Locator {
    return this.page.getByRole('tabpanel').locator('article.review-task');
  }

  get empty(): Locator {
    return this.page.getByText(reviewText('queue.empty'), { exact: true });
  }

  /** A decision on the task on show (Approve, Reject, Delete, Skip...), by its English text key. */
  action(key: string): Locator {
    return this.task
      .getByRole('group', { name: reviewText('queue.actions'), exact: true })
      .getByRole('button', { name: reviewText(key), exact: true });
  }

  /** Opens one kind's queue. */
  async open(kind: ReviewKind): Promise<void> {
    await this.page.goto(`/review?type=${kind}`);
    await expect(this.heading).toBeVisible();
    await expect(this.tab(kind)).toHaveAttribute('aria-selected', 'true');
  }

  /**
   * Skips tasks until the one that mentions `word` is on show (other tests' and the demo's own tasks
   * come first, oldest first). Fails when the queue ends without it, or after `limit` skips.
   */
  async showTask(word: string, limit = 40): Promise<Locator> {
    for (let i = 0; i <= limit; i++) {
      await expect(this.task.or(this.empty).or(this.page.getByText(reviewText('queue.ended')))).toBeVisible();
      if (!(await this.task.isVisible())) break;
      if ((await this.task.innerText()).includes(word)) return this.task;
      const before = await this.task.innerText();
      await this.action('queue.skip').click();
      // The next task (or the end of the queue) replaces this one.
      await expect
        .poll(async () => ((await this.task.isVisible()) ? await this.task.innerText() : ''), { timeout: 10_000 })
        .not.toBe(before);
    }
    throw new Error(`no review task mentioning ${word} within ${limit} skips`);
  }
}

/** The review entry of the side navigation and its badge (the pending count, nothing at 0). */
export class ReviewBadge {
  constructor(readonly page: Page) {}

  get link(): Locator {
    return this.page
      .getByRole('navigation', { name: 'Main', exact: true })
      .getByRole('link', { name: new RegExp(`^${NAV.review}\\b`) });
  }

  /** The badge's own element (absent when nothing is pending); its title is "{{count}} pending". */
  get badge(): Locator {
    return this.link.locator('.agora-count-badge');
  }

  /** The pending count the badge tells (0 when it shows none). */
  async count(): Promise<number> {
    if ((await this.badge.count()) === 0) return 0;
    const pending = new RegExp(`^${NAV.review_pending!.replace('{{count}}', '(\\d+)')}$`);
    const title = (await this.badge.getAttribute('title')) ?? '';
    const match = pending.exec(title);
    if (!match) throw new Error(`the review badge says "${title}"`);
    return Number(match[1]);
  }
}
