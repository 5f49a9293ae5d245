import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/app';
import { DbSettingsStore } from '../../src/db/site-info';
import { AccountsService } from '../../src/modules/accounts/service';
import { AnswerService } from '../../src/modules/answer/service';
import { DbAnswerViewerSource } from '../../src/modules/answer/viewer';
import { CollectionService } from '../../src/modules/collection/service';
import { CommentService } from '../../src/modules/comment/service';
import { DbPrivilegeSource } from '../../src/modules/permission/service';
import { ProfileService } from '../../src/modules/profile/service';
import { QuestionPostService } from '../../src/modules/question/posts';
import { QuestionService } from '../../src/modules/question/service';
import { VoteService } from '../../src/modules/vote/service';
import type { TestDatabase } from '../db/databases';
import { envelope, testConfig } from '../helpers';
import { PEOPLE, postsSite, type Person, type PostsSite } from '../question/helpers';
import { memberSessions } from '../support/members';

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
  const posts = new QuestionPostService(db);
  const app = await buildApp(testConfig(), {
    sessions,
    users: new AccountsService(db).userStore(),
    privileges: new DbPrivilegeSource(db),
    settings,
    questions: new QuestionService(db),
    posts,
    answers: new AnswerService(db, posts),
    answerViewer: viewer,
    votes: new VoteService(db),
    collections: new CollectionService(db),
    comments: new CommentService(db),
    profile: new ProfileService(db),
  });
  return {
    site: base.site,
    db,
    posts,
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
