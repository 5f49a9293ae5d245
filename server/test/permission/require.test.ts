import { describe, expect, it } from 'vitest';
import { requirePermission } from '../../src/modules/permission/require';
import type { Session } from '../../src/modules/session/store';
import { makeApp, testConfig } from '../helpers';

const SESSIONS: Record<string, Session> = {
  member: { token: 'member', userId: '7', roleId: 1, status: 'normal' },
  moderator: { token: 'moderator', userId: '8', roleId: 3, status: 'normal' },
};
const RANK: Record<string, number> = { '7': 20, '8': 1 };

async function app() {
  const instance = await makeApp(testConfig(), {
    sessions: { find: async (token) => SESSIONS[token] ?? null, revoke: async () => undefined },
    users: {
      currentUser: async (session) => ({ id: session.userId, rank: RANK[session.userId] ?? 0 }) as never,
    },
  });
  instance.get('/answer/api/v1/test/edit', { config: { auth: 'active' } }, async (request) => {
    const query = request.query as { owner?: string; action?: string };
    await requirePermission(request, query.action ?? 'question.edit', { ownerId: query.owner });
    return { ok: true };
  });
  return instance;
}

describe('requirePermission (docs/product-rules.md, level 2 thresholds)', () => {
  it('members need the reputation; the message names it', async () => {
    const a = await app();
    const res = await a.inject({
      method: 'GET',
      url: '/answer/api/v1/test/edit',
      headers: { authorization: 'member' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ reason: 'error.rank.no_enough_rank_to_operate' });
    expect(res.json().msg).toContain('100');
    // question.vote_up needs 8 at level 2: 20 is enough.
    const vote = await a.inject({
      method: 'GET',
      url: '/answer/api/v1/test/edit?action=question.vote_up',
      headers: { authorization: 'member' },
    });
    expect(vote.statusCode).toBe(200);
    await a.close();
  });

  it('owners pass; moderators hold every permission; role-only permissions refuse members', async () => {
    const a = await app();
    const own = await a.inject({
      method: 'GET',
      url: '/answer/api/v1/test/edit?owner=7',
      headers: { authorization: 'member' },
    });
    expect(own.statusCode).toBe(200);
    const mod = await a.inject({
      method: 'GET',
      url: '/answer/api/v1/test/edit',
      headers: { authorization: 'moderator' },
    });
    expect(mod.statusCode).toBe(200);
    const close = await a.inject({
      method: 'GET',
      url: '/answer/api/v1/test/edit?action=question.close',
      headers: { authorization: 'member' },
    });
    expect(close.statusCode).toBe(403);
    expect(close.json()).toMatchObject({ reason: 'error.rank.fail_to_meet_the_condition' });
    await a.close();
  });
});
