import type { Browser, Page } from '@playwright/test';
import { loginAs } from '../../fixtures/login';
import { startMailSink, type SmtpSink } from '../../fixtures/mail';
import { startServer, type RunningServer } from '../../fixtures/server';
import { test as base, expect } from '../../fixtures/test';
import { AdminApi } from '../../pages/admin';
import { seedDemo, type DemoSeed } from '../../pages/users';

export { expect };

/** The admin tests' site, its mail sink and the administrator as an API client. */
export interface AdminSite {
  site: RunningServer;
  /** A local SMTP server the site is NOT configured for: the SMTP test points the settings at it. */
  mail: SmtpSink;
  demo: DemoSeed;
  api: AdminApi;
}

/** The number of questions `agora demo` adds to the admin site. */
export const DEMO_QUESTIONS = 6;

interface AdminFixtures {
  /**
   * Remembers a settings group (admin API path, e.g. `siteinfo/login`) before the test changes it, and
   * saves it back after the test, so that tests sharing the worker's site start from the same settings.
   */
  keepSettings: (...paths: string[]) => Promise<void>;
  /** A second browser context logged in as another account (watched by the console guard), closed after the test. */
  pageAs: (email: string, password: string) => Promise<Page>;
  /** A browser context with nobody logged in, closed after the test. */
  visitorPage: () => Promise<Page>;
}

async function newPage(browser: Browser, site: RunningServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.url });
  return context.newPage();
}

/**
 * One site per worker: `agora demo` content (DEMO_QUESTIONS questions and their members), captchas and
 * rate limits off, and a mail sink of its own. Each test undoes the settings it changes (keepSettings).
 */
export const test = base.extend<AdminFixtures, { admin: AdminSite }>({
  admin: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const mail = await startMailSink();
      const site = await startServer({
        label: `admin-${workerInfo.workerIndex}`,
        env: { AGORA_RATE_LIMITS: 'off' },
        captcha: { enabled: false },
      });
      try {
        const demo = await seedDemo(site, DEMO_QUESTIONS);
        await provide({ site, mail, demo, api: await AdminApi.login(site) });
      } finally {
        await site.stop();
        await mail.close();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  baseURL: async ({ admin }, provide) => provide(admin.site.url),

  keepSettings: async ({ admin }, provide) => {
    const kept = new Map<string, unknown>();
    await provide(async (...paths) => {
      for (const apiPath of paths) if (!kept.has(apiPath)) kept.set(apiPath, await admin.api.admin('GET', apiPath));
    });
    for (const [apiPath, value] of [...kept].reverse()) {
      // What a GET adds for the screen (the choices, e.g. theme_options) is no part of a PUT.
      const body = Object.fromEntries(Object.entries(value as object).filter(([key]) => !key.endsWith('_options')));
      await admin.api.admin('PUT', apiPath, body);
    }
  },

  pageAs: async ({ browser, admin, guard }, provide) => {
    const pages: Page[] = [];
    await provide(async (email, password) => {
      const page = await newPage(browser, admin.site);
      pages.push(page);
      guard.watch(page);
      await loginAs(page, admin.site, email, password);
      return page;
    });
    for (const page of pages) await page.context().close();
  },

  visitorPage: async ({ browser, admin, guard }, provide) => {
    const pages: Page[] = [];
    await provide(async () => {
      const page = await newPage(browser, admin.site);
      pages.push(page);
      guard.watch(page);
      return page;
    });
    for (const page of pages) await page.context().close();
  },
});
