import { expect } from 'vitest';
import type { TestDatabase } from '../db/databases';
import { envelope, newPerson, useFlowHarness } from './flow-helpers';

/** The e-mailed-link suites' shared set-up: the flow harness and the sign-up steps both files use. */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const URL_EXPIRED = {
  code: 403,
  reason: 'error.email.verify_url_expired',
  msg: 'This link has expired or was already used.',
  data: { type: 'url_expired' },
};
export const RESET_INVALID = {
  code: 400,
  reason: 'error.password.reset_url_invalid',
  msg: 'Sorry, this password reset link is no longer valid. Perhaps your password is already reset?',
  data: null,
};

/** Registers the hooks of one database's suite; call inside its describe block. */
export function useEmailFlows(target: TestDatabase) {
  const harness = useFlowHarness(target);

  /** Signs a new person up; returns their address, password and token. */
  async function signUp(prefix: string) {
    const person = newPerson(prefix);
    const res = await harness().post('user/register/email', person);
    expect(res.statusCode, res.body).toBe(200);
    const data = envelope<{ access_token: string; id: string }>(res).data;
    return { ...person, token: data.access_token, id: Number(data.id), body: res.body };
  }

  async function activated(prefix: string) {
    const person = await signUp(prefix);
    const res = await harness().post('user/email/verification', {
      code: harness().mailer.code(person.e_mail, 'activation'),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...person, token: envelope<{ access_token: string }>(res).data.access_token };
  }

  const live = async (token: string) => (await harness().get('user/sessions', token)).statusCode;

  /** Every value of every column of the account_token table, as one string. */
  async function tokenTableDump(): Promise<string> {
    const rows = await harness().site.database.db.selectFrom('account_token').selectAll().execute();
    return JSON.stringify(rows);
  }

  return { harness, signUp, activated, live, tokenTableDump };
}
