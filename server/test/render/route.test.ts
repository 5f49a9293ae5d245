import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountsService } from '../../src/modules/accounts/service';
import { testDatabases } from '../db/databases';
import { makeApp, testConfig } from '../helpers';
import { installedSite, type InstalledSite } from '../accounts/helpers';
import { problems } from './forbidden';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const { available } = await testDatabases();
const sqlite = available.find((d) => d.type === 'sqlite3')!;

describe('POST /answer/api/v1/post/render', () => {
  let site: InstalledSite;
  let accounts: AccountsService;
  let member = '';
  let unverified = '';

  beforeAll(async () => {
    site = await installedSite(sqlite);
    accounts = new AccountsService(site.database.db);
    await accounts.createUser({
      username: 'writer',
      email: 'writer@example.com',
      password: 'writer-pass-1',
      mailStatus: 1,
    });
    await accounts.createUser({
      username: 'pending',
      email: 'pending@example.com',
      password: 'pending-pass-1',
      mailStatus: 2,
    });
    const login = async (email: string, password: string) => {
      const outcome = await accounts.loginWithEmail(email, password);
      if (outcome.kind !== 'ok') throw new Error(`login failed for ${email}`);
      return outcome.token;
    };
    member = await login('writer@example.com', 'writer-pass-1');
    unverified = await login('pending@example.com', 'pending-pass-1');
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  // makeApp's apps are closed after each test (test/helpers.ts), so each request gets a fresh one.
  const render = async (payload: unknown, token?: string) =>
    (
      await makeApp(
        testConfig(),
        { sessions: accounts.sessionStore(), users: accounts.userStore() },
        { db: site.database.db },
      )
    ).inject({
      method: 'POST',
      url: '/answer/api/v1/post/render',
      headers: token ? { authorization: token } : {},
      payload: payload as object,
    });

  it('answers a member with the sanitized HTML of the markdown', async () => {
    const response = await render(
      { content: '# Hi\n\n[x](https://a.example) <img src=x onerror=alert(1)> [y](javascript:alert(1))' },
      member,
    );
    expect(response.statusCode).toBe(200);
    const html = response.json().data as string;
    expect(html).toBe(
      '<h1>Hi</h1>\n<p><a href="https://a.example" rel="nofollow ugc noopener">x</a> ' +
        '&lt;img src=x onerror=alert(1)&gt; [y](javascript:alert(1))</p>',
    );
    expect(problems(html)).toEqual([]);
    expect((await render({ content: '' }, member)).json().data).toBe('');
  });

  it('accepts content up to 65535 characters and refuses longer or missing content with 400', async () => {
    const atLimit = await render({ content: 'a'.repeat(65535) }, member);
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().data).toBe(`<p>${'a'.repeat(65535)}</p>`);
    const over = await render({ content: 'a'.repeat(65536) }, member);
    expect(over.statusCode).toBe(400);
    expect(over.json().data).toEqual([expect.objectContaining({ error_field: 'content' })]);
    expect((await render({}, member)).statusCode).toBe(400);
    expect((await render({ content: 5 }, member)).statusCode).toBe(400);
  });

  it('needs a login (401) by an activated account (403)', async () => {
    expect((await render({ content: 'x' })).statusCode).toBe(401);
    expect((await render({ content: 'x' }, unverified)).statusCode).toBe(403);
  });
});
