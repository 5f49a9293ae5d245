import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { hashPassword } from '../../src/modules/accounts/password';
import { AdminUsersService } from '../../src/modules/admin-users/service';
import { skipAudit } from '../../src/modules/audit/service';
import { addMembers } from '../support/members';
import { adminSite, type AdminSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

type FieldErrors = Array<{ error_field: string; error_msg: string }>;

describe.each(available)('POST user and POST users on $label', (target) => {
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

  it('imports a bulk text: every line, all at once', async () => {
    const text = [
      'Ann One,ann1@example.com,ann secret one',
      '',
      'Ann Two,ann2@example.com,pass,with,commas',
      'Ann One,ann3@example.com,ann secret three\r',
    ].join('\n');
    const res = await s.admin$('POST', '/users', { users: text });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await byEmail('ann1@example.com'))!.username).toBe('ann-one');
    expect((await byEmail('ann3@example.com'))!.username).toBe('ann-one-2');
    expect((await s.login('ann2@example.com', 'pass,with,commas')).token).toBeTruthy();
    expect((await s.login('ann3@example.com', 'ann secret three')).token).toBeTruthy();
  });

  it('names the first bad line and makes no account at all', async () => {
    const before = await countUsers();
    const good = 'Good One,good1@example.com,good secret one';
    const cases: Array<[string, string]> = [
      [`${good}\nBad Line without fields`, 'Line 2: write the display name, e-mail and password separated by commas.'],
      [`${good}\nX,x@example.com,good secret two`, 'Line 2: the display name must be 2 to 30 characters long.'],
      [`${good}\n\nNo Mail,not-mail,good secret two`, 'Line 3: this is not a valid e-mail address.'],
      [`${good}\nTwin,GOOD1@example.com,good secret two`, 'Line 2: this e-mail address is already on line 1.'],
      [`${good}\nTaken,ada@example.com,good secret two`, 'Line 2: this e-mail address is already in use.'],
      [
        `${good}\nShort,short@example.com,abc`,
        'Line 2: the password must be 8 to 32 characters long and not a common one.',
      ],
    ];
    for (const [text, msg] of cases) {
      const res = await s.admin$<FieldErrors>('POST', '/users', { users: text });
      expect(res.status, text).toBe(400);
      expect(res.body.data).toEqual([{ error_field: 'users', error_msg: msg }]);
      expect(res.body.msg).toBe(msg);
    }
    const zh = await s.call<FieldErrors>({
      method: 'POST',
      url: '/answer/admin/api/users',
      payload: { users: `${good}\nX,x@example.com,good secret two` },
      token: s.admin.token,
      lang: 'zh_CN',
    });
    expect(zh.body.data[0]!.error_msg).toBe('第 2 行：显示名称长度须为 2 到 30 个字符。');
    expect(await countUsers()).toBe(before);
  });

  it('takes 1 to 5000 lines', async () => {
    const empty = await s.admin$<FieldErrors>('POST', '/users', { users: '\n  \n' });
    expect(empty.status).toBe(400);
    expect(empty.body.data[0]!.error_field).toBe('users');
    const lines = Array.from({ length: 5001 }, (_, i) => `User ${i},u${i}@example.com,long secret ${i}`);
    const tooMany = await s.admin$<FieldErrors>('POST', '/users', { users: lines.join('\n') });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data[0]!.error_msg).toBe('Enter 1 to 5000 lines, one user per line.');
    expect(await byEmail('u0@example.com')).toBeUndefined();
    // Five thousand long lines are more than the site's usual 1 MiB JSON body: still read, then checked.
    const long = Array.from(
      { length: 5000 },
      (_, i) => `${'N'.repeat(29)}${i % 10},${'m'.repeat(200)}${i}@example.com,x`,
    );
    const big = await s.admin$<FieldErrors>('POST', '/users', { users: long.join('\n') });
    expect(big.status).toBe(400);
    expect(big.body.data[0]!.error_msg).toBe(
      'Line 1: the password must be 8 to 32 characters long and not a common one.',
    );
  });

  it('rolls the whole import back when one account cannot be written', async () => {
    const before = await countUsers();
    // The second address is taken after the check, while the passwords are hashed: the insert fails.
    const service = new AdminUsersService(s.db, s.services.accounts, {
      hash: async (password) => {
        if (password === 'late secret two') await addMembers(s.db, { late2: { id: 900, roleId: 1, rank: 1 } });
        return hashPassword(password);
      },
    });
    const text = 'Late One,late1@example.com,late secret one\nLate Two,late2@example.com,late secret two';
    const failure = await service.addUsers(text, skipAudit).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 400, fields: [{ field: 'users', reason: 'error.email.duplicate' }] });
    expect(await byEmail('late1@example.com')).toBeUndefined();
    expect(await countUsers()).toBe(before + 1);
  });
});
