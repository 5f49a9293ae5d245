import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSiteSettings } from '../../src/modules/settings/defaults';
import { testDatabases } from '../db/databases';
import { envelope, expectFieldError, flowHarness, newPerson, START, type FlowHarness } from './flow-helpers';

const { available } = await testDatabases();
// Database servers and argon2 on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

const LOGIN_DEFAULTS = defaultSiteSettings('https://qa.example.com').login;

describe.each(available)('sign-up by e-mail on $label', (target) => {
  let h: FlowHarness;

  beforeAll(async () => {
    h = await flowHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    h.clock.now = START;
    h.captcha.required.clear();
    await h.settings.set('login', { ...LOGIN_DEFAULTS });
  });

  const register = (body: Record<string, unknown>) => h.post('user/register/email', body);

  it('creates an inactive account, logs it in at once (token and cookie) and queues the activation mail', async () => {
    const person = { name: 'Grace Hopper', e_mail: 'Grace@Example.com', pass: 'cobol rules 1959' };
    const res = await register(person);
    expect(res.statusCode, res.body).toBe(200);
    const data = envelope<Record<string, unknown>>(res).data;
    expect(data).toMatchObject({
      username: 'grace-hopper',
      display_name: 'Grace Hopper',
      e_mail: 'Grace@Example.com',
      mail_status: 2,
      status: 'inactive',
      role_id: 1,
      have_password: true,
      last_login_date: Math.floor(START / 1000),
    });
    const token = data.access_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`=${token}`);
    expect(cookie).toMatch(/HttpOnly/);

    // The token is a session: user/info knows the new account.
    const info = envelope<Record<string, unknown>>(await h.get('user/info', token)).data;
    expect(info).toMatchObject({ username: 'grace-hopper', status: 'inactive', mail_status: 2 });

    const mail = h.mailer.last('Grace@Example.com', 'activation');
    expect(mail?.params.link).toMatch(
      /^https:\/\/qa\.example\.com\/users\/account-activation\?code=[A-Za-z0-9_-]{43}$/,
    );
    expect(mail?.params.username).toBe('grace-hopper');

    // The default notification settings: inbox by e-mail.
    const configs = await h.site.database.db
      .selectFrom('user_notification_config')
      .selectAll()
      .where('user_id', '=', Number(data.id))
      .execute();
    expect(configs.map((c) => [c.source, JSON.parse(c.channels)])).toEqual([
      ['inbox', [{ key: 'email', enable: true }]],
    ]);

    // And the password logs in.
    const login = await h.post('user/login/email', { e_mail: 'grace@example.com', pass: person.pass });
    expect(login.statusCode).toBe(200);
  });

  it('activates at once when the site does not require e-mail verification (no mail)', async () => {
    await h.settings.set('login', { ...LOGIN_DEFAULTS, require_email_verification: false });
    const person = newPerson('noverify');
    const before = h.mailer.mails.length;
    const res = await register(person);
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope(res).data).toMatchObject({ mail_status: 1, status: 'normal' });
    expect(h.mailer.mails.length).toBe(before);
  });

  it('refuses when registration (or registration by e-mail) is closed', async () => {
    for (const closed of [{ allow_new_registrations: false }, { allow_email_registrations: false }]) {
      await h.settings.set('login', { ...LOGIN_DEFAULTS, ...closed });
      const res = await register(newPerson('closed'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 400,
        reason: 'error.user.not_allowed_registration',
        msg: 'Registration is currently closed.',
        data: null,
      });
    }
  });

  it('accepts only the allowed e-mail domains (exact domain, any letter case)', async () => {
    await h.settings.set('login', { ...LOGIN_DEFAULTS, allow_email_domains: ['Example.org', 'uni.edu'] });
    const msg = expectFieldError(
      await register({ ...newPerson('dom'), e_mail: 'someone@example.com' }),
      'e_mail',
      'error.email.illegal_email_domain_error',
    );
    expect(msg).toBe('E-mail addresses of this domain cannot be used on this site.');
    // A subdomain is another domain.
    expectFieldError(await register({ ...newPerson('dom'), e_mail: 'x@mail.uni.edu' }), 'e_mail');
    expect((await register({ ...newPerson('dom'), e_mail: 'someone@EXAMPLE.ORG' })).statusCode).toBe(200);
    expect((await register({ ...newPerson('dom'), e_mail: 'prof@uni.edu' })).statusCode).toBe(200);
  });

  it('checks the name: characters, length, reserved and taken usernames', async () => {
    const invalid = 'Use 2 to 30 characters: letters a-z, digits, spaces, periods, hyphens or underscores.';
    for (const name of ['Zoë Müller', 'a', 'x'.repeat(31), 'bad/name', '  ', '李雷']) {
      const res = await register({ ...newPerson('n'), name });
      expect(res.statusCode, name).toBe(400);
      expect(envelope<Array<{ error_field: string }>>(res).data[0]?.error_field).toBe('name');
      if ([...name.trim()].length <= 30 && name !== 'x'.repeat(31)) {
        expect(expectFieldError(res, 'name', 'error.user.username_invalid')).toBe(invalid);
      }
    }
    expect(
      expectFieldError(await register({ ...newPerson('n'), name: 'Admin' }), 'name', 'error.username.reserved'),
    ).toBe('This username is reserved. Choose another one.');
    const first = await register({ ...newPerson('n'), name: 'Mary Jane' });
    expect(envelope(first).data).toMatchObject({ username: 'mary-jane', display_name: 'Mary Jane' });
    expect(
      expectFieldError(await register({ ...newPerson('n'), name: 'MARY JANE' }), 'name', 'error.username.duplicate'),
    ).toBe('This username is already taken.');
    // Letters either case, digits, period, underscore, hyphen.
    const ok = await register({ ...newPerson('n'), name: 'J.R_R-Tolkien 3' });
    expect(envelope(ok).data).toMatchObject({ username: 'j.r_r-tolkien-3' });
  });

  /** Rows of the tables a sign-up writes to (mail_outbox aside: the owner's notice goes through the fake mailer). */
  const accountRows = async () => {
    const db = h.site.database.db;
    const count = async (table: 'user' | 'session' | 'account_token' | 'user_notification_config' | 'activity') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      user: await count('user'),
      session: await count('session'),
      account_token: await count('account_token'),
      user_notification_config: await count('user_notification_config'),
      activity: await count('activity'),
    };
  };

  it('answers a taken e-mail address (any letter case) exactly like a free one, and tells its owner', async () => {
    const owner = newPerson('dup');
    const ownerSignup = await register(owner);
    expect(ownerSignup.statusCode).toBe(200);
    const ownerName = envelope<{ username: string }>(ownerSignup).data.username;
    const mailsBefore = h.mailer.mails.length;
    const fresh = await register(newPerson('dupfree'));
    const rowsBefore = await accountRows();
    const attempt = { ...newPerson('dup'), e_mail: owner.e_mail.toUpperCase() };
    const taken = await register(attempt);
    // Same status, same shape, same kind of values: an inactive account, logged in, to be verified.
    expect(taken.statusCode, taken.body).toBe(200);
    const shape = (r: typeof taken) => {
      const data = envelope<Record<string, unknown>>(r).data;
      return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v]));
    };
    expect(shape(taken)).toEqual(shape(fresh));
    const data = envelope<Record<string, unknown>>(taken).data;
    const freshData = envelope<Record<string, unknown>>(fresh).data;
    const same = ['mail_status', 'status', 'role_id', 'rank', 'have_password', 'language', 'color_scheme', 'avatar'];
    expect(Object.fromEntries(same.map((k) => [k, data[k]]))).toEqual(
      Object.fromEntries(same.map((k) => [k, freshData[k]])),
    );
    expect(data).toMatchObject({
      e_mail: attempt.e_mail,
      username: attempt.name.replace(/ /g, '-'),
      display_name: attempt.name,
      last_login_date: Math.floor(START / 1000),
      created_at: Math.floor(START / 1000),
    });
    expect(Number(data.id)).toBeGreaterThan(Number(freshData.id));
    expect(String(data.access_token)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(String(taken.headers['set-cookie'])).toContain(`=${String(data.access_token)}`);

    // Nothing was created: no account, session, link or notification settings; the token opens nothing.
    expect(await accountRows()).toEqual(rowsBefore);
    const byName = await h.site.database.db
      .selectFrom('user')
      .select('id')
      .where('username_key', '=', String(data.username))
      .execute();
    expect(byName).toEqual([]);
    expect(envelope(await h.get('user/info', String(data.access_token))).data).toBeNull();

    // The owner gets a notice, not an activation link; nobody else gets a mail.
    const sent = h.mailer.mails.slice(mailsBefore);
    const toOwner = sent.filter((m) => m.to.toLowerCase() === owner.e_mail.toLowerCase());
    expect(toOwner.map((m) => m.template)).toEqual(['signup_attempt']);
    expect(toOwner[0]!.params).toEqual({ username: ownerName });
    expect(sent.filter((m) => m.template === 'activation')).toHaveLength(1); // the free address's own

    // The chosen username stays free for a real sign-up.
    const later = await register({ ...newPerson('later'), name: attempt.name });
    expect(later.statusCode, later.body).toBe(200);
    expect(envelope(later).data).toMatchObject({ username: data.username });

    // The owner's account is untouched: the address still logs in with the owner's password only.
    const ownerLogin = await h.post('user/login/email', { e_mail: owner.e_mail, pass: owner.pass });
    expect(ownerLogin.statusCode).toBe(200);
    expect(envelope(ownerLogin).data).toMatchObject({ username: ownerName });
    const attemptLogin = await h.post('user/login/email', { e_mail: owner.e_mail, pass: attempt.pass });
    expect(attemptLogin.statusCode).toBe(400);
  });

  it('a taken address with a taken username gets the answer a free address would: the name field error', async () => {
    const owner = newPerson('dupname');
    expect((await register(owner)).statusCode).toBe(200);
    const other = newPerson('dupname');
    expect((await register(other)).statusCode).toBe(200);
    const rowsBefore = await accountRows();
    const mailsBefore = h.mailer.mails.length;
    const free = await register({ ...newPerson('dupname'), name: other.name });
    const taken = await register({ ...newPerson('dupname'), name: other.name, e_mail: owner.e_mail });
    expect(expectFieldError(taken, 'name', 'error.username.duplicate')).toBe(
      expectFieldError(free, 'name', 'error.username.duplicate'),
    );
    expect(await accountRows()).toEqual(rowsBefore);
    expect(h.mailer.mails.slice(mailsBefore)).toEqual([]);
  });

  it('with e-mail verification off a taken address is still refused on the e_mail field', async () => {
    await h.settings.set('login', { ...LOGIN_DEFAULTS, require_email_verification: false });
    const person = newPerson('dupoff');
    expect((await register(person)).statusCode).toBe(200);
    const again = await register({ ...newPerson('dupoff'), e_mail: person.e_mail.toUpperCase() });
    expect(expectFieldError(again, 'e_mail', 'error.email.duplicate')).toBe('This email address is already in use.');
  });

  it('password policy: spaces and emoji are fine, 8 to 32 characters, common passwords refused', async () => {
    const spaces = await register({ ...newPerson('pw'), pass: '  four words with spaces  ' });
    expect(spaces.statusCode, spaces.body).toBe(200);
    const emoji = await register({ ...newPerson('pw'), pass: '🦊🦊🦊🦊 fox den' });
    expect(emoji.statusCode, emoji.body).toBe(200);

    expectFieldError(await register({ ...newPerson('pw'), pass: 'x'.repeat(33) }), 'pass');
    expectFieldError(await register({ ...newPerson('pw'), pass: 'short' }), 'pass');
    for (const common of ['password1', 'iloveyou', 'Password1', 'qwertyuiop', '12345678']) {
      const res = await register({ ...newPerson('pw'), pass: common });
      expect(expectFieldError(res, 'pass', 'error.password.too_common'), common).toBe(
        'This password is too common. Choose another one.',
      );
    }
  });

  it('uses the password exactly as sent: 32 × é works, its 31-character prefix does not', async () => {
    const person = { ...newPerson('trunc'), pass: 'é'.repeat(32) };
    expect((await register(person)).statusCode).toBe(200);
    const login = (pass: string) => h.post('user/login/email', { e_mail: person.e_mail, pass });
    expect((await login('é'.repeat(31))).statusCode).toBe(400);
    // The same text in another Unicode normal form is another password.
    expect((await login('e\u0301'.repeat(16))).statusCode).toBe(400);
    expect((await login('é'.repeat(32))).statusCode).toBe(200);
  });

  it('stores argon2id with m=19456, t=2 and never answers with the hash', async () => {
    const person = newPerson('hash');
    const res = await register(person);
    expect(res.body).not.toMatch(/\$argon2|"pass"/);
    const row = await h.site.database.db
      .selectFrom('user')
      .select('pass')
      .where('e_mail_key', '=', person.e_mail)
      .executeTakeFirstOrThrow();
    expect(row.pass.startsWith('$argon2id$v=19$m=19456,t=2')).toBe(true);
    const token = (envelope(res).data as { access_token: string }).access_token;
    for (const r of [
      await h.get('user/info', token),
      await h.post('user/login/email', { e_mail: person.e_mail, pass: person.pass }),
    ]) {
      expect(r.body).not.toMatch(/\$argon2|"pass"|"password"/);
    }
  });

  it('asks the captcha for the `email` action, before anything else, and records the attempt', async () => {
    h.captcha.required.add('email');
    h.captcha.calls.length = 0;
    const person = newPerson('cap');
    const refused = await register(person);
    expectFieldError(refused, 'captcha_code', 'error.object.captcha_verification_failed');
    expect(await h.accounts.findUserByEmail(person.e_mail)).toBeUndefined();
    const res = await register({ ...person, captcha_id: 'id', captcha_code: 'right' });
    expect(res.statusCode).toBe(200);
    expect(h.captcha.calls).toEqual(['verify:email', 'verify:email', 'record:email']);
  });

  it('is atomic: 20 parallel identical sign-ups give exactly one 200 and one row', async () => {
    const person = newPerson('race');
    const results = await Promise.all(Array.from({ length: 20 }, () => register(person)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect(['error.email.duplicate', 'error.username.duplicate']).toContain(envelope(r).reason);
    }
    const rows = await h.site.database.db
      .selectFrom('user')
      .select('id')
      .where('e_mail_key', '=', person.e_mail)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('treats usernames that only differ by case, width or invisible characters as taken', async () => {
    // `Admin` is reserved anyway; the same holds for any name: fullwidth and zero-width variants collide.
    expect((await register({ ...newPerson('k'), name: 'Kim Lee' })).statusCode).toBe(200);
    const taken = await h.accounts
      .createUser({ username: 'ｋｉｍ-lee', email: 'fw@example.com', password: null })
      .catch((e) => e);
    expect(taken).toMatchObject({ code: 'username_taken' });
    const invisible = await h.accounts
      .createUser({ username: 'kim-lee\u200b', email: 'zw@example.com', password: null })
      .catch((e) => e);
    expect(invisible).toMatchObject({ code: 'username_taken' });
  });

  it('login asks the `password` captcha first, counts failures and clears the count on success', async () => {
    const person = newPerson('logincap');
    expect((await register(person)).statusCode).toBe(200);
    const login = (body: Record<string, unknown>) => h.post('user/login/email', body);
    h.captcha.calls.length = 0;
    expect((await login({ e_mail: person.e_mail, pass: 'wrong password' })).statusCode).toBe(400);
    expect((await login({ e_mail: person.e_mail, pass: person.pass })).statusCode).toBe(200);
    expect(h.captcha.calls).toEqual(['verify:password', 'record:password', 'verify:password', 'clear:password']);

    h.captcha.required.add('password');
    // Refused before the password is looked at: even the right password needs the captcha.
    expectFieldError(await login({ e_mail: person.e_mail, pass: person.pass }), 'captcha_code');
    const res = await login({ e_mail: person.e_mail, pass: person.pass, captcha_id: 'i', captcha_code: 'right' });
    expect(res.statusCode).toBe(200);
    const token = (envelope(res).data as { access_token: string }).access_token;
    expect(String(res.headers['set-cookie'])).toContain(`=${token}`);
  });

  it('answers in the request language (zh_CN)', async () => {
    const res = await h.post('user/register/email', { ...newPerson('zh'), pass: 'password1' }, undefined, {
      'accept-language': 'zh-CN',
    });
    expect(envelope(res).reason).toBe('error.password.too_common');
    expect(envelope(res).msg).toMatch(/[\u4e00-\u9fff]/);
  });
});
