import { describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { useSite } from '../support/site';
import { problems } from './forbidden';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const { available } = await testDatabases();
const sqlite = available.find((d) => d.type === 'sqlite3')!;

describe('POST /answer/api/v1/post/render', () => {
  // writer: an activated member; pending: an account whose e-mail is not confirmed yet.
  const site = useSite(sqlite, {
    members: { writer: { id: 2, roleId: 1, rank: 1 }, pending: { id: 3, roleId: 1, rank: 1, inactive: true } },
  });
  const member = 'writer';
  const unverified = 'pending';

  const render = async (payload: unknown, token?: string) =>
    site.app.inject({
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
