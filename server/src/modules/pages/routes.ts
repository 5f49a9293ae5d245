import path from 'node:path';
import type { PostUserInfo } from '@agora/shared-api/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf, queryOf } from '../../lib/canonical-path';
import { NOT_BUILT, ShellDocument, withLanguage } from '../../lib/shell-document';
import type { AnswerService } from '../answer/service';
import type { ProfileService } from '../profile/service';
import type { QuestionPostService } from '../question/posts';
import type { QuestionSource } from '../question/service';
import type { TagService } from '../tag/service';
import { withHead } from './head';
import { homePage, OVERVIEWS, overviewPage, tagPage, userPage } from './list-meta';
import { questionPage, type PageOutcome } from './question-meta';
import { pageSite, type PageSite } from './site';

export interface PageRouteOptions {
  shellDir: string;
  /** Maintenance: pages say nothing but the site's language. */
  maintenance: () => boolean;
  questions: QuestionSource;
  posts: QuestionPostService;
  answers: AnswerService;
  tags: TagService;
  profile: ProfileService;
  authors(ids: readonly number[]): Promise<Map<number, PostUserInfo>>;
}

/**
 * The pages search engines and link previews read, each the shell's HTML with a head of its own: title,
 * description, canonical address, Open Graph and Twitter card, rel=prev/next on paged lists, QAPage
 * data on question pages, and the site's language. A question reached by another spelling of its
 * address is sent to the canonical one (301). What the head says is what a visitor may read: nothing on
 * a login-required site or in maintenance, nothing of a post a visitor cannot open; and a head that
 * fails to build leaves the page as the bare shell, never an error. Every other page is the static
 * site's fallback (the bare shell).
 */
export const pageRoutes: FastifyPluginAsync<PageRouteOptions> = async (app, options) => {
  const shell = new ShellDocument(path.join(options.shellDir, 'index.html'));
  const none = { config: { auth: 'none' as const } };
  type Params = Record<string, string>;
  const listQuery = (request: FastifyRequest) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const pick = (name: string) => (typeof raw[name] === 'string' ? raw[name] : undefined);
    return { page: pick('page'), order: pick('order') };
  };

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    compute: (site: PageSite) => PageOutcome | Promise<PageOutcome>,
  ) => {
    const html = await shell.read();
    reply.header('Cache-Control', 'no-store');
    if (html === null) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    const site = await pageSite(app.settings, `${request.protocol}://${request.host}`);
    let outcome: PageOutcome = null;
    if (!site.loginRequired && !options.maintenance()) {
      try {
        outcome = await compute(site);
      } catch (error) {
        request.log.warn({ err: error, url: request.url }, 'the page head could not be built; the bare shell is sent');
      }
    }
    if (outcome && 'redirect' in outcome) {
      return reply
        .code(301)
        .header('Location', `${outcome.redirect}${queryOf(request.url)}`)
        .send();
    }
    reply.type('text/html; charset=utf-8');
    return outcome ? withHead(html, outcome.head) : withLanguage(html, site.lang);
  };

  for (const listPath of ['/', '/questions']) {
    app.get(listPath, none, (request, reply) =>
      send(request, reply, (site) => homePage(options, site, listPath, listQuery(request))),
    );
  }
  for (const overview of Object.keys(OVERVIEWS) as (keyof typeof OVERVIEWS)[]) {
    app.get(overview, none, (request, reply) => send(request, reply, (site) => overviewPage(site, overview)));
  }
  const questionRoute = (request: FastifyRequest, reply: FastifyReply) => {
    const { id, first, second } = request.params as Params;
    const segments = [first, second].filter((part): part is string => part !== undefined);
    // The path as sent (the routing plugin has refused every spelling that is not canonical): the
    // redirect compares it with the permalink's.
    return send(request, reply, (site) => questionPage(options, site, id!, segments, pathOf(request.url)));
  };
  app.get('/questions/:id', none, questionRoute);
  app.get('/questions/:id/:first', none, questionRoute);
  app.get('/questions/:id/:first/:second', none, questionRoute);
  app.get('/tags/:slug', none, (request, reply) =>
    send(request, reply, (site) => tagPage(options, site, (request.params as Params).slug!, false, listQuery(request))),
  );
  app.get('/tags/:slug/info', none, (request, reply) =>
    send(request, reply, (site) => tagPage(options, site, (request.params as Params).slug!, true, {})),
  );
  app.get('/users/:username', none, (request, reply) =>
    send(request, reply, (site) => userPage(options, site, (request.params as Params).username!)),
  );
};
