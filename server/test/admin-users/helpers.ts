import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../src/db/schema';
import type { Services } from '../../src/services';
import { ADMIN, type InstalledSite } from '../accounts/helpers';
import type { TestDatabase } from '../db/databases';
import { envelope, type EnvelopeBody } from '../helpers';
import { openSite } from '../support/site';

export const ADMIN_API = '/answer/admin/api';
export const API = '/answer/api/v1';

export interface Reply<T = unknown> {
  status: number;
  body: EnvelopeBody<T>;
}

/** A member made through POST user and logged in: its id, address, password and session token. */
export interface TestAccount {
  id: number;
  email: string;
  password: string;
  token: string;
}

export interface AdminSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  services: Services;
  /** The install's administrator, logged in. */
  admin: TestAccount;
  /** A request; `token` logs it in, `lang` sets Accept-Language. */
  call<T = unknown>(options: InjectOptions & { token?: string; lang?: string }): Promise<Reply<T>>;
  /** A request under the admin API. */
  admin$<T = unknown>(
    method: InjectOptions['method'],
    path: string,
    payload?: unknown,
    token?: string,
  ): Promise<Reply<T>>;
  /** POST user/login/email: the token, or the failed reply. */
  login(email: string, password: string): Promise<{ token?: string; reply: Reply }>;
  /** A new activated member made by the admin (role 3 makes a moderator), logged in. */
  member(name: string, roleId?: 1 | 2 | 3): Promise<TestAccount>;
  /** Whether a token still has a session (GET user/info answers with the user). */
  loggedIn(token: string): Promise<boolean>;
  cleanup(): Promise<void>;
}

/**
 * An installed site on `target` with every route and real sessions (logins through the API), rate
 * limits off; the settings those of the config file.
 */
export async function adminSite(target: TestDatabase): Promise<AdminSite> {
  const site = await openSite(target, { sessions: 'real', settings: 'config' });
  const { db, app, services } = site;

  const call = async <T>({ token, lang, ...inject }: InjectOptions & { token?: string; lang?: string }) => {
    const response = await app.inject({
      ...inject,
      headers: {
        ...(inject.headers ?? {}),
        ...(token ? { authorization: token } : {}),
        ...(lang ? { 'accept-language': lang } : {}),
      },
    });
    return { status: response.statusCode, body: envelope<T>(response.body) };
  };
  const login = async (email: string, password: string) => {
    const reply = await call<{ access_token: string }>({
      method: 'POST',
      url: `${API}/user/login/email`,
      payload: { e_mail: email, pass: password },
    });
    return { token: reply.status === 200 ? reply.body.data.access_token : undefined, reply: reply as Reply };
  };
  const first = await login(ADMIN.email, ADMIN.password);
  const admin = { id: 1, email: ADMIN.email, password: ADMIN.password, token: first.token! };
  const adminCall = <T>(method: InjectOptions['method'], path: string, payload?: unknown, token = admin.token) =>
    call<T>({
      method,
      url: `${ADMIN_API}${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      token,
    });

  return {
    site: site.installed,
    db,
    app,
    services,
    admin,
    call,
    admin$: adminCall,
    login,
    async member(name, roleId = 1) {
      const email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`;
      const password = `${name} long secret`;
      const added = await adminCall('POST', '/user', { display_name: name, email, password });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const row = await db.selectFrom('user').select('id').where('e_mail_key', '=', email).executeTakeFirstOrThrow();
      const id = Number(row.id);
      if (roleId !== 1) {
        const role = await adminCall('PUT', '/user/role', { user_id: String(id), role_id: roleId });
        expect(role.status).toBe(200);
      }
      const { token } = await login(email, password);
      expect(token).toBeTruthy();
      return { id, email, password, token: token! };
    },
    async loggedIn(token) {
      const info = await call<{ id: string } | null>({ method: 'GET', url: `${API}/user/info`, token });
      return info.status === 200 && info.body.data !== null;
    },
    cleanup: () => site.close(),
  };
}

/** A user row as the database has it now. */
export function userRow(db: Kysely<DB>, id: number) {
  return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

let counter = 0;
/** A question body no other test posts. */
export function questionBody() {
  counter += 1;
  return {
    title: `How do I configure the importer, case ${counter}?`,
    content: `These are the steps I tried for case ${counter}, and what happened.`,
    tags: [{ slug_name: 'support' }],
  };
}
