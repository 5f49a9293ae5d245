import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { newToken } from '../../src/modules/accounts/tokens';
import { testDatabases } from '../db/databases';
import { envelope, expectFieldError, newPerson, START, useFlowHarness, type FlowHarness } from './flow-helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

interface SessionItem {
  id: string;
  created_at: number;
  last_seen_at: number;
  ip: string;
  user_agent: string;
  current: boolean;
}

describe.each(available)('own sessions and revocation on $label', (target) => {
  const harness = useFlowHarness(target);
  let h: FlowHarness;
  beforeAll(() => {
    h = harness();
  });

  async function person(prefix: string) {
    const p = newPerson(prefix);
    const res = await h.post('user/register/email', p);
    expect(res.statusCode, res.body).toBe(200);
    const id = Number(envelope<{ id: string }>(res).data.id);
    await h.accounts.setStatus(id, 'normal');
    const login = async (userAgent = 'test-agent') =>
      envelope<{ access_token: string }>(
        await h.post('user/login/email', { e_mail: p.e_mail, pass: p.pass }, undefined, { 'user-agent': userAgent }),
      ).data.access_token;
    return { ...p, id, login };
  }

  const status = async (token: string) => (await h.get('user/sessions', token)).statusCode;

  it('lists the live sessions with the current one marked; ids are the hash prefix, never the token', async () => {
    const p = await person('list');
    const a = await p.login('Firefox on Linux');
    h.clock.now += 60_000;
    const b = await p.login('Safari on iPhone');
    const res = await h.get('user/sessions', b);
    expect(res.statusCode).toBe(200);
    const list = envelope<SessionItem[]>(res).data;
    // Two logins, plus the session the sign-up opened.
    expect(list.length).toBeGreaterThanOrEqual(2);
    const current = list.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      id: createHash('sha256').update(b).digest('hex').slice(0, 16),
      user_agent: 'Safari on iPhone',
      ip: '127.0.0.1',
      created_at: Math.floor(h.clock.now / 1000),
    });
    expect(list[0]!.current).toBe(true); // newest first
    expect(list.some((s) => s.user_agent === 'Firefox on Linux')).toBe(true);
    expect(res.body).not.toContain(a);
    expect(res.body).not.toContain(b);
    expect(res.body).not.toContain(createHash('sha256').update(b).digest('hex'));
  });

  it('revokes one session by id, or all others; never another user’s', async () => {
    const p = await person('revoke');
    const a = await p.login();
    const b = await p.login();
    const c = await p.login();
    const idOf = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 16);

    const stranger = await person('stranger');
    const s = await stranger.login();
    const foreign = await h.del('user/sessions', { id: idOf(a) }, s);
    expect(foreign.statusCode).toBe(404);
    expect(await status(a)).toBe(200);

    const one = await h.del('user/sessions', { id: idOf(a) }, c);
    expect(one.statusCode, one.body).toBe(200);
    expect(await status(a)).toBe(401);
    expect(await status(b)).toBe(200);

    const others = await h.del('user/sessions', { all_others: true }, c);
    expect(others.statusCode).toBe(200);
    expect(await status(b)).toBe(401);
    expect(await status(c)).toBe(200);
    expect(envelope<SessionItem[]>(await h.get('user/sessions', c)).data).toHaveLength(1);

    expectFieldError(await h.del('user/sessions', {}, c), 'id');
    expectFieldError(await h.del('user/sessions', { id: 'not-an-id' }, c), 'id');
    expect((await h.del('user/sessions', { all_others: true })).statusCode).toBe(401);
  });

  it('logout ends the session server-side', async () => {
    const p = await person('logout');
    const token = await p.login();
    expect((await h.get('user/logout', token)).statusCode).toBe(200);
    expect(await status(token)).toBe(401);
    expect(envelope(await h.get('user/info', token)).data).toBeNull();
  });

  it('suspending, deleting, deactivating and demoting end every session at once', async () => {
    for (const change of ['suspended', 'deleted', 'inactive'] as const) {
      const p = await person(change);
      const tokens = [await p.login(), await p.login()];
      await h.accounts.setStatus(p.id, change, change === 'suspended' ? { until: START + 86_400_000 } : {});
      for (const token of tokens) {
        // A suspension that still holds is told (403 with its end, so the browser shows the suspended page).
        expect(await status(token), change).toBe(change === 'suspended' ? 403 : 401);
        expect(await h.accounts.resolve(token)).toBeNull();
      }
      const row = await h.accounts.findUserById(p.id);
      if (change === 'suspended') expect(row).toMatchObject({ status: 9, suspended_until: START + 86_400_000 });
      if (change === 'deleted') expect(row).toMatchObject({ status: 10 });
      if (change === 'inactive') expect(row).toMatchObject({ status: 1, mail_status: 2 });
    }
    // A suspended account cannot log in again; lifting the suspension lets it.
    const back = await person('back');
    await h.accounts.setStatus(back.id, 'suspended');
    expect((await h.post('user/login/email', { e_mail: back.e_mail, pass: back.pass })).statusCode).toBe(403);
    await h.accounts.setStatus(back.id, 'normal');
    expect((await h.post('user/login/email', { e_mail: back.e_mail, pass: back.pass })).statusCode).toBe(200);

    const mod = await person('mod');
    await h.accounts.setRole(mod.id, 3);
    const kept = await mod.login();
    await h.accounts.setRole(mod.id, 2); // promotion: the session stays
    expect(await status(kept)).toBe(200);
    await h.accounts.setRole(mod.id, 3); // demotion: it ends
    expect(await status(kept)).toBe(401);
    const again = await mod.login();
    await h.accounts.setRole(mod.id, 1);
    expect(await status(again)).toBe(401);
    expect((await h.accounts.findUserById(mod.id))?.role_id).toBe(1);
  });

  it('setStatus and setRole refuse unknown users', async () => {
    await expect(h.accounts.setStatus(987_654, 'suspended')).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.accounts.setRole(987_654, 1)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('token randomness', () => {
  it('2 000 tokens: 43 base64url characters, no shared prefix beyond chance, bytes uniform', () => {
    const tokens = Array.from({ length: 2000 }, () => newToken());
    expect(new Set(tokens).size).toBe(2000);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Longest common prefix between neighbours in sorted order = the longest shared by any pair.
    const sorted = [...tokens].sort();
    let longest = 0;
    for (let i = 1; i < sorted.length; i++) {
      let n = 0;
      while (sorted[i]![n] === sorted[i - 1]![n]) n++;
      longest = Math.max(longest, n);
    }
    expect(longest).toBeLessThanOrEqual(4);

    // Not a UUID v1 (no timestamp inside): decoded they are 32 raw bytes, not a formatted id.
    const bytes = Buffer.concat(tokens.map((t) => Buffer.from(t, 'base64url')));
    expect(bytes.length).toBe(2000 * 32);
    // Chi-square over the 256 byte values: 255 degrees of freedom, mean 255, sd ~22.6.
    const counts = new Array<number>(256).fill(0);
    for (const b of bytes) counts[b]! += 1;
    const expected = bytes.length / 256;
    const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeGreaterThan(170);
    expect(chi).toBeLessThan(350);
  });
});
