import type { Browser, Page } from '@playwright/test';
import { loginAs } from '../../fixtures/login';
import { startServer, type RunningServer } from '../../fixtures/server';
import { test as base, expect } from '../../fixtures/test';
import { ModerationApi } from '../../pages/moderation';
import { seedDemo, type DemoAccount } from '../../pages/users';

export { expect };

/** The moderation tests' demo site and the accounts they act as. */
export interface ModSite {
  site: RunningServer;
  password: string;
  /** A member with question.edit (100) but not question.edit_without_review (1000): their edits wait for review. */
  editor: DemoAccount;
  /** Another member (flags, answers). */
  member: DemoAccount;
  /** The newest member (reputation 1, a handful of posts). */
  newest: DemoAccount;
  moderator: DemoAccount;
  /** The admin account as an API client (seeding, site settings). */
  admin: ModerationApi;
}

interface ModFixtures {
  /**
   * A second browser context logged in as another account (the console guard watches it too), with the
   * site as its base URL; closed after the test.
   */
  pageAs: (email: string, password: string) => Promise<Page>;
}

async function newPage(browser: Browser, site: RunningServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.url });
  return context.newPage();
}

/**
 * One demo site per worker (`agora demo` with 16 questions: its top member has about 180 reputation),
 * with captchas off and rate limits off. Each test makes its own posts with unique words and undoes any
 * setting it changes.
 */
export const test = base.extend<ModFixtures, { mod: ModSite }>({
  mod: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const site = await startServer({
        label: `moderation-${workerInfo.workerIndex}`,
        env: { AGORA_RATE_LIMITS: 'off' },
        captcha: { enabled: false },
      });
      try {
        const demo = await seedDemo(site, 16);
        const find = (label: string) => {
          const account = demo.accounts.find((a) => a.label === label);
          if (!account) throw new Error(`agora demo listed no ${label}`);
          return account;
        };
        const editor = find('member (top reputation)');
        expect(editor.rank, 'question.edit needs 100').toBeGreaterThanOrEqual(100);
        expect(editor.rank, 'question.edit_without_review needs 1000').toBeLessThan(1000);
        await provide({
          site,
          password: demo.password,
          editor,
          member: find('member'),
          newest: find('member (new)'),
          moderator: find('moderator'),
          admin: await ModerationApi.admin(site),
        });
      } finally {
        await site.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],

  baseURL: async ({ mod }, provide) => provide(mod.site.url),

  pageAs: async ({ browser, mod, guard }, provide) => {
    const pages: Page[] = [];
    await provide(async (email, password) => {
      const page = await newPage(browser, mod.site);
      pages.push(page);
      guard.watch(page);
      await loginAs(page, mod.site, email, password);
      return page;
    });
    for (const page of pages) await page.context().close();
  },
});
