import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/plugins/rate-limit-rules';
import { testDatabases } from '../db/databases';
import { variantsOfEachKind, variantTarget } from '../support/path-variants';
import type { RawResponse } from '../support/raw-http';
import { variantSite, type VariantSite } from '../support/variant-site';

vi.mock('fastify', async (importOriginal) =>
  (await import('../support/route-table')).collectingFastify(await importOriginal()),
);

const { available } = await testDatabases();
// argon2 on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const LOGIN = '/answer/api/v1/user/login/email';
const RESET = '/answer/api/v1/user/password/reset';
const PASSWORD = 'the right password 1';
const ACCOUNTS = ['ann', 'ben', 'cat', 'dan'] as const;
const email = (name: (typeof ACCOUNTS)[number]) => `${name}@variants.example`;
const SEED = process.env.AGORA_VARIANT_SEED ? Number(process.env.AGORA_VARIANT_SEED) : undefined;

const reasonOf = (response: RawResponse) => {
  try {
    return (JSON.parse(response.body) as { reason?: string }).reason ?? '';
  } catch {
    return '';
  }
};
const is2xx = (status: number) => status >= 200 && status < 300;

/**
 * The limits hang on the canonical route too: spelling the login or the password-reset path another
 * way (see route-variants.test.ts) must neither skip nor reset the budget of an account. Each check
 * sends from a loopback address of its own, so the per-address budgets of one never touch another.
 */
describe.each(available)('route variants and the limits on $label', (target) => {
  let s: VariantSite;
  let seed: number;
  beforeAll(async () => {
    s = await variantSite(target, { rateLimits: true });
    for (const name of ACCOUNTS) {
      await s.services.accounts.createUser({ username: name, email: email(name), password: PASSWORD, mailStatus: 1 });
    }
    seed = SEED ?? (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0;
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  /** Variants of `canonical`: one of each kind, then `extra` combinations, from the run's seed (printed on failure). */
  const variants = (canonical: string, extra: number, salt: number) =>
    fc
      .sample(variantsOfEachKind(extra), { numRuns: 1, seed: seed + salt })[0]!
      .map((ops) => variantTarget(canonical, ops, `127.0.0.1:${s.port}`))
      .filter((t) => t !== canonical);
  const post = (target: string, body: object, from: string) =>
    s.send('anonymous', 'POST', target, { body, localAddress: from });
  const mails = async (to: string) =>
    Number(
      (
        await s.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('to_address', '=', to)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a login throttled on the canonical path stays throttled on every variant, and is not reset by one', async () => {
    const from = '127.0.0.2';
    const { max } = DEFAULT_RATE_LIMITS.loginPerIpAccount;
    for (let i = 0; i < max; i++) {
      expect((await post(LOGIN, { e_mail: email('ann'), pass: `wrong password ${i}` }, from)).status).toBe(400);
    }
    expect((await post(LOGIN, { e_mail: email('ann'), pass: PASSWORD }, from)).status).toBe(429);
    const through: string[] = [];
    for (const target of variants(LOGIN, 4, 1)) {
      const res = await post(target, { e_mail: email('ann'), pass: PASSWORD }, from);
      if (is2xx(res.status) || res.status >= 500) through.push(`${target} -> ${res.status}`);
    }
    const after = await post(LOGIN, { e_mail: email('ann'), pass: PASSWORD }, from);
    expect(through, `seed ${seed}: logins past the throttle`).toEqual([]);
    expect(after.status, `seed ${seed}: the canonical login after the variants`).toBe(429);
  });

  it('passwords tried through variants count against the same budget as the canonical path', async () => {
    const from = '127.0.0.3';
    const { max } = DEFAULT_RATE_LIMITS.loginPerIpAccount;
    const first = await post(LOGIN, { e_mail: email('ben'), pass: 'wrong password first' }, from);
    expect(first.status).toBe(400);
    expect(reasonOf(first), 'a password check, not a malformed request').not.toBe('base.request_format_error');
    // A variant answered like a checked wrong password has checked it.
    const checked = (res: RawResponse) => res.status === first.status && reasonOf(res) === reasonOf(first);
    const tried: string[] = [];
    for (const [i, target] of variants(LOGIN, 2, 2).entries()) {
      if (checked(await post(target, { e_mail: email('ben'), pass: `wrong password ${i}` }, from))) tried.push(target);
    }
    let canonical = 0;
    while (
      canonical <= max &&
      checked(await post(LOGIN, { e_mail: email('ben'), pass: 'wrong password again' }, from))
    ) {
      canonical += 1;
    }
    expect(
      1 + tried.length + canonical,
      `seed ${seed}: passwords checked, ${tried.length} of them via ${tried.join(' ')}`,
    ).toBeLessThanOrEqual(max);
  });

  it('password-reset mails to one address stay within the limit whatever the path spelling', async () => {
    const { max } = DEFAULT_RATE_LIMITS.mailPerAccount;
    // The limit reached on the canonical path first, then variants.
    const from = '127.0.0.4';
    for (let i = 0; i < max; i++) expect((await post(RESET, { e_mail: email('cat') }, from)).status).toBe(200);
    expect((await post(RESET, { e_mail: email('cat') }, from)).status).toBe(429);
    const sent: string[] = [];
    for (const target of variants(RESET, 4, 3)) {
      const res = await post(target, { e_mail: email('cat') }, from);
      if (is2xx(res.status) || res.status >= 500) sent.push(`${target} -> ${res.status}`);
    }
    expect(sent, `seed ${seed}: resets accepted past the limit`).toEqual([]);
    expect(await mails(email('cat')), `seed ${seed}`).toBe(max);

    // Variants first, then the canonical path until it refuses.
    const other = '127.0.0.5';
    for (const target of variants(RESET, 0, 4)) await post(target, { e_mail: email('dan') }, other);
    for (let i = 0; i <= max; i++) {
      if ((await post(RESET, { e_mail: email('dan') }, other)).status === 429) break;
    }
    expect(await mails(email('dan')), `seed ${seed}: mails to one address`).toBeLessThanOrEqual(max);
  });
});
