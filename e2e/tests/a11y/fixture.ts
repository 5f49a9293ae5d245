import type { Browser, Page } from '@playwright/test';
import { loginAs } from '../../fixtures/login';
import { ADMIN } from '../../fixtures/paths';
import { coreRemotes, helloPlugin, startServer, type RunningServer } from '../../fixtures/server';
import { test as base, expect } from '../../fixtures/test';
import { AdminApi } from '../../pages/admin';
import { ModerationApi } from '../../pages/moderation';
import { seedDemo, type DemoAccount } from '../../pages/users';

export { expect };

/** The objects the screens are opened on: one of each kind, read from the seeded site. */
export interface SiteObjects {
  questionId: string;
  questionSlug: string;
  answerId: string;
  tagSlug: string;
  tagId: string;
  badgeId: string;
  /** A member's id in the admin area (/admin/users/:id). */
  memberId: string;
  memberName: string;
}

export interface A11ySite {
  site: RunningServer;
  password: string;
  member: DemoAccount;
  moderator: DemoAccount;
  objects: SiteObjects;
}

/** The four roles the screens are checked in. */
export type Role = 'visitor' | 'member' | 'moderator' | 'administrator';

interface A11yFixtures {
  /** A page of its own in `role`'s browser context (logged in unless a visitor), closed after the test. */
  pageIn: (role: Role) => Promise<Page>;
}

async function readObjects(site: RunningServer, member: DemoAccount, password: string): Promise<SiteObjects> {
  const admin = await AdminApi.login(site);
  type Page<T> = { list: T[] };
  const questions = await admin.call<Page<{ id: string; url_title: string; answer_count: number }>>(
    'GET',
    'question/page?page=1&page_size=20&order=newest',
  );
  const question = questions.list.find((q) => q.answer_count > 0) ?? questions.list[0]!;
  const answers = await admin.call<Page<{ id: string }>>(
    'GET',
    `answer/page?question_id=${question.id}&page=1&page_size=5`,
  );
  const tags = await admin.call<Page<{ tag_id: string; slug_name: string }>>(
    'GET',
    'tags/page?page=1&page_size=1&query_cond=popular',
  );
  const groups = await admin.call<{ badges: { id: string }[] }[]>('GET', 'badges');
  const users = await admin.admin<Page<{ user_id: string; e_mail: string; username: string }>>(
    'GET',
    `users/page?page=1&page_size=5&query=${encodeURIComponent(member.email)}`,
  );
  const row = users.list.find((u) => u.e_mail === member.email)!;
  // A flag, so that the review queue has a task to show.
  const flagger = await ModerationApi.login(site, member.email, password);
  await flagger.flag(question.id, 'question');
  return {
    questionId: question.id,
    questionSlug: question.url_title,
    answerId: answers.list[0]?.id ?? '',
    tagSlug: tags.list[0]!.slug_name,
    tagId: tags.list[0]!.tag_id,
    badgeId: groups[0]!.badges[0]!.id,
    memberId: row.user_id,
    memberName: row.username,
  };
}

async function newPage(browser: Browser, site: RunningServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.url });
  return context.newPage();
}

/**
 * One demo site per worker (`agora demo` with 4 questions, the sample plugin under 'hello', captchas and rate
 * limits off) with a flag in the review queue; every screen is checked on it in each role.
 */
export const test = base.extend<A11yFixtures, { a11y: A11ySite }>({
  a11y: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const site = await startServer({
        label: `a11y-${workerInfo.workerIndex}`,
        remotes: coreRemotes(),
        plugins: [helloPlugin()],
        env: { AGORA_RATE_LIMITS: 'off' },
        captcha: { enabled: false },
      });
      try {
        const demo = await seedDemo(site, 4);
        const find = (label: string) => {
          const account = demo.accounts.find((a) => a.label === label);
          if (!account) throw new Error(`agora demo listed no ${label}`);
          return account;
        };
        const member = find('member');
        const objects = await readObjects(site, member, demo.password);
        await provide({ site, password: demo.password, member, moderator: find('moderator'), objects });
      } finally {
        await site.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  baseURL: async ({ a11y }, provide) => provide(a11y.site.url),

  pageIn: async ({ browser, a11y, guard }, provide) => {
    const pages: Page[] = [];
    await provide(async (role) => {
      const page = await newPage(browser, a11y.site);
      pages.push(page);
      guard.watch(page);
      if (role === 'member') await loginAs(page, a11y.site, a11y.member.email, a11y.password);
      if (role === 'moderator') await loginAs(page, a11y.site, a11y.moderator.email, a11y.password);
      if (role === 'administrator') await loginAs(page, a11y.site, ADMIN.email, ADMIN.password, 2);
      return page;
    });
    for (const page of pages) await page.context().close();
  },
});
