import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { adminSite, type AdminSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

type FieldErrors = Array<{ error_field: string; error_msg: string }>;

describe.each(available)('POST user on $label', (target) => {
  let s: AdminSite;

  beforeAll(async () => {
    s = await adminSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const countUsers = async () =>
    Number(
      (
        await s.db
          .selectFrom('user')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const byEmail = (email: string) =>
    s.db.selectFrom('user').selectAll().where('e_mail_key', '=', email.toLowerCase()).executeTakeFirst();

  it('makes an activated member who can log in and ask', async () => {
    const res = await s.admin$('POST', '/user', {
      display_name: '  Grace Hopper ',
      email: 'Grace@Example.com',
      password: 'compilers rule 1952',
    });
    expect(res.status).toBe(200);
    const row = (await byEmail('grace@example.com'))!;
    expect(row).toMatchObject({ display_name: 'Grace Hopper', username: 'grace-hopper', mail_status: 1, role_id: 1 });
    expect(row.rank).toBe(1);
    const { token } = await s.login('grace@example.com', 'compilers rule 1952');
    expect(await s.loggedIn(token!)).toBe(true);
    // Same display name again: a username of its own.
    await s.admin$('POST', '/user', {
      display_name: 'Grace Hopper',
      email: 'g2@example.com',
      password: 'compilers rule 1953',
    });
    expect((await byEmail('g2@example.com'))!.username).toBe('grace-hopper-2');
  });

  it('puts each bad field in its own field error and makes nothing', async () => {
    const before = await countUsers();
    const res = await s.admin$<FieldErrors>('POST', '/user', { display_name: 'x', email: 'nope', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.data.map((f) => f.error_field)).toEqual(['display_name', 'email', 'password']);
    const long = await s.admin$<FieldErrors>('POST', '/user', {
      display_name: 'z'.repeat(31),
      email: 'long@example.com',
      password: 'long enough secret',
    });
    expect(long.body.data.map((f) => f.error_field)).toEqual(['display_name']);
    const taken = await s.admin$<FieldErrors>('POST', '/user', {
      display_name: 'Copycat',
      email: 'ADA@example.com',
      password: 'long enough secret',
    });
    expect(taken.status).toBe(400);
    expect(taken.body.reason).toBe('base.request_format_error');
    expect(taken.body.data).toEqual([{ error_field: 'email', error_msg: 'This email address is already in use.' }]);
    const wrongType = await s.admin$('POST', '/user', { display_name: 5, email: [], password: null });
    expect(wrongType.status).toBe(400);
    expect(await countUsers()).toBe(before);
  });
});
