import { describe, expect, it, vi } from 'vitest';
import { decide } from '../../src/modules/permission/service';
import { testDatabases } from '../db/databases';
import { useSite } from '../support/site';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const { available } = await testDatabases();
const sqlite = available.find((d) => d.type === 'sqlite3')!;

describe('decide', () => {
  it('grants members by reputation, staff by role, and -1 thresholds only by role', () => {
    expect(decide('tag.add', 1, 749, 750)).toEqual({ allowed: false, reason: 'reputation', required: 750 });
    expect(decide('tag.add', 1, 750, 750)).toEqual({ allowed: true });
    expect(decide('question.close', 1, 1_000_000, -1)).toEqual({ allowed: false, reason: 'role_only' });
    expect(decide('question.close', 3, 1, -1)).toEqual({ allowed: true });
    expect(decide('tag.add', 2, 1, 750)).toEqual({ allowed: true });
    expect(decide('admin.access', 3, 1, undefined)).toEqual({ allowed: false, reason: 'role_only' });
    expect(decide('admin.access', 2, 1, undefined)).toEqual({ allowed: true });
    expect(decide('no.such_power', 2, 1, undefined)).toEqual({ allowed: false, reason: 'unknown' });
  });
});

describe('GET /answer/api/v1/permission on an installed site (SQLite)', () => {
  // The member logs in by name (the harness's sessions); the thresholds are the install's seeded ones.
  const site = useSite(sqlite, { members: { newcomer: { id: 2, roleId: 1, rank: 60 } } });

  const ask = (member: 'newcomer' | 'admin', action: string, language = 'en-US') =>
    site.app.inject({
      method: 'GET',
      url: `/answer/api/v1/permission?action=${action}`,
      headers: { authorization: member, 'accept-language': language },
    });

  it('answers per action from the seeded level-2 thresholds and the member reputation', async () => {
    const response = await ask('newcomer', 'question.add,tag.edit,tag.add,question.close');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      'question.add': { has_permission: true, no_permission_tip: '' },
      'tag.edit': { has_permission: true, no_permission_tip: '' },
      'tag.add': { has_permission: false, no_permission_tip: 'You need at least 750 reputation to do this.' },
      'question.close': { has_permission: false, no_permission_tip: "You don't have enough reputation for this yet." },
    });
  });

  it('translates the tip and grants the admin everything', async () => {
    const zh = await ask('newcomer', 'tag.add', 'zh-CN');
    expect(zh.json().data['tag.add'].no_permission_tip).toBe('你需要至少 750 点声望才能执行此操作。');
    const admin = await ask('admin', 'tag.add,question.close,admin.access');
    expect(Object.values(admin.json().data).every((p) => (p as { has_permission: boolean }).has_permission)).toBe(true);
  });

  it('needs a login and a well-formed action list', async () => {
    expect((await site.app.inject({ method: 'GET', url: '/answer/api/v1/permission?action=tag.add' })).statusCode).toBe(
      401,
    );
    const bad = await ask('newcomer', 'tag.add;drop');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().reason).toBe('base.request_format_error');
  });
});
