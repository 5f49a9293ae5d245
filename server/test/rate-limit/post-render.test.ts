import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_ROUTES, DEFAULT_RATE_LIMITS } from '../../src/plugins/rate-limit';
import { makeApp, testConfig } from '../helpers';
import { call, expectTooMany, fakeSessions, repeat, TOKENS } from './helpers';

// Eleven renders and an app start: generous on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

const RENDER = '/answer/api/v1/post/render';
const env = { ...process.env };
afterEach(() => {
  process.env = { ...env };
});

describe('POST post/render', () => {
  it('is a content route', () => {
    expect(CONTENT_ROUTES.has(`POST ${RENDER}`)).toBe(true);
  });

  it('shares the content budget (10 a minute per user) on the real route', async () => {
    delete process.env.AGORA_RATE_LIMITS;
    const app = await makeApp(testConfig(), { sessions: fakeSessions });
    const max = DEFAULT_RATE_LIMITS.contentPerUser.max;
    const render = (token: string) => call(app, 'POST', RENDER, { token, body: { content: '**bold**' } });
    const first = await render(TOKENS.alice);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toContain('<strong>bold</strong>');
    expect(await repeat(max - 1, () => render(TOKENS.alice))).toEqual(Array(max - 1).fill(200));
    expectTooMany(await render(TOKENS.alice), 60);
    // Bob's budget is his own.
    expect((await render(TOKENS.bob)).statusCode).toBe(200);
  });
});
