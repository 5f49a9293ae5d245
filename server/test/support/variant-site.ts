import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { ServerConfig } from '../../src/config';
import type { DB } from '../../src/db/schema';
import { APP_REQUEST_HEADER } from '../../src/plugins/auth';
import type { Services } from '../../src/services';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { installedSite, type InstalledSite } from '../accounts/helpers';
import type { TestDatabase } from '../db/databases';
import { SHELL_INDEX, siteApp, testConfig } from '../helpers';
import { addMembers } from './members';
import { memberSessions } from './site';
import { rawRequest, type RawResponse } from './raw-http';
import { routesOf, type ParamValues, type RouteEntry } from './route-table';

/** Who asks: nobody, or a member of each role (1 user, 3 moderator, 2 admin). */
export type Role = 'anonymous' | 'member' | 'moderator' | 'admin';
export const ROLES: readonly Role[] = ['anonymous', 'member', 'moderator', 'admin'];

/**
 * The members, logged in with fixed tokens (their names): a `user/logout` or an admin's action on
 * an account during the sweep cannot end them. The admin is the install's user 1.
 */
export const VARIANT_MEMBERS = {
  admin: { id: 1, roleId: 2, rank: 1 },
  member: { id: 21, roleId: 1, rank: 100 },
  moderator: { id: 22, roleId: 3, rank: 100 },
};

/** A post upload no post shows yet (a draft of `member`): its uploader and staff may fetch it, nobody else. */
export const DRAFT_UPLOAD = 'post/draft-of-member.png';
/** The configured plugin (test/helpers testConfig), switched off by the administrator here. */
const PLUGIN_SLUG = 'hello';

export interface VariantSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  services: Services;
  /** The site's settings (the store the app reads). */
  settings: DbSettingsStore;
  /** The port the app listens on (127.0.0.1). */
  port: number;
  routes: RouteEntry[];
  values: ParamValues;
  /** One request as `role` over a socket: writes carry `{}` and the app's CSRF header. */
  send(
    role: Role,
    method: string,
    target: string,
    options?: { body?: object; localAddress?: string },
  ): Promise<RawResponse>;
  cleanup(): Promise<void>;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The built files the site serves: a shell, a remote and a plugin, in a directory of its own (the
 * fake site of test/helpers is removed after each test, and this one lives as long as the suite).
 */
function builtSite(): { root: string; config: ServerConfig } {
  const root = mkdtempSync(path.join(tmpdir(), 'agora-variants-'));
  const write = (rel: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  };
  write('shell/index.html', SHELL_INDEX);
  write('mf-qa/remoteEntry.js', 'var mf_qa = 1;');
  write('plugin/remoteEntry.js', 'var plugin_hello = 1;');
  const base = testConfig({ captcha: { enabled: false, fixedText: null } });
  const config: ServerConfig = {
    ...base,
    dataDir: path.join(root, 'data'),
    shellDir: path.join(root, 'shell'),
    remotes: [{ name: 'mf_qa', dir: path.join(root, 'mf-qa') }],
    plugins: base.plugins.map((p) => ({ ...p, dir: path.join(root, 'plugin') })),
  };
  return { root, config };
}

/**
 * An installed site on `target` with the members above, one question with an answer and a comment,
 * a draft upload and a plugin switched off, listening on a loopback port. Rate limits stay off
 * unless `rateLimits` (the sweep sends many requests from one address).
 */
export async function variantSite(target: TestDatabase, { rateLimits = false } = {}): Promise<VariantSite> {
  const site = await installedSite(target);
  const db = site.database.db;
  await addMembers(db, VARIANT_MEMBERS);
  const { root, config } = builtSite();
  const settings = new DbSettingsStore(db);
  const saved = process.env.AGORA_RATE_LIMITS;
  if (!rateLimits) process.env.AGORA_RATE_LIMITS = 'off';
  let app: FastifyInstance;
  let services: Services;
  try {
    ({ app, services } = await siteApp(db, config, { sessions: memberSessions(VARIANT_MEMBERS), settings }));
    await app.listen({ host: '127.0.0.1', port: 0 });
  } finally {
    if (saved === undefined) delete process.env.AGORA_RATE_LIMITS;
    else process.env.AGORA_RATE_LIMITS = saved;
  }
  const port = (app.server.address() as AddressInfo).port;

  const send: VariantSite['send'] = (role, method, target, options = {}) => {
    const headers: Record<string, string> = { [APP_REQUEST_HEADER]: '1' };
    if (role !== 'anonymous') headers.authorization = role;
    const write = WRITES.has(method);
    if (write) headers['content-type'] = 'application/json';
    return rawRequest(port, {
      method,
      target,
      headers,
      ...(write ? { body: JSON.stringify(options.body ?? {}) } : {}),
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
  };
  const api = async <T>(method: string, url: string, body: object, role: Role = 'member') => {
    const res = await send(role, method, url, { body });
    expect(res.status, `${method} ${url}: ${res.body}`).toBe(200);
    return (JSON.parse(res.body) as { data: T }).data;
  };

  // Something for every id parameter to name.
  const question = await api<{ id: string }>('POST', '/answer/api/v1/question', {
    title: 'How do route variants reach the same handler?',
    content: 'A question whose only purpose is to give the route sweep a real id to read.',
    tags: [{ slug_name: 'support' }],
  });
  const answer = await api<{ info: { id: string } }>('POST', '/answer/api/v1/answer', {
    question_id: question.id,
    content: 'An answer whose only purpose is to give the route sweep a real answer id.',
  });
  const comment = await api<{ comment_id: string }>('POST', '/answer/api/v1/comment', {
    object_id: question.id,
    original_text: 'A comment for the route sweep to read.',
  });
  await api('PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: PLUGIN_SLUG, enabled: false }, 'admin');
  const tag = await db.selectFrom('tag').select('id').where('slug_name', '=', 'support').executeTakeFirstOrThrow();
  const badge = await db.selectFrom('badge').select('id').orderBy('id').executeTakeFirstOrThrow();
  const uploads = path.join(config.dataDir, 'uploads');
  mkdirSync(path.join(uploads, 'post'), { recursive: true });
  writeFileSync(path.join(uploads, DRAFT_UPLOAD), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  await db
    .insertInto('upload')
    .values({
      id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      user_id: VARIANT_MEMBERS.member.id,
      source: 'post',
      path: DRAFT_UPLOAD,
      mime: 'image/png',
      size: 8,
      created_at: Date.now(),
    })
    .execute();

  const ids = { question: question.id, answer: answer.info.id, comment: comment.comment_id };
  const values: ParamValues = {
    byName: {
      username: 'member',
      user_id: String(VARIANT_MEMBERS.member.id),
      question_id: ids.question,
      object_id: ids.question,
      answer_id: ids.answer,
      comment_id: ids.comment,
      badge_id: badge.id,
      tag_id: tag.id,
      tag_name: 'support',
      tags: 'support',
      q: 'variants',
      title: 'route variants',
      info_type: 'tos',
      type: 'inbox',
      object_type: 'question',
      action: 'login',
    },
    idFor: (url) =>
      url.includes('/comment')
        ? ids.comment
        : url.includes('/answer/api/v1/answer')
          ? ids.answer
          : url.includes('/badge')
            ? badge.id
            : ids.question,
    wildcardFor: (url) => (url === '/*' ? 'questions' : url.startsWith('/uploads/') ? DRAFT_UPLOAD : 'remoteEntry.js'),
  };

  return {
    site,
    db,
    app,
    services,
    settings,
    port,
    routes: routesOf(app),
    values,
    send,
    async cleanup() {
      await app.close();
      await site.cleanup();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
