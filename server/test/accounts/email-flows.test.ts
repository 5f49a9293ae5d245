import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { envelope, expectFieldError, flowHarness, newPerson, START, type FlowHarness } from './flow-helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const URL_EXPIRED = {
  code: 403,
  reason: 'error.email.verify_url_expired',
  msg: 'This link has expired or was already used.',
  data: { type: 'url_expired' },
};
const RESET_INVALID = {
  code: 400,
  reason: 'error.password.reset_url_invalid',
  msg: 'Sorry, this password reset link is no longer valid. Perhaps your password is already reset?',
  data: null,
};

describe.each(available)('e-mailed links on $label', (target) => {
  let h: FlowHarness;

  beforeAll(async () => {
    h = await flowHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => {
    h.clock.now = START;
    h.captcha.required.clear();
  });

  /** Signs a new person up; returns their address, password and token. */
  async function signUp(prefix: string) {
    const person = newPerson(prefix);
    const res = await h.post('user/register/email', person);
    expect(res.statusCode, res.body).toBe(200);
    const data = envelope<{ access_token: string; id: string }>(res).data;
    return { ...person, token: data.access_token, id: Number(data.id), body: res.body };
  }

  async function activated(prefix: string) {
    const person = await signUp(prefix);
    const res = await h.post('user/email/verification', { code: h.mailer.code(person.e_mail, 'activation') });
    expect(res.statusCode, res.body).toBe(200);
    return { ...person, token: envelope<{ access_token: string }>(res).data.access_token };
  }

  const live = async (token: string) => (await h.get('user/sessions', token)).statusCode;

  /** Every value of every column of the account_token table, as one string. */
  async function tokenTableDump(): Promise<string> {
    const rows = await h.site.database.db.selectFrom('account_token').selectAll().execute();
    return JSON.stringify(rows);
  }

  describe('activation', () => {
    it('activates once with the mailed code, logs in with a new session and cookie', async () => {
      const person = await signUp('act');
      const code = h.mailer.code(person.e_mail, 'activation');
      // The code is never in an answer, and the database holds only its hash.
      expect(person.body).not.toContain(code);
      expect(await tokenTableDump()).not.toContain(code);
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits

      const res = await h.post('user/email/verification', { code });
      expect(res.statusCode, res.body).toBe(200);
      const data = envelope<Record<string, unknown>>(res).data;
      expect(data).toMatchObject({ e_mail: person.e_mail, mail_status: 1, status: 'normal' });
      expect(data.access_token).not.toBe(person.token);
      expect(String(res.headers['set-cookie'])).toContain(String(data.access_token));
      expect(res.body).not.toContain(code);

      // Used up.
      const again = await h.post('user/email/verification', { code });
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual(URL_EXPIRED);
    });

    it('refuses unknown and malformed codes with 403 url_expired', async () => {
      for (const code of ['x'.repeat(43), 'nope', 'A'.repeat(500)]) {
        const res = await h.post('user/email/verification', { code });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(URL_EXPIRED);
      }
    });

    it('a resent mail supersedes the earlier link; links end after 24 hours', async () => {
      const person = await signUp('resend');
      const first = h.mailer.code(person.e_mail, 'activation');
      const resend = await h.post('user/email/verification/send', {}, person.token);
      expect(resend.statusCode, resend.body).toBe(200);
      expect(resend.json()).toMatchObject({ code: 200, data: null });
      const second = h.mailer.code(person.e_mail, 'activation');
      expect(second).not.toBe(first);
      expect((await h.post('user/email/verification', { code: first })).statusCode).toBe(403);

      h.clock.now += 24 * HOUR + 1;
      expect((await h.post('user/email/verification', { code: second })).statusCode).toBe(403);
    });

    it('resending needs a login, the `email` captcha, and an account still to verify', async () => {
      expect((await h.post('user/email/verification/send', {})).statusCode).toBe(401);
      const person = await activated('resent');
      const res = await h.post('user/email/verification/send', {}, person.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        reason: 'error.email.already_verified',
        msg: 'Your e-mail address is already verified.',
      });

      const pending = await signUp('resentcap');
      // No body at all is an empty one.
      const bare = await h.app.inject({
        method: 'POST',
        url: '/answer/api/v1/user/email/verification/send',
        headers: { authorization: pending.token },
      });
      expect(bare.statusCode, bare.body).toBe(200);
      h.captcha.required.add('email');
      const refused = await h.post('user/email/verification/send', {}, pending.token);
      expectFieldError(refused, 'captcha_code', 'error.object.captcha_verification_failed');
      const okRes = await h.post(
        'user/email/verification/send',
        { captcha_id: 'i', captcha_code: 'right' },
        pending.token,
      );
      expect(okRes.statusCode).toBe(200);
    });
  });

  describe('e-mail change', () => {
    it('a verified account must give its current password', async () => {
      const person = await activated('chg');
      const missing = await h.post('user/email/change/code', { e_mail: 'new.chg@example.com' }, person.token);
      expect(expectFieldError(missing, 'pass', 'error.password.current_required')).toBe('Enter your current password.');
      const wrong = await h.post(
        'user/email/change/code',
        { e_mail: 'new.chg@example.com', pass: 'not my password' },
        person.token,
      );
      expect(expectFieldError(wrong, 'pass', 'error.object.old_password_verification_failed')).toBe(
        'The old password is incorrect.',
      );
      expect(h.mailer.last('new.chg@example.com')).toBeUndefined();
    });

    it('the new address must be free and allowed', async () => {
      const person = await activated('chgdup');
      const other = await activated('chgother');
      const taken = await h.post(
        'user/email/change/code',
        { e_mail: other.e_mail.toUpperCase(), pass: person.pass },
        person.token,
      );
      expectFieldError(taken, 'e_mail', 'error.email.duplicate');
      const login = await h.settings.get('login');
      await h.settings.set('login', { ...login, allow_email_domains: ['example.org'] });
      try {
        const refused = await h.post(
          'user/email/change/code',
          { e_mail: 'someone@example.net', pass: person.pass },
          person.token,
        );
        expectFieldError(refused, 'e_mail', 'error.email.illegal_email_domain_error');
      } finally {
        await h.settings.set('login', login);
      }
    });

    it('confirming applies the address, ends every session and pending link, logs in anew and tells the old address', async () => {
      const person = await activated('move');
      const otherSession = envelope<{ access_token: string }>(
        await h.post('user/login/email', { e_mail: person.e_mail, pass: person.pass }),
      ).data.access_token;
      // A pending reset link, which the change must kill.
      expect((await h.post('user/password/reset', { e_mail: person.e_mail })).statusCode).toBe(200);
      const resetCode = h.mailer.code(person.e_mail, 'password_reset');

      const newEmail = `moved.${person.id}@example.com`;
      const res = await h.post('user/email/change/code', { e_mail: newEmail, pass: person.pass }, person.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ data: null });
      const mail = h.mailer.last(newEmail, 'email_change');
      expect(mail?.params.link).toMatch(/^https:\/\/qa\.example\.com\/users\/confirm-new-email\?code=/);
      expect(mail?.params.new_email).toBe(newEmail);
      const code = h.mailer.code(newEmail, 'email_change');
      expect(await tokenTableDump()).not.toContain(code);
      // Nothing changed yet.
      expect((await h.accounts.findUserById(person.id))?.e_mail).toBe(person.e_mail);

      const confirmed = await h.put('user/email', { code });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const data = envelope<Record<string, unknown>>(confirmed).data;
      expect(data).toMatchObject({ e_mail: newEmail, mail_status: 1, status: 'normal' });
      expect(String(confirmed.headers['set-cookie'])).toContain(String(data.access_token));

      expect(await live(person.token)).toBe(401);
      expect(await live(otherSession)).toBe(401);
      expect(await live(data.access_token as string)).toBe(200);

      const notice = h.mailer.last(person.e_mail, 'email_changed_notice');
      expect(notice?.params).toMatchObject({ new_email: newEmail });
      expect((await h.post('user/password/replacement', { code: resetCode, pass: 'brand new secret' })).json()).toEqual(
        RESET_INVALID,
      );
      // The code works once; the old address no longer logs in, the new one does.
      expect((await h.put('user/email', { code })).json()).toEqual(URL_EXPIRED);
      expect((await h.post('user/login/email', { e_mail: person.e_mail, pass: person.pass })).statusCode).toBe(400);
      expect((await h.post('user/login/email', { e_mail: newEmail, pass: person.pass })).statusCode).toBe(200);
    });

    it('before activation the address can be changed without the password, and confirming activates', async () => {
      const person = await signUp('typo');
      const activation = h.mailer.code(person.e_mail, 'activation');
      const newEmail = `fixed.${person.id}@example.com`;
      const res = await h.post('user/email/change/code', { e_mail: newEmail }, person.token);
      expect(res.statusCode, res.body).toBe(200);
      const confirmed = await h.put('user/email', { code: h.mailer.code(newEmail, 'email_change') });
      expect(envelope(confirmed).data).toMatchObject({ e_mail: newEmail, mail_status: 1, status: 'normal' });
      // The activation link sent to the mistyped address is dead.
      expect((await h.post('user/email/verification', { code: activation })).statusCode).toBe(403);
    });

    it('a newer change request supersedes the earlier link; links end after 24 hours', async () => {
      const person = await activated('twice');
      const ask = (e_mail: string) => h.post('user/email/change/code', { e_mail, pass: person.pass }, person.token);
      await ask(`a.${person.id}@example.com`);
      await ask(`b.${person.id}@example.com`);
      const first = h.mailer.code(`a.${person.id}@example.com`, 'email_change');
      const second = h.mailer.code(`b.${person.id}@example.com`, 'email_change');
      expect((await h.put('user/email', { code: first })).statusCode).toBe(403);
      h.clock.now += 24 * HOUR + 1;
      expect((await h.put('user/email', { code: second })).statusCode).toBe(403);
    });

    it('someone taking the address meanwhile: 400 e_mail duplicate, nothing changes', async () => {
      const person = await activated('race');
      const target = `contested.${person.id}@example.com`;
      await h.post('user/email/change/code', { e_mail: target, pass: person.pass }, person.token);
      const code = h.mailer.code(target, 'email_change');
      expect((await h.post('user/register/email', { ...newPerson('racer'), e_mail: target })).statusCode).toBe(200);
      expectFieldError(await h.put('user/email', { code }), 'e_mail', 'error.email.duplicate');
      expect((await h.accounts.findUserById(person.id))?.e_mail).toBe(person.e_mail);
      expect(await live(person.token)).toBe(200);
    });
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
