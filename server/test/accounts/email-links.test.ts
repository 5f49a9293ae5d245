import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { envelope, expectFieldError, START, type FlowHarness } from './flow-helpers';
import { HOUR, MINUTE, RESET_INVALID, useEmailFlows } from './email-flow-suite';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

describe.each(available)('e-mailed links on $label', (target) => {
  const flows = useEmailFlows(target);
  const { signUp, activated, live, tokenTableDump } = flows;
  let h: FlowHarness;
  beforeAll(() => {
    h = flows.harness();
  });

  describe('password reset', () => {
    it('answers the same for known and unknown addresses, mails only the known one', async () => {
      const person = await activated('reset');
      const before = h.mailer.mails.length;
      const known = await h.post('user/password/reset', { e_mail: person.e_mail });
      const unknown = await h.post('user/password/reset', { e_mail: `nobody.${person.id}@example.com` });
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ code: 200, reason: 'base.success', msg: 'Success.', data: null });
      expect(h.mailer.mails.length).toBe(before + 1);
      const code = h.mailer.code(person.e_mail, 'password_reset');
      expect(known.body).not.toContain(code);
      expect(await tokenTableDump()).not.toContain(code);
      expect(h.mailer.last(person.e_mail, 'password_reset')?.params.link).toMatch(
        /^https:\/\/qa\.example\.com\/users\/password-reset\?code=[A-Za-z0-9_-]{43}$/,
      );
    });

    it('sets the password once, ends every session and other pending link', async () => {
      const person = await activated('once');
      await h.post('user/password/reset', { e_mail: person.e_mail });
      const code = h.mailer.code(person.e_mail, 'password_reset');
      // A policy failure does not use the link up.
      expectFieldError(await h.post('user/password/replacement', { code, pass: 'password1' }), 'pass');
      const res = await h.post('user/password/replacement', { code, pass: 'a fresh passphrase' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ data: null });
      expect(await live(person.token)).toBe(401);
      expect((await h.post('user/password/replacement', { code, pass: 'another passphrase' })).json()).toEqual(
        RESET_INVALID,
      );
      expect((await h.post('user/login/email', { e_mail: person.e_mail, pass: person.pass })).statusCode).toBe(400);
      expect((await h.post('user/login/email', { e_mail: person.e_mail, pass: 'a fresh passphrase' })).statusCode).toBe(
        200,
      );
    });

    it('only the newest link works, and only for 30 minutes', async () => {
      const person = await activated('expire');
      await h.post('user/password/reset', { e_mail: person.e_mail });
      const first = h.mailer.code(person.e_mail, 'password_reset');
      await h.post('user/password/reset', { e_mail: person.e_mail });
      const second = h.mailer.code(person.e_mail, 'password_reset');
      expect((await h.post('user/password/replacement', { code: first, pass: 'first try here' })).json()).toEqual(
        RESET_INVALID,
      );
      h.clock.now += 31 * MINUTE;
      expect((await h.post('user/password/replacement', { code: second, pass: 'second try here' })).json()).toEqual(
        RESET_INVALID,
      );
      // 29 minutes is fine.
      await h.post('user/password/reset', { e_mail: person.e_mail });
      const third = h.mailer.code(person.e_mail, 'password_reset');
      h.clock.now += 29 * MINUTE;
      expect((await h.post('user/password/replacement', { code: third, pass: 'third try here' })).statusCode).toBe(200);
    });

    it('sends no mail for a deleted account, and asks the `email` captcha', async () => {
      const person = await activated('gone');
      await h.accounts.setStatus(person.id, 'deleted');
      const before = h.mailer.mails.length;
      expect((await h.post('user/password/reset', { e_mail: person.e_mail })).statusCode).toBe(200);
      expect(h.mailer.mails.length).toBe(before);

      h.captcha.required.add('email');
      expectFieldError(await h.post('user/password/reset', { e_mail: 'x@example.com' }), 'captcha_code');
    });
  });

  describe('password change', () => {
    it('needs the current password; ends the other sessions and pending reset links, keeps this one', async () => {
      const person = await activated('change');
      const other = envelope<{ access_token: string }>(
        await h.post('user/login/email', { e_mail: person.e_mail, pass: person.pass }),
      ).data.access_token;
      await h.post('user/password/reset', { e_mail: person.e_mail });
      const resetCode = h.mailer.code(person.e_mail, 'password_reset');

      const missing = await h.put('user/password', { pass: 'a new passphrase' }, person.token);
      expect(expectFieldError(missing, 'old_pass', 'error.password.current_required')).toBe(
        'Enter your current password.',
      );
      const wrong = await h.put(
        'user/password',
        { old_pass: 'wrong one here', pass: 'a new passphrase' },
        person.token,
      );
      expectFieldError(wrong, 'old_pass', 'error.object.old_password_verification_failed');
      expectFieldError(await h.put('user/password', { old_pass: person.pass, pass: 'iloveyou' }, person.token), 'pass');
      expect(await live(other)).toBe(200);

      const res = await h.put('user/password', { old_pass: person.pass, pass: 'a new passphrase' }, person.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(await live(person.token)).toBe(200);
      expect(await live(other)).toBe(401);
      expect(
        (await h.post('user/password/replacement', { code: resetCode, pass: 'sneaky passphrase' })).json(),
      ).toEqual(RESET_INVALID);
      expect((await h.post('user/login/email', { e_mail: person.e_mail, pass: 'a new passphrase' })).statusCode).toBe(
        200,
      );
    });

    it('needs an activated account and a login', async () => {
      expect((await h.put('user/password', { old_pass: 'whatever it is', pass: 'a new passphrase' })).statusCode).toBe(
        401,
      );
      const pending = await signUp('inactive');
      const res = await h.put('user/password', { old_pass: pending.pass, pass: 'a new passphrase' }, pending.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ data: { type: 'inactive' } });
    });
  });

  describe('unsubscribe', () => {
    it('turns e-mail off for every notification source of the user; reusable; 90 days', async () => {
      const person = await activated('unsub');
      const db = h.site.database.db;
      const now = START;
      await db
        .insertInto('user_notification_config')
        .values({
          id: 900_000 + person.id,
          user_id: person.id,
          source: 'all_new_question',
          channels: JSON.stringify([{ key: 'email', enable: true }]),
          enabled: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const code = await h.accounts.createUnsubscribeCode(person.id);
      expect(await tokenTableDump()).not.toContain(code);
      const res = await h.put('user/notification/unsubscribe', { code });
      expect(res.statusCode, res.body).toBe(200);
      const rows = await db
        .selectFrom('user_notification_config')
        .select(['source', 'channels', 'enabled'])
        .where('user_id', '=', person.id)
        .orderBy('source')
        .execute();
      expect(rows.map((r) => [r.source, JSON.parse(r.channels), r.enabled])).toEqual([
        ['all_new_question', [{ key: 'email', enable: false }], 0],
        ['inbox', [{ key: 'email', enable: false }], 0],
      ]);
      expect((await h.put('user/notification/unsubscribe', { code })).statusCode).toBe(200);
      h.clock.now += 91 * 24 * HOUR;
      const late = await h.put('user/notification/unsubscribe', { code });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({
        reason: 'error.notification.unsubscribe_code_invalid',
        msg: 'This unsubscribe link is not valid or has expired.',
      });
      // An activation code is not an unsubscribe code.
      const other = await signUp('unsubother');
      const activation = h.mailer.code(other.e_mail, 'activation');
      expect((await h.put('user/notification/unsubscribe', { code: activation })).statusCode).toBe(400);
    });
  });

  it('keeps no raw code anywhere in the database', async () => {
    const person = await signUp('grep');
    const codes = [h.mailer.code(person.e_mail, 'activation')];
    await h.post('user/password/reset', { e_mail: person.e_mail });
    codes.push(h.mailer.code(person.e_mail, 'password_reset'));
    // Every text column of the account, session and token tables.
    const db = h.site.database.db;
    const dump = JSON.stringify([
      await db.selectFrom('account_token').selectAll().execute(),
      await db.selectFrom('session').selectAll().execute(),
      await db.selectFrom('user').selectAll().execute(),
      (await sql`select * from site_info`.execute(db)).rows,
    ]);
    for (const code of codes) expect(dump).not.toContain(code);
  });
});
