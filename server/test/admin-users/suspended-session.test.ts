import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { API, adminSite, userRow, type AdminSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/**
 * A member using the site when an administrator suspends them: the session ends, and the requests it
 * still sends are told of the suspension and its end (403 `suspended`), not answered as a visitor's.
 */
describe.each(available)('the session a suspension ended on $label', (target) => {
  let s: AdminSite;

  beforeAll(async () => {
    s = await adminSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const suspend = (userId: number, extra: Record<string, unknown> = { suspend_duration: '7d' }) =>
    s.admin$('PUT', '/user/status', { user_id: String(userId), status: 'suspended', ...extra });
  const info = (token: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url: `${API}/user/info`, headers: { authorization: token, ...headers } });

  it('user/info and member routes answer 403 suspended with the end of the suspension', async () => {
    const m = await s.member('caught-in-the-act');
    expect((await suspend(m.id)).status).toBe(200);
    const until = Math.floor(Number((await userRow(s.db, m.id)).suspended_until) / 1000);

    const me = await s.call({ method: 'GET', url: `${API}/user/info`, token: m.token });
    expect(me.status).toBe(403);
    expect(me.body).toMatchObject({
      reason: 'error.user.suspended',
      data: { type: 'suspended', suspended_until: until },
    });
    const poll = await s.call({ method: 'GET', url: `${API}/notification/status`, token: m.token });
    expect(poll.status).toBe(403);
    expect(poll.body.data).toEqual({ type: 'suspended', suspended_until: until });
    // What a visitor may read stays readable.
    expect((await s.call({ method: 'GET', url: `${API}/question/page?page=1`, token: m.token })).status).toBe(200);
  });

  it('ends the session for good: the cookie is cleared, and lifting the suspension does not revive it', async () => {
    const m = await s.member('cookie-holder');
    expect((await suspend(m.id)).status).toBe(200);
    const byCookie = await s.app.inject({
      method: 'GET',
      url: `${API}/user/info`,
      headers: { cookie: `agora_session=${m.token}` },
    });
    expect(byCookie.statusCode).toBe(403);
    expect(String(byCookie.headers['set-cookie'])).toMatch(/agora_session=;.*Max-Age=0/i);

    expect((await s.admin$('PUT', '/user/status', { user_id: String(m.id), status: 'normal' })).status).toBe(200);
    const after = await info(m.token);
    expect(after.statusCode).toBe(200);
    expect(JSON.parse(after.body).data).toBeNull();
  });

  it('says nothing of a suspension to a token that had ended before it, nor once the suspension is over', async () => {
    const early = await s.member('logged-out-first');
    expect((await s.call({ method: 'GET', url: `${API}/user/logout`, token: early.token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await suspend(early.id)).status).toBe(200);
    const quiet = await info(early.token);
    expect(quiet.statusCode).toBe(200);
    expect(JSON.parse(quiet.body).data).toBeNull();

    const over = await s.member('served-their-time');
    expect((await suspend(over.id, { suspend_duration: '24h' })).status).toBe(200);
    await s.db
      .updateTable('user')
      .set({ suspended_until: Date.now() - 1000 })
      .where('id', '=', over.id)
      .execute();
    const done = await info(over.token);
    expect(done.statusCode).toBe(200);
    expect(JSON.parse(done.body).data).toBeNull();
  });
});
