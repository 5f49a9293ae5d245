import type { FastifyInstance, InjectOptions } from 'fastify';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { DbAnswerViewerSource } from '../../src/modules/answer/viewer';
import type { TestDatabase } from '../db/databases';
import { envelope, siteApp, testConfig } from '../helpers';
import { PEOPLE, postsSite, type Person, type PostsSite } from '../question/helpers';
import { memberSessions } from '../support/site';

export interface FullSite extends Omit<PostsSite, 'app' | 'call'> {
  app: FastifyInstance;
  settings: DbSettingsStore;
  viewer: DbAnswerViewerSource;
  call<T = unknown>(
    options: InjectOptions & { as?: Person },
  ): Promise<{ status: number; body: { code: number; reason: string; msg: string; data: T } }>;
}

/**
 * postsSite's installed site and members, with an app that has every Q&A service as site.ts wires
 * them (comments, votes, bookmarks, profiles, the answer viewer states) and the settings in the database.
 */
export async function fullSite(target: TestDatabase): Promise<FullSite> {
  const base = await postsSite(target);
  const db = base.db;
  const sessions = memberSessions(PEOPLE);
  const settings = new DbSettingsStore(db);
  const viewer = new DbAnswerViewerSource(db);
  const config = testConfig();
  const { app, services } = await siteApp(db, config, { sessions, settings, answerViewer: viewer });
  return {
    site: base.site,
    db,
    posts: services.posts,
    app,
    settings,
    viewer,
    async call<T>({ as, ...inject }: InjectOptions & { as?: Person }) {
      const response = await app.inject({
        ...inject,
        url: `/answer/api/v1${inject.url}`,
        headers: { ...(inject.headers ?? {}), ...(as ? { authorization: as } : {}) },
      });
      return { status: response.statusCode, body: envelope<T>(response.body) as never };
    },
    async cleanup() {
      await app.close();
      await base.cleanup();
    },
  };
}
