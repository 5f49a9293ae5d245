import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import { CaptchaService } from '../../src/modules/captcha/service';
import { installedSite, type InstalledSite } from '../accounts/helpers';
import type { TestDatabase } from '../db/databases';
import { envelope, siteApp, testConfig } from '../helpers';
import { addMembers, memberSessions } from '../support/members';

/** Members of the test site: token = name. The install admin is user 1. */
export const MEMBERS = {
  admin: { id: 1, roleId: 2, rank: 1 },
  alice: { id: 21, roleId: 1, rank: 1 },
  bob: { id: 22, roleId: 1, rank: 1 },
  /** Exactly the invitation threshold of privilege level 2 (500). */
  inviter: { id: 23, roleId: 1, rank: 500 },
  /** One point short of the invitation threshold. */
  almost: { id: 24, roleId: 1, rank: 499 },
  /** Below report.add (1). */
  nobody: { id: 25, roleId: 1, rank: 0 },
  mod: { id: 26, roleId: 3, rank: 1 },
  carol: { id: 27, roleId: 1, rank: 1 },
} as const;
export type Member = keyof typeof MEMBERS;

export interface ReportSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  call<T = unknown>(
    options: InjectOptions & { as?: Member },
  ): Promise<{ status: number; body: { code: number; reason: string; msg: string; data: T } }>;
  cleanup(): Promise<void>;
}

/**
 * An installed site (privilege level 2) with the members above, every Q&A route and POST report,
 * token logins by name. With `captcha`, the built-in image captcha guards actions (fixed text `abcd`).
 */
export async function reportSite(target: TestDatabase, options: { captcha?: boolean } = {}): Promise<ReportSite> {
  const site = await installedSite(target);
  const db = site.database.db;
  const now = Date.now();
  await addMembers(db, MEMBERS);
  const sessions = memberSessions(MEMBERS);
  // Many posts and flags per member and minute: the content budget (tested with the rate limits) is off here.
  const limits = process.env.AGORA_RATE_LIMITS;
  process.env.AGORA_RATE_LIMITS = 'off';
  const { app } = await siteApp(
    db,
    testConfig({ dataDir: site.dataDir, captcha: { enabled: !!options.captcha, fixedText: 'abcd' } }),
    {
      sessions,
      // A frozen clock: every repeat of an action counts as immediate (deterministic thresholds).
      ...(options.captcha
        ? { captcha: new CaptchaService(db, { enabled: true, fixedText: 'abcd', now: () => now }) }
        : {}),
    },
  );
  if (limits === undefined) delete process.env.AGORA_RATE_LIMITS;
  else process.env.AGORA_RATE_LIMITS = limits;
  return {
    site,
    db,
    app,
    async call<T>({ as, ...inject }: InjectOptions & { as?: Member }) {
      const response = await app.inject({
        ...inject,
        url: `/answer/api/v1${inject.url}`,
        headers: { ...(inject.headers ?? {}), ...(as ? { authorization: as } : {}) },
      });
      return { status: response.statusCode, body: envelope<T>(response.body) as never };
    },
    async cleanup() {
      await app.close();
      await site.cleanup();
    },
  };
}

let counter = 0;
/** Text no other post of the run uses (the duplicate guard remembers bodies). */
export function uniqueText(kind: string): string {
  counter += 1;
  return `This ${kind} number ${counter} explains how the thing works in detail.`;
}
