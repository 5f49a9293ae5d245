import { ok } from '../../src/lib/envelope';
import { createDatabase, type Database } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { CaptchaAction } from '../../src/modules/captcha/rules';
import type { Session, SessionStore } from '../../src/modules/session/store';
import type { FastifyInstance } from 'fastify';
import type { FreshDatabase, TestDatabase } from '../db/databases';

/** A fresh, migrated database (the captcha tables need no installed site). */
export interface MigratedDatabase {
  fresh: FreshDatabase;
  database: Database;
  cleanup(): Promise<void>;
}

export async function migratedDatabase(target: TestDatabase): Promise<MigratedDatabase> {
  const fresh = await target.fresh();
  const database = await createDatabase(fresh.config);
  await migrateToLatest(database.db, database.config);
  return {
    fresh,
    database,
    cleanup: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}

/** Login tokens of a user (role 1), an administrator (2) and a moderator (3). */
export const TOKENS = { user: 'token-user', other: 'token-other', admin: 'token-admin', moderator: 'token-moderator' };

const SESSIONS: Record<string, Omit<Session, 'token'>> = {
  [TOKENS.user]: { userId: '7', roleId: 1, status: 'normal' },
  [TOKENS.other]: { userId: '8', roleId: 1, status: 'normal' },
  [TOKENS.admin]: { userId: '1', roleId: 2, status: 'normal' },
  [TOKENS.moderator]: { userId: '3', roleId: 3, status: 'normal' },
};

export const fakeSessions: SessionStore = {
  find: async (token) => (SESSIONS[token] ? { token, ...SESSIONS[token] } : null),
  revoke: async () => undefined,
};

/** Where the probe action lives: POST with `{captcha_id?, captcha_code?}`; verifies, then records. */
export const PROBE = '/answer/api/v1/test/captcha';

/** An action route for the tests, used as a real one uses the gate: verify before the action, record after. */
export function addProbe(app: FastifyInstance): void {
  app.post<{ Querystring: { action: CaptchaAction }; Body: { captcha_id?: string; captcha_code?: string } }>(
    PROBE,
    { config: { auth: 'none' } },
    async (request) => {
      const action = request.query.action;
      await app.captcha.verify(request, action, request.body ?? {});
      await app.captcha.record(request, action);
      return ok(request, null);
    },
  );
}
