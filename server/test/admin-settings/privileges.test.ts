import type { PermissionMap, PrivilegeSettings } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LEVELLED_PRIVILEGES } from '../../src/modules/permission/defaults';
import { testDatabases } from '../db/databases';
import { questionBody, writeSite, type WriteSite } from '../write/helpers';
import { fieldsOf, put } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const KEYS = Object.keys(LEVELLED_PRIVILEGES);
/** A value for every levelled privilege, `overrides` by key. */
const custom = (overrides: Record<string, number> = {}) =>
  KEYS.map((key) => ({ key: `rank.${key}`, value: overrides[key] ?? 1 }));

describe.each(available)('privilege levels on $label', (target) => {
  let s: WriteSite;
  beforeAll(async () => {
    s = await writeSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const may = async (action: string) =>
    (await s.call<PermissionMap>({ method: 'GET', url: `/permission?action=${action}`, as: 'alice' })).body.data[action]
      ?.has_permission;
  const ask = () => s.call({ method: 'POST', url: '/question', as: 'alice', payload: questionBody() });

  it('GET lists levels 1, 2, 3 and 99 with translated labels, level 2 selected after install', async () => {
    const reply = await s.admin<PrivilegeSettings>({
      method: 'GET',
      url: '/setting/privileges',
      as: 'admin',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(reply.status).toBe(200);
    const { options, selected_level } = reply.body.data;
    expect(selected_level).toBe(2);
    expect(options.map((o) => [o.level, o.level_desc])).toEqual([
      [1, '低'],
      [2, '中'],
      [3, '高'],
      [99, '自定义'],
    ]);
    const tagAdd = (level: number) =>
      options.find((o) => o.level === level)!.privileges.find((p) => p.key === 'rank.tag.add');
    expect(tagAdd(1)).toEqual({ key: 'rank.tag.add', label: '创建新标签', value: 1 });
    expect(tagAdd(2)?.value).toBe(750);
    expect(tagAdd(3)?.value).toBe(1500);
    expect(options[0]!.privileges.map((p) => p.key)).toEqual(KEYS.map((k) => `rank.${k}`));
  });

  it('a member gains and loses actions right after the PUT', async () => {
    expect(await may('tag.add')).toBe(false);
    const low = await put<PrivilegeSettings>(s, '/setting/privileges', { level: 1 });
    expect(low.status).toBe(200);
    expect(low.body.data.selected_level).toBe(1);
    expect(await may('tag.add')).toBe(true);

    expect((await ask()).status).toBe(200);
    const strict = await put<PrivilegeSettings>(s, '/setting/privileges', {
      level: 99,
      custom_privileges: custom({ 'question.add': 50 }),
    });
    expect(strict.status).toBe(200);
    expect(strict.body.data.selected_level).toBe(99);
    expect(strict.body.data.options[3]!.privileges.find((p) => p.key === 'rank.question.add')?.value).toBe(50);
    expect(await may('question.add')).toBe(false);
    const refused = await ask();
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toMatch(/50/);

    await put(s, '/setting/privileges', { level: 2 });
    expect(await may('question.add')).toBe(true);
    expect(await may('tag.add')).toBe(false);
  });

  it('99 needs every privilege with a value of at least 1; unknown keys are refused; nothing changes', async () => {
    await put(s, '/setting/privileges', { level: 3 });
    const rows = await s.db
      .selectFrom('config')
      .select(['key', 'value'])
      .where('key', 'like', 'rank.%')
      .orderBy('key')
      .execute();
    const missing = fieldsOf(await put(s, '/setting/privileges', { level: 99, custom_privileges: custom().slice(1) }));
    expect(missing.custom_privileges).toMatch(/question\.add/);
    const unknown = fieldsOf(
      await put(s, '/setting/privileges', {
        level: 99,
        custom_privileges: [...custom(), { key: 'rank.fly', value: 3 }],
      }),
    );
    expect(unknown.custom_privileges).toMatch(/rank\.fly/);
    const zero = await put(s, '/setting/privileges', { level: 99, custom_privileges: custom({ 'tag.add': 0 }) });
    expect(zero.status).toBe(400);
    expect((await put(s, '/setting/privileges', { level: 4 })).status).toBe(400);
    expect(
      await s.db.selectFrom('config').select(['key', 'value']).where('key', 'like', 'rank.%').orderBy('key').execute(),
    ).toEqual(rows);
    const now = await s.admin<PrivilegeSettings>({ method: 'GET', url: '/setting/privileges', as: 'admin' });
    expect(now.body.data.selected_level).toBe(3);
  });
});
