import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import { CaptchaService } from '../../src/modules/captcha/service';
import type { TestDatabase } from '../db/databases';
import { openSite, type InstalledSite } from '../support/site';

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
  const now = Date.now();
  // Many posts and flags per member and minute: the content budget (tested with the rate limits) is off here.
  const opened = await openSite(target, {
    members: MEMBERS,
    config: { captcha: { enabled: !!options.captcha, fixedText: 'abcd' } },
    captcha: !!options.captcha,
    // Hand-built: the captcha alone runs on a frozen clock, so every repeat of an action counts as
    // immediate (deterministic thresholds) while posts keep real time.
    overrides: (db) =>
      options.captcha ? { captcha: new CaptchaService(db, { enabled: true, fixedText: 'abcd', now: () => now }) } : {},
  });
  const { db, app, installed: site } = opened;
  return {
    site,
    db,
    app,
    call: (options) => opened.call(options),
    cleanup: () => opened.close(),
  };
}

let counter = 0;
/** Text no other post of the run uses (the duplicate guard remembers bodies). */
export function uniqueText(kind: string): string {
  counter += 1;
  return `This ${kind} number ${counter} explains how the thing works in detail.`;
}
