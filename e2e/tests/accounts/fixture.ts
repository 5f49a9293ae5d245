import { request as playwrightRequest } from '@playwright/test';
import { test as base, expect, linkIn, type SinkMail, type SmtpSink } from '../../fixtures/mail';
import type { RunningServer, ServerOptions } from '../../fixtures/server';
import { CAPTCHA_TEXT } from '../../pages/accounts';

export { expect, linkIn };
export type { SinkMail };

interface AccountsFixtures {
  /** Starts a site of this test sending its mails to the worker's `mail` sink, captchas answered by CAPTCHA_TEXT. */
  accountsSite: (options?: ServerOptions) => Promise<RunningServer>;
}

/**
 * The account flows' fixtures: each test gets its own site (fresh accounts, captcha counters and links);
 * mails go to the worker's sink (fixtures/mail.ts) and are told apart by their unique recipients.
 */
export const test = base.extend<AccountsFixtures>({
  // Every page here talks to the test's own site (full URLs): the worker's shared site is not needed.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide) => provide(undefined),

  accountsSite: async ({ startSite, mail }, provide) => {
    await provide((options = {}) =>
      startSite({ label: 'accounts', captcha: { fixed_text: CAPTCHA_TEXT }, smtp: mail, ...options }),
    );
  },
});

/** Waits for the next mail to `to` whose subject contains `subject`, other than those in `seen`. */
export function nextMail(
  mail: SmtpSink,
  to: string,
  subject: string,
  seen: readonly SinkMail[] = [],
): Promise<SinkMail> {
  return mail.waitForMail(
    (m) => m.to.includes(to.toLowerCase()) && m.subject.includes(subject) && !seen.includes(m),
    30_000,
  );
}

/** Signs an account up through the API (as a browser would, captcha included), outside the page's session. */
export async function registerViaApi(site: RunningServer, account: { name: string; email: string; password: string }) {
  const api = await playwrightRequest.newContext({ baseURL: site.url });
  try {
    const record = await api.get('/answer/api/v1/user/action/record?action=email');
    expect(record.status()).toBe(200);
    const { data } = (await record.json()) as { data: { captcha_id: string; verify: boolean } };
    const response = await api.post('/answer/api/v1/user/register/email', {
      data: {
        name: account.name,
        e_mail: account.email,
        pass: account.password,
        ...(data.verify ? { captcha_id: data.captcha_id, captcha_code: CAPTCHA_TEXT } : {}),
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}
