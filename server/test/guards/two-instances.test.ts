import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../src/modules/session/store';
import { testDatabases } from '../db/databases';
import { configSettings, envelope, siteApp, testConfig } from '../helpers';
import { PEOPLE, postsSite, questionBody, type Person, type PostsSite } from '../question/helpers';
import { dropPrefixes, newPrefix, probeRedis, REDIS_URL, RedisRelay } from './redis';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const unreachable = await probeRedis();
if (unreachable)
  console.warn(`SKIPPED: Redis unreachable at ${REDIS_URL} (${unreachable}): guards shared by two instances not run`);
else console.info(`Redis covered: ${REDIS_URL}`);

const SESSIONS: Record<string, Session> = Object.fromEntries(
  Object.entries(PEOPLE).map(([name, p]) => [
    name,
    { token: name, userId: String(p.id), roleId: p.roleId as 1 | 2 | 3, status: 'normal' as const },
  ]),
);

interface Reply<T = unknown> {
  status: number;
  body: { code: number; reason: string; data: T };
}

async function call<T = unknown>(
  app: FastifyInstance,
  { as, ...inject }: InjectOptions & { as?: Person },
): Promise<Reply<T>> {
  const response = await app.inject({
    ...inject,
    url: `/answer/api/v1${inject.url}`,
    headers: { ...(inject.headers ?? {}), ...(as ? { authorization: as } : {}) },
  });
  return { status: response.statusCode, body: envelope<T>(response.body) as never };
}

describe.skipIf(unreachable !== null)('two server processes on one Redis (AGORA_REDIS_URL)', () => {
  let s: PostsSite;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const { available } = await testDatabases();
    s = await postsSite(available.find((d) => d.type === 'sqlite3')!);
  });
  afterEach(async () => {
    while (apps.length) await apps.pop()!.close();
    vi.unstubAllEnvs();
  });
  afterAll(async () => {
    await s?.cleanup();
    await dropPrefixes();
  });

  /** One more server process of the site, with the Redis settings of the environment. */
  async function instance(redisUrl: string, prefix: string): Promise<FastifyInstance> {
    vi.stubEnv('AGORA_REDIS_URL', redisUrl);
    vi.stubEnv('AGORA_REDIS_PREFIX', prefix);
    vi.stubEnv('AGORA_RATE_LIMITS', '');
    const { app } = await siteApp(s.db, testConfig(), {
      sessions: { find: async (token) => SESSIONS[token] ?? null, revoke: async () => undefined },
      settings: configSettings(testConfig()),
      posts: s.posts,
    });
    apps.push(app);
    return app;
  }

  const ask = (app: FastifyInstance, as: Person, body: object) =>
    call<{ id: string }>(app, { method: 'POST', url: '/question', as, payload: body });
  const viewCount = async (app: FastifyInstance, id: string, as?: Person, remoteAddress?: string) => {
    const reply = await call<{ view_count: number }>(app, {
      method: 'GET',
      url: `/question/info?id=${id}`,
      as,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    expect(reply.status).toBe(200);
    return reply.body.data.view_count;
  };
  const expectDuplicate = (reply: Reply) => {
    expect(reply.status).toBe(400);
    expect(reply.body.reason).toBe('base.duplicate_request_error');
  };

  it('refuse on B a question, answer or comment posted on A within 5 minutes', async () => {
    const prefix = newPrefix();
    const [a, b] = [await instance(REDIS_URL, prefix), await instance(REDIS_URL, prefix)];
    const body = questionBody();
    const first = await ask(a, 'alice', body);
    expect(first.status).toBe(200);
    expectDuplicate(await ask(b, 'alice', body));
    expectDuplicate(await ask(a, 'alice', body));
    // Another user may post the same words; the same user another question.
    expect((await ask(b, 'bob', body)).status).toBe(200);
    expect((await ask(b, 'alice', questionBody())).status).toBe(200);

    const questionId = first.body.data.id;
    const answer = { question_id: questionId, content: 'Restart the service after changing the setting.' };
    expect((await call(a, { method: 'POST', url: '/answer', as: 'bob', payload: answer })).status).toBe(200);
    expectDuplicate(await call(b, { method: 'POST', url: '/answer', as: 'bob', payload: answer }));

    const comment = { object_id: questionId, original_text: 'Which version are you running?' };
    expect((await call(b, { method: 'POST', url: '/comment', as: 'rich', payload: comment })).status).toBe(200);
    expectDuplicate(await call(a, { method: 'POST', url: '/comment', as: 'rich', payload: comment }));

    // The keys live in Redis under the site's prefix, as hashes: no text of the posts.
    const admin = new Redis(REDIS_URL);
    const keys = await admin.keys(`${prefix}dup:*`);
    admin.disconnect();
    expect(keys).toHaveLength(5);
    for (const key of keys) expect(key).toMatch(new RegExp(`^${prefix}dup:[0-9a-f]{32}$`));
  });

  it('give the key back when a post fails on A: the same post on B is not refused as a duplicate', async () => {
    const prefix = newPrefix();
    const [a, b] = [await instance(REDIS_URL, prefix), await instance(REDIS_URL, prefix)];
    // A new tag from someone without the right to create tags: refused (403) after the key was taken.
    const body = questionBody({ tags: [{ slug_name: 'brand-new-tag-xyz' }] });
    const failed = await ask(a, 'alice', body);
    expect(failed.status).toBe(403);
    const admin = new Redis(REDIS_URL);
    const keys = await admin.keys(`${prefix}dup:*`);
    admin.disconnect();
    expect(keys).toEqual([]);
    // The same post on B is refused for what it is, not as a duplicate.
    const again = await ask(b, 'alice', body);
    expect(again.status).toBe(403);
    expect(again.body.reason).toBe(failed.body.reason);
  });

  it('count a view on A once, not again on B within the hour', async () => {
    const prefix = newPrefix();
    const [a, b] = [await instance(REDIS_URL, prefix), await instance(REDIS_URL, prefix)];
    const { body } = await ask(a, 'alice', questionBody());
    const id = body.data.id;
    const start = await viewCount(a, id, 'bob');
    expect(await viewCount(b, id, 'bob')).toBe(start);
    expect(await viewCount(a, id, 'bob')).toBe(start);
    // A visitor is another viewer, counted once over both processes too.
    expect(await viewCount(b, id, undefined, '203.0.113.9')).toBe(start + 1);
    expect(await viewCount(a, id, undefined, '203.0.113.9')).toBe(start + 1);

    const admin = new Redis(REDIS_URL);
    const keys = await admin.keys(`${prefix}view:*`);
    admin.disconnect();
    expect(keys).toHaveLength(2);
    expect(keys.join()).not.toContain('203.0.113');
  });

  it('keep guarding each process, with no 5xx, while Redis is away, and share again when it is back', async () => {
    const prefix = newPrefix();
    const relay = new RedisRelay();
    await relay.start();
    try {
      const [a, b] = [await instance(relay.url, prefix), await instance(relay.url, prefix)];
      const { body } = await ask(a, 'alice', questionBody());
      const id = body.data.id;
      const views = await viewCount(a, id, 'bob');

      await relay.stop();
      // Away: each process refuses its own repeats; the other cannot know of them.
      const during = questionBody();
      expect((await ask(a, 'alice', during)).status).toBe(200);
      expectDuplicate(await ask(a, 'alice', during));
      expect((await ask(b, 'alice', during)).status).toBe(200);
      expectDuplicate(await ask(b, 'alice', during));
      // Bob's view (in Redis) is out of reach: each process counts him once more, and only once.
      expect(await viewCount(b, id, 'bob')).toBe(views + 1);
      expect(await viewCount(b, id, 'bob')).toBe(views + 1);
      expect(await viewCount(a, id, 'bob')).toBe(views + 2);
      expect(await viewCount(a, id, 'bob')).toBe(views + 2);

      await relay.start();
      // Back (ioredis reconnects on its own schedule): views by new visitors land in Redis again.
      const admin = new Redis(REDIS_URL);
      try {
        let visitor = 0;
        await vi.waitFor(
          async () => {
            visitor += 1;
            await viewCount(a, id, undefined, `198.51.100.${visitor}`);
            expect((await admin.keys(`${prefix}view:*`)).length).toBeGreaterThan(1);
          },
          { timeout: 15_000, interval: 250 },
        );
      } finally {
        admin.disconnect();
      }
      const after = questionBody();
      expect((await ask(b, 'alice', after)).status).toBe(200);
      expectDuplicate(await ask(a, 'alice', after));
    } finally {
      await relay.stop();
    }
  });
});
