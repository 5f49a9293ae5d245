import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { ADMIN, REPO_ROOT } from '../fixtures/paths';
import { startServer, type RunningServer } from '../fixtures/server';
import { test as base } from '../fixtures/test';
import { ApiAs } from './question';
import { seedDemo, type DemoAccount } from './users';

type Messages = { [key: string]: string | Messages };
/** The tag screens' own English texts (mf-qa/src/tags/i18n). */
const TAGS = JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-qa/src/tags/i18n/en_US.json'), 'utf8')) as Messages;
/** The following-tags side card's English texts (shared-ui/src/i18n, `following_tags`). */
const FOLLOWING = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared-ui/src/i18n/en_US.json'), 'utf8')) as {
    following_tags: Record<string, string>;
  }
).following_tags;

export function tagsText(key: string, vars: Record<string, string | number> = {}): string {
  let node: string | Messages | undefined = TAGS;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`mf-qa tags has no text ${key}`);
  return node.replace(/{{(\w+)}}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** A word no seeded text contains: `prefix` + 8 random letters a-z (one token for every search index). */
export function uniqueWord(prefix: string): string {
  let word = prefix;
  for (let i = 0; i < 8; i++) word += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return word;
}

/** A demo site: the server, the demo accounts' password and the accounts the tests log in as. */
export interface QaSite {
  site: RunningServer;
  password: string;
  /** The member with the highest reputation (`agora demo` with 8 questions: 79, i.e. tag.edit but no more). */
  top: DemoAccount;
  /** The newest member (reputation 1: no tag.add, no tag.edit). */
  newest: DemoAccount;
  /** A moderator (staff: no captcha when posting). */
  moderator: DemoAccount;
}

/**
 * The Q&A e2e test with a dedicated site per worker, seeded once with `agora demo` (8 questions), and
 * `baseURL` pointing at it. Each test makes its own tags and posts (unique names), so a test that fails
 * (and so gets a fresh worker and site) leaves the others unaffected.
 */
export const test = base.extend<object, { qa: QaSite }>({
  qa: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      // Rate limits off: the specs sharing this site (tags, search, login return, server errors) post and log
      // in as the same few accounts faster than a person would; the limits have their own tests.
      const site = await startServer({
        label: `qa-tags-search-${workerInfo.workerIndex}`,
        env: { AGORA_RATE_LIMITS: 'off' },
      });
      try {
        const demo = await seedDemo(site, 8);
        const find = (label: string) => {
          const account = demo.accounts.find((a) => a.label === label);
          if (!account) throw new Error(`agora demo listed no ${label}`);
          return account;
        };
        await provide({
          site,
          password: demo.password,
          top: find('member (top reputation)'),
          newest: find('member (new)'),
          moderator: find('moderator'),
        });
      } finally {
        await site.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ qa }, provide) => provide(qa.site.url),
});

export { expect };

export interface QuestionWire {
  id: string;
  title: string;
  url_title: string;
}

interface TagBody {
  slug_name: string;
  display_name: string;
  original_text: string;
}

/** API calls the tag and search tests seed with. */
export class QaApi {
  private constructor(readonly as: ApiAs) {}

  static async admin(site: RunningServer): Promise<QaApi> {
    return new QaApi(await ApiAs.login(site, ADMIN.email, ADMIN.password));
  }

  static async login(site: RunningServer, email: string, password: string): Promise<QaApi> {
    return new QaApi(await ApiAs.login(site, email, password));
  }

  /** POST tag: a new main tag; its id from GET tag. */
  async createTag(slug: string, displayName = slug, wiki = ''): Promise<{ id: string; slug: string }> {
    await this.as.call('POST', 'tag', { slug_name: slug, display_name: displayName, original_text: wiki });
    return { id: await this.tagId(slug), slug };
  }

  /** GET tag?name=: the id of a tag (of its main tag, for a synonym). */
  async tagId(slug: string): Promise<string> {
    return (await this.as.call<{ tag_id: string }>('GET', `tag?name=${encodeURIComponent(slug)}`)).tag_id;
  }

  /** PUT tag/synonym: the main tag's whole synonym set (new slugs become tags). */
  async setSynonyms(tagId: string, slugs: string[]): Promise<void> {
    await this.as.call('PUT', 'tag/synonym', {
      tag_id: tagId,
      synonym_tag_list: slugs.map((slug): TagBody => ({ slug_name: slug, display_name: slug, original_text: '' })),
    });
  }

  /** POST question with existing (or, for staff, new) tags by slug. */
  async ask(title: string, content: string, tags: string[]): Promise<QuestionWire> {
    return this.as.call<QuestionWire>('POST', 'question', {
      title,
      content,
      tags: tags.map((slug): TagBody => ({ slug_name: slug, display_name: slug, original_text: '' })),
    });
  }

  async answer(questionId: string, content: string): Promise<string> {
    const result = await this.as.call<{ info: { id: string } }>('POST', 'answer', {
      question_id: questionId,
      content,
    });
    return result.info.id;
  }

  async editQuestion(id: string, title: string, content: string, tags: string[]): Promise<void> {
    await this.as.call('PUT', 'question', {
      id,
      title,
      content,
      tags: tags.map((slug): TagBody => ({ slug_name: slug, display_name: slug, original_text: '' })),
      edit_summary: 'e2e edit',
    });
  }

  async deleteQuestion(id: string): Promise<void> {
    await this.as.call('DELETE', 'question', { id });
  }

  /** The account's own username (GET user/info). */
  async username(): Promise<string> {
    return (await this.as.call<{ username: string }>('GET', 'user/info')).username;
  }
}

/** Presses Tab until `target` has the focus (at most `limit` times): the keyboard path to a control. */
export async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached by Tab within ${limit} presses`).toBeFocused();
}

/** The tag screens (mf-qa/src/tags): list, tag page, info, create and edit. */
export class TagPages {
  constructor(readonly page: Page) {}

  text(key: string, vars?: Record<string, string | number>): string {
    return tagsText(key, vars);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  // --- /tags
  get filter(): Locator {
    return this.page.getByRole('searchbox', { name: tagsText('list.filter_label'), exact: true });
  }
  get grid(): Locator {
    return this.page.getByRole('list', { name: tagsText('list.list_label'), exact: true });
  }
  /** The names on the grid's cards, in order. */
  get cardNames(): Locator {
    return this.grid.locator(':scope > li h2');
  }
  card(name: string): Locator {
    return this.grid.locator(':scope > li').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }
  sort(key: 'popular' | 'name' | 'newest'): Locator {
    return this.page
      .getByRole('group', { name: tagsText('list.sort_label') })
      .getByRole('link', { name: tagsText(`list.sort.${key}`), exact: true });
  }

  // --- follow (list cards, tag page)
  follow(name: string, scope: Page | Locator = this.page): Locator {
    return scope.getByRole('button', { name: tagsText('follow.follow_label', { name }), exact: true });
  }
  unfollow(name: string, scope: Page | Locator = this.page): Locator {
    return scope.getByRole('button', { name: tagsText('follow.following_label', { name }), exact: true });
  }
  followers(count: number): Locator {
    return this.page.getByText(
      tagsText(count === 1 ? 'count.followers_one' : 'count.followers_other', { value: count }),
      {
        exact: true,
      },
    );
  }

  /** The following-tags side card (question list, tag list) once loaded (its Edit button shows). */
  async followingCard(): Promise<Locator> {
    const card = this.page.getByRole('region', { name: FOLLOWING.title, exact: true });
    await expect(card.getByRole('button', { name: FOLLOWING.edit_label, exact: true })).toBeVisible();
    return card;
  }

  // --- /tags/{slug}
  questions(name: string): Locator {
    return this.page.getByRole('list', { name: tagsText('page.questions_label', { name }), exact: true });
  }
  get askLink(): Locator {
    return this.page.getByRole('link', { name: tagsText('page.ask'), exact: true });
  }
  /** The links between the tag page, its info page and the edit form. */
  navLink(key: 'info_link' | 'questions_link' | 'edit_link'): Locator {
    return this.page
      .getByRole('navigation', { name: tagsText('page.nav_label'), exact: true })
      .getByRole('link', { name: tagsText(`page.${key}`), exact: true });
  }

  // --- /tags/{slug}/info
  get wiki(): Locator {
    return this.page.getByRole('region', { name: tagsText('info.wiki'), exact: true });
  }
  get synonyms(): Locator {
    return this.page.getByRole('region', { name: tagsText('synonyms.title'), exact: true });
  }
  /** Opens the synonym editor, adds `slug` and saves the set. */
  async addSynonym(slug: string): Promise<void> {
    await this.synonyms.getByRole('button', { name: tagsText('synonyms.edit'), exact: true }).click();
    await this.synonyms.getByLabel(tagsText('synonyms.add_label'), { exact: true }).fill(slug);
    await this.synonyms.getByRole('button', { name: tagsText('synonyms.add'), exact: true }).click();
    await expect(this.synonyms.getByRole('list', { name: tagsText('synonyms.chosen') })).toContainText(slug);
    await this.synonyms.getByRole('button', { name: tagsText('synonyms.save'), exact: true }).click();
  }
  actionButton(key: 'delete' | 'undelete'): Locator {
    return this.page
      .getByRole('list', { name: tagsText('delete.actions_label'), exact: true })
      .getByRole('button', { name: tagsText(`delete.${key}`), exact: true });
  }
  dialog(key: 'delete_title' | 'undelete_title'): Locator {
    return this.page.getByRole('dialog', { name: tagsText(`delete.${key}`) });
  }
  get mergeButton(): Locator {
    return this.page
      .getByRole('list', { name: tagsText('delete.actions_label'), exact: true })
      .getByRole('button', { name: tagsText('merge.action'), exact: true });
  }
  mergeDialog(name: string): Locator {
    return this.page.getByRole('dialog', { name: tagsText('merge.title', { name }) });
  }

  // --- /tags/create, /tags/{id}/edit
  field(key: 'display_name' | 'slug' | 'summary'): Locator {
    return this.page.getByLabel(tagsText(`form.${key}`), { exact: true });
  }
  /** The wiki's markdown editor (its textarea, named by the Description label). */
  get wikiEditor(): Locator {
    return this.page.getByLabel(tagsText('form.wiki'), { exact: true });
  }
  async writeWiki(text: string): Promise<void> {
    await this.wikiEditor.focus();
    await this.page.keyboard.type(text);
  }
  submit(key: 'create' | 'save'): Locator {
    return this.page.getByRole('button', { name: tagsText(`form.${key}`), exact: true });
  }
}
