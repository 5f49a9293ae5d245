import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AnswerViewerSource } from '../../src/modules/answer/viewer';
import type { SettingsStore } from '../../src/modules/settings/store';
import type { TestDatabase } from '../db/databases';
import { PEOPLE, type Person, type PostsSite } from '../question/helpers';
import { openSite } from '../support/site';

export interface FullSite extends Omit<PostsSite, 'app' | 'call'> {
  app: FastifyInstance;
  settings: Required<SettingsStore>;
  viewer: AnswerViewerSource;
  call<T = unknown>(
    options: InjectOptions & { as?: Person },
  ): Promise<{ status: number; body: { code: number; reason: string; msg: string; data: T } }>;
}

/**
 * postsSite's members on a site with every Q&A service as the site wires them (comments, votes,
 * bookmarks, profiles, the answer viewer states), the settings in the database and the rate limits on.
 */
export async function fullSite(target: TestDatabase): Promise<FullSite> {
  const site = await openSite(target, { members: PEOPLE, rateLimits: true });
  return {
    site: site.installed,
    db: site.db,
    posts: site.services.posts,
    app: site.app,
    settings: site.services.settings as Required<SettingsStore>,
    viewer: site.services.answerViewer,
    call: (options) => site.call(options) as never,
    cleanup: () => site.close(),
  };
}
