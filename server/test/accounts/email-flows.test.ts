import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { envelope, expectFieldError, newPerson, type FlowHarness } from './flow-helpers';
import { HOUR, RESET_INVALID, URL_EXPIRED, useEmailFlows } from './email-flow-suite';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

describe.each(available)('e-mailed links on $label', (target) => {
  const flows = useEmailFlows(target);
  const { signUp, activated, live, tokenTableDump } = flows;
  let h: FlowHarness;
  beforeAll(() => {
    h = flows.harness();
  });

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
      // Activation is worth 1 reputation (a new account has 0 and needs 1 to ask or answer).
      expect(JSON.parse(person.body).data.rank).toBe(0);
      expect(data.rank).toBe(1);
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
});
