import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadLinks } from '../../src/db/migrations/20261122100000_upload_links';
import { ADMIN } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { useSite } from '../support/site';

/**
 * Who may fetch uploads, through the whole app: GET /uploads/* on a private site needs a live,
 * usable session (cookie or Authorization), and a post image only deleted, unlisted or pending
 * posts use (or none yet: an editor's draft) goes to its uploader, the posts' authors and staff.
 */
const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const V1 = '/answer/api/v1';
const PASSWORD = 'upload-pass-1';
const PRIVATE = 'private, no-store';

function multipart(source: string, data: Buffer) {
  const boundary = `----agora${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\n${source}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let shade = 0;
/** A PNG no earlier upload has (the bytes do not matter; they are re-encoded anyway). */
async function png(): Promise<Buffer> {
  shade = (shade + 37) % 256;
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 90, b: 160 } } })
    .png()
    .toBuffer();
}

let counter = 0;
function unique(): number {
  counter += 1;
  return counter;
}

describe.each(available)('GET /uploads/* access on $label', (target) => {
  // Real logins: the rule under test reads live sessions (cookie or Authorization), not the harness's names.
  const site = useSite(target, { sessions: 'real' });
  /** Login tokens by username: uma and otto are members, pat another one, mo a moderator, ada the admin. */
  const tokens: Record<string, string> = {};
  const db = () => site.db;

  beforeAll(async () => {
    const { accounts } = site.services;
    for (const name of ['uma', 'otto', 'pat', 'mo', 'sam']) {
      await accounts.createUser({
        username: name,
        email: `${name}@example.com`,
        password: PASSWORD,
        mailStatus: 1,
        ...(name === 'mo' ? { roleId: 3 as const } : {}),
      });
    }
    // Asking and answering need 1 reputation (privilege level 2).
    await db().updateTable('user').set({ rank: 1 }).execute();
    const login = async (email: string, password: string) => {
      const outcome = await accounts.loginWithEmail(email, password);
      if (outcome.kind !== 'ok') throw new Error(`login of ${email} failed: ${outcome.kind}`);
      return outcome.token;
    };
    for (const name of ['uma', 'otto', 'pat', 'mo', 'sam']) tokens[name] = await login(`${name}@example.com`, PASSWORD);
    tokens.ada = await login(ADMIN.email, ADMIN.password);
  });

  const api = async <T>(method: 'POST' | 'PUT', url: string, as: string, body: unknown) => {
    const res = await site.app.inject({
      method,
      url: `${V1}${url}`,
      headers: { authorization: tokens[as]! },
      payload: body as object,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: T }).data;
  };
  const upload = async (as: string, source = 'post'): Promise<string> => {
    const body = multipart(source, await png());
    const res = await site.app.inject({
      method: 'POST',
      url: `${V1}/file`,
      headers: { ...body.headers, authorization: tokens[as]! },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return new URL((res.json() as { data: string }).data).pathname;
  };
  /** GET the file as a visitor, or with a member's session cookie (what an <img> sends) or header. */
  const fetchAs = (url: string, as?: string, via: 'cookie' | 'header' = 'cookie') =>
    site.app.inject({
      method: 'GET',
      url,
      // The test site's URL is https://, so its session cookie is the __Host- one.
      headers: !as
        ? {}
        : via === 'cookie'
          ? { cookie: `__Host-agora_session=${tokens[as]}` }
          : { authorization: tokens[as]! },
    });
  const statusFor = async (url: string, as?: string) => (await fetchAs(url, as)).statusCode;
  const ask = async (as: string, content: string) => {
    const n = unique();
    return (
      await api<{ id: string }>('POST', '/question', as, {
        title: `Where do uploaded images of case ${n} go?`,
        content: `Question ${n} with a picture: ${content}`,
        tags: [{ slug_name: 'support' }],
      })
    ).id;
  };
  const answer = async (as: string, questionId: string, content: string) =>
    (await api<{ info: { id: string } }>('POST', '/answer', as, { question_id: questionId, content })).info.id;

  it('serves a draft image (in no post yet) to its uploader and staff only, privately', async () => {
    const url = await upload('uma');
    expect(await statusFor(url)).toBe(404);
    expect(await statusFor(url, 'otto')).toBe(404);
    const own = await fetchAs(url, 'uma');
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe(PRIVATE);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-security-policy']).toContain('sandbox');
    expect((await fetchAs(url, 'uma', 'header')).statusCode).toBe(200);
    expect(await statusFor(url, 'mo')).toBe(200);
    expect(await statusFor(url, 'ada')).toBe(200);
    // Other spellings of the same file are no way around it.
    const name = url.slice('/uploads/post/'.length);
    for (const alias of [
      `/uploads/avatar/../post/${name}`,
      `/uploads/avatar/%2e%2e/post/${name}`,
      `/uploads//post/${name}`,
      `/uploads/./post/${name}`,
      `/uploads/branding/%2E%2E/post/${name}`,
      `/uploads/post%2F${name}`,
    ])
      expect(await statusFor(alias), alias).not.toBe(200);
    // A refusal is not stored by any cache either.
    expect((await fetchAs(url, 'otto')).headers['cache-control']).toMatch(/no-store/);
  });

  it('makes an image public once a live question shows it, and private again when it is deleted or unlisted', async () => {
    // otto uploads, uma's question uses the image: both the uploader and the post's author keep it.
    const url = await upload('otto');
    const id = await ask('uma', `![chart](https://qa.example.com${url})`);
    const open = await fetchAs(url);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('no-cache');
    expect(await statusFor(url, 'pat')).toBe(200);

    await db().updateTable('question').set({ show: 2 }).where('id', '=', id).execute();
    expect(await statusFor(url)).toBe(404);
    expect(await statusFor(url, 'pat')).toBe(404);
    expect(await statusFor(url, 'uma')).toBe(200);
    expect(await statusFor(url, 'otto')).toBe(200);
    expect((await fetchAs(url, 'mo')).headers['cache-control']).toBe(PRIVATE);

    await db().updateTable('question').set({ show: 1, status: 10 }).where('id', '=', id).execute();
    expect(await statusFor(url)).toBe(404);
    expect(await statusFor(url, 'pat')).toBe(404);
    expect(await statusFor(url, 'uma')).toBe(200);
    expect(await statusFor(url, 'ada')).toBe(200);
    expect(await statusFor(url, 'mo')).toBe(200);
  });

  it('keeps an image public while another live post still shows it', async () => {
    const url = await upload('uma');
    const first = await ask('uma', `![one](${url})`);
    const second = await ask('otto', 'no picture here, just words');
    await answer('pat', second, `Same picture again: ![two](${url})`);
    await db().updateTable('question').set({ status: 10 }).where('id', '=', first).execute();
    expect(await statusFor(url)).toBe(200);
    // The answer's question goes away too: now no live post shows it.
    await db().updateTable('question').set({ status: 10 }).where('id', '=', second).execute();
    expect(await statusFor(url)).toBe(404);
    expect(await statusFor(url, 'pat')).toBe(200);
  });

  it("hides a deleted answer's image and follows edits that drop an image", async () => {
    const question = await ask('otto', 'a plain question without images');
    const url = await upload('pat');
    const answerId = await answer('pat', question, `Look: ![fix](${url})`);
    expect(await statusFor(url)).toBe(200);
    await db().updateTable('answer').set({ status: 10 }).where('id', '=', answerId).execute();
    expect(await statusFor(url)).toBe(404);
    expect(await statusFor(url, 'otto')).toBe(404);
    expect(await statusFor(url, 'pat')).toBe(200);

    const edited = await upload('uma');
    const n = unique();
    const id = await ask('uma', `![before](${edited})`);
    expect(await statusFor(edited)).toBe(200);
    await api('PUT', '/question', 'uma', {
      id,
      title: `An edited question without its picture ${n}`,
      content: `The picture is gone from this question ${n} now.`,
      tags: [{ slug_name: 'support' }],
      edit_summary: 'drop the picture',
    });
    expect(await statusFor(edited)).toBe(404);
    expect(await statusFor(edited, 'uma')).toBe(200);
  });

  it('links the images of posts written before the links existed (the migration backfills them)', async () => {
    const url = await upload('otto');
    const question = await ask('otto', `![old](${url})`);
    await answer('uma', question, `Answer with the same ![old](${url}) picture`);
    const links = async () =>
      (await db().selectFrom('upload_link').select(['upload_id', 'object_id']).execute())
        .map((l) => `${l.upload_id}:${l.object_id}`)
        .sort();
    const before = await links();
    expect(before.length).toBeGreaterThanOrEqual(2);
    await db().deleteFrom('upload_link').execute();
    expect(await statusFor(url)).toBe(404);
    await uploadLinks.up(db() as never);
    expect(await links()).toEqual(before);
    expect(await statusFor(url)).toBe(200);
  });

  describe('on a private site', () => {
    let avatar: string;
    let postImage: string;
    let branding: string;
    beforeAll(async () => {
      avatar = await upload('uma', 'avatar');
      postImage = await upload('uma');
      await ask('uma', `![public](${postImage})`);
      const dir = path.join(site.dataDir, 'uploads', 'branding');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'logo.png'), await png());
      branding = '/uploads/branding/logo.png';
      await site.services.settings.set!('login', {
        ...(await site.services.settings.get('login')),
        login_required: true,
      });
    });
    afterAll(async () => {
      await site.services.settings.set!('login', {
        ...(await site.services.settings.get('login')),
        login_required: false,
      });
    });

    it('refuses visitors (401) but serves members privately; branding stays public for the login page', async () => {
      expect(await statusFor(avatar)).toBe(401);
      expect(await statusFor(postImage)).toBe(401);
      expect((await fetchAs(avatar)).headers['cache-control']).toMatch(/no-store/);
      const member = await fetchAs(avatar, 'otto');
      expect(member.statusCode).toBe(200);
      expect(member.headers['cache-control']).toBe(PRIVATE);
      expect((await fetchAs(postImage, 'otto', 'header')).headers['cache-control']).toBe(PRIVATE);
      expect(await statusFor(branding)).toBe(200);
    });

    it("answers 401 to a logged-out member's old cookie and 403 to a suspended member", async () => {
      const token = await site.services.accounts.loginWithEmail('pat@example.com', PASSWORD);
      if (token.kind !== 'ok') throw new Error('login failed');
      tokens.pat2 = token.token;
      expect(await statusFor(avatar, 'pat2')).toBe(200);
      await site.services.accounts.logout(token.token);
      expect(await statusFor(avatar, 'pat2')).toBe(401);

      expect(await statusFor(avatar, 'sam')).toBe(200);
      await db().updateTable('user').set({ status: 9 }).where('username', '=', 'sam').execute();
      const suspended = await fetchAs(avatar, 'sam');
      expect(suspended.statusCode).toBe(403);
      expect(suspended.json()).toMatchObject({ reason: 'error.user.suspended' });
    });
  });
});
