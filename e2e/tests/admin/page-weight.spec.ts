import type { Page } from '@playwright/test';
import { loginAsAdmin } from '../../fixtures/login';
import { expectRemoteRendered } from '../../fixtures/navigation';
import { expect, test } from './fixture';

/** What antd's code carries (its package name and configuration defaults), to tell its chunks apart. */
const ANTD = /ant-design|defaultPrefixCls/;

interface Script {
  path: string;
  antd: boolean;
}

/** The scripts a page load fetched (with the cache off), and whether each is antd's code. */
async function scriptsOf(page: Page, url: string, remote: string): Promise<Script[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const pending: Promise<Script | null>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (!path.endsWith('.js') || response.status() !== 200) return;
    pending.push(
      response.text().then(
        (body) => ({ path, antd: ANTD.test(body) }),
        () => null,
      ),
    );
  });
  await page.goto(url);
  await expectRemoteRendered(page, remote);
  await page.waitForLoadState('networkidle');
  return (await Promise.all(pending)).filter((s): s is Script => s !== null);
}

test("the admin screens' antd and code never reach the home page or a question page", async ({
  page,
  admin,
  visitorPage,
}) => {
  test.setTimeout(90_000);
  // The admin area with antd forms: the check below must be able to see antd.
  await loginAsAdmin(page, admin.site);
  const adminScripts = await scriptsOf(page, '/admin/themes', 'mf_admin');
  expect(adminScripts.some((s) => s.path.startsWith('/remotes/mf_admin/'))).toBe(true);
  expect(adminScripts.filter((s) => s.antd).length, 'the admin screens load antd').toBeGreaterThan(0);

  const questions = await admin.api.call<{ list: { id: string }[] }>('GET', 'question/page?page=1&page_size=1');
  const questionPath = `/questions/${questions.list[0]!.id}`;
  for (const url of ['/', questionPath]) {
    const visitor = await visitorPage();
    const scripts = await scriptsOf(visitor, url, 'mf_qa');
    expect(scripts.length, `${url} loaded scripts`).toBeGreaterThan(0);
    expect(
      scripts.filter((s) => s.path.startsWith('/remotes/mf_admin/')).map((s) => s.path),
      `${url} loads nothing of mf-admin`,
    ).toEqual([]);
    expect(
      scripts.filter((s) => s.antd).map((s) => s.path),
      `${url} loads no antd`,
    ).toEqual([]);
  }
});
