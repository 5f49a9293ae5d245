import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_ROUTES, DEFAULT_RATE_LIMITS, RENDER_ROUTES } from '../../src/plugins/rate-limit-rules';
import { makeApp, testConfig } from '../helpers';
import { call, expectTooMany, fakeSessions, limitedApp, repeat, TOKENS } from './helpers';

// An app start and a hundred requests: generous on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

const RENDER = '/answer/api/v1/post/render';
const env = { ...process.env };
afterEach(() => {
  process.env = { ...env };
});

describe('POST post/render (the editor preview)', () => {
  it('has a budget of its own, not the content budget', () => {
    expect(RENDER_ROUTES.has(`POST ${RENDER}`)).toBe(true);
    expect(CONTENT_ROUTES.has(`POST ${RENDER}`)).toBe(false);
    // More previews than posts: one a second while typing is fine for more than a minute of pauses.
    expect(DEFAULT_RATE_LIMITS.renderPerUser.max).toBeGreaterThan(DEFAULT_RATE_LIMITS.contentPerUser.max);
  });

  it('is limited per user, and previews never use up posting or other writes', async () => {
    const app = await limitedApp({
      limits: {
        renderPerUser: { max: 15, windowMs: 60_000 },
        contentPerUser: { max: 2, windowMs: 60_000 },
        writesPerUser: { max: 5, windowMs: 60_000 },
      },
    });
    const render = (token: string) => call(app, 'POST', RENDER, { token, body: { content: '**bold**' } });
    expect(await repeat(15, () => render(TOKENS.alice))).toEqual(Array(15).fill(200));
    expectTooMany(await render(TOKENS.alice), 60);
    // Alice may still post (content budget 2, writes budget 5 untouched by the previews).
    expect(await repeat(2, () => call(app, 'POST', '/answer/api/v1/question', { token: TOKENS.alice }))).toEqual([
      200, 200,
    ]);
    // Bob's previews are his own.
    expect((await render(TOKENS.bob)).statusCode).toBe(200);
    await app.close();
  });

  it('renders on the real route', async () => {
    delete process.env.AGORA_RATE_LIMITS;
    const app = await makeApp(testConfig(), { sessions: fakeSessions });
    const response = await call(app, 'POST', RENDER, { token: TOKENS.alice, body: { content: '**bold**' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toContain('<strong>bold</strong>');
    await app.close();
  });
});
