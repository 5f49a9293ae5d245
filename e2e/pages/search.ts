import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { REPO_ROOT } from '../fixtures/paths';

type Messages = { [key: string]: string | Messages };
/** The search screen's own English texts (mf-qa/src/search/i18n). */
const SEARCH = JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-qa/src/search/i18n/en_US.json'), 'utf8')) as Messages;

export function searchText(key: string, vars: Record<string, string | number> = {}): string {
  let node: string | Messages | undefined = SEARCH;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`mf-qa search has no text ${key}`);
  return node.replace(/{{(\w+)}}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** The empty list's message (shared-ui's EmptyList). */
export const EMPTY_LIST = "We couldn't find anything. Try different or less specific keywords.";

/** The search screen (/search?q=, mf-qa/src/search). */
export class SearchPage {
  constructor(readonly page: Page) {}

  /** Opens /search?q=… and waits for the results or the empty message. */
  async open(q: string, order?: 'relevance' | 'newest' | 'active' | 'score'): Promise<void> {
    const params = new URLSearchParams({ q });
    if (order) params.set('order', order);
    await this.page.goto(`/search?${params.toString()}`);
    await this.settled();
  }

  /** The results list, or the empty message, is showing. */
  async settled(): Promise<void> {
    await expect(this.results.or(this.empty)).toBeVisible();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: searchText('title'), exact: true });
  }
  get results(): Locator {
    return this.page.getByRole('list', { name: searchText('list_label'), exact: true });
  }
  /** The hits, in page order. */
  get hits(): Locator {
    return this.results.locator(':scope > li');
  }
  /** The hits' title links, in page order. */
  get titles(): Locator {
    return this.hits.locator('h2 a');
  }
  /** The hit whose title is `title` (an answer hit carries its question's title). */
  hit(title: string, kind?: 'question' | 'answer'): Locator {
    const hits = kind ? this.results.locator(`:scope > li.qa-search-hit--${kind}`) : this.hits;
    return hits.filter({ has: this.page.getByRole('link', { name: title, exact: true }) });
  }
  get empty(): Locator {
    return this.page.getByText(EMPTY_LIST, { exact: true });
  }
  /** The "Searching by:" line (what the query was understood as). */
  get filters(): Locator {
    return this.page.getByRole('list', { name: searchText('filters.label'), exact: true });
  }
  sort(key: 'relevance' | 'newest' | 'active' | 'score'): Locator {
    return this.page
      .getByRole('group', { name: searchText('sort_label') })
      .getByRole('link', { name: searchText(`sort.${key}`), exact: true });
  }
}
