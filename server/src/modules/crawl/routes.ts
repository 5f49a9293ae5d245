import { fromInputId } from '@agora/shared-api/short-id';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiFailure } from '../../lib/api-failure';
import { sendConditional } from '../../lib/conditional';
import type { AnswerService } from '../answer/service';
import type { QuestionSource } from '../question/service';
import { pageSite } from '../pages/site';
import type { TagService } from '../tag/service';
import { answersFeed, FEED_ENTRIES, FEED_TYPES, questionsFeed, type FeedFormat } from './feeds';
import { openSearchXml } from './opensearch';
import type { CrawlService } from './service';

export interface CrawlRouteOptions {
  crawl: CrawlService;
  questions: QuestionSource;
  answers: AnswerService;
  tags: TagService;
}

const XML = 'application/xml; charset=utf-8';
/** Feed readers and crawlers may keep an answer this long before they ask again (then mostly a 304). */
const MAX_AGE_SECONDS = 300;
const FORMATS: FeedFormat[] = ['rss', 'atom'];
const Params = Type.Object({ file: Type.String({ maxLength: 200 }) });
const Reply = { response: { 200: Type.String(), 304: Type.Null() } };

/** `name.rss` / `name.atom` → the name and the format; null for anything else. */
function feedFile(file: string): { name: string; format: FeedFormat } | null {
  const match = /^(.+)\.(rss|atom)$/.exec(file);
  return match ? { name: match[1]!, format: match[2] as FeedFormat } : null;
}

/**
 * What search engines, feed readers and browsers fetch besides pages: the sitemap index and its files,
 * RSS and Atom feeds (the newest questions, a tag's, a question's answers) and the OpenSearch
 * description. Each is what a visitor may read (auth `pub`: a login-required site shows nothing to
 * anyone without a session), with an ETag and Last-Modified so that a reader's next poll is a 304.
 */
export const crawlRoutes: FastifyPluginAsyncTypebox<CrawlRouteOptions> = async (app, options) => {
  const { crawl, questions, answers, tags } = options;
  const { sitemaps } = crawl;
  const pub = { auth: 'pub' } as const;

  const siteOf = async (request: FastifyRequest) => {
    const site = await pageSite(app.settings, `${request.protocol}://${request.host}`);
    return { ...site, shared: !site.loginRequired };
  };

  /** An XML answer with its validators; fresh for this reader: 304. */
  const sendXml = (
    request: FastifyRequest,
    reply: FastifyReply,
    site: { shared: boolean },
    body: { xml: string; lastModified?: number },
    type: string,
  ) =>
    sendConditional(request, reply, body.xml, {
      type,
      ...(body.lastModified ? { lastModified: body.lastModified } : {}),
      maxAgeSeconds: MAX_AGE_SECONDS,
      shared: site.shared,
    });

  app.get('/sitemap.xml', { config: pub, schema: Reply }, async (request, reply) => {
    const site = await siteOf(request);
    const index = await sitemaps.index(site);
    return sendXml(request, reply, site, index, XML);
  });

  app.get('/sitemap/:file', { config: pub, schema: { params: Params, ...Reply } }, async (request, reply) => {
    const site = await siteOf(request);
    const name = /^(.+)\.xml$/.exec(request.params.file)?.[1];
    const file = name ? await sitemaps.file(name, site) : null;
    if (!file) throw ApiFailure.notFound();
    return sendXml(request, reply, site, file, XML);
  });

  app.get('/opensearch.xml', { config: pub, schema: Reply }, async (request, reply) => {
    const site = await siteOf(request);
    return sendXml(
      request,
      reply,
      site,
      { xml: openSearchXml(site) },
      'application/opensearchdescription+xml; charset=utf-8',
    );
  });

  for (const format of FORMATS) {
    app.get(`/feeds/questions.${format}`, { config: pub, schema: Reply }, async (request, reply) => {
      const site = await siteOf(request);
      const page = await questions.page({ order: 'newest', page: 1, page_size: FEED_ENTRIES });
      const feed = questionsFeed(site, page.list, format);
      return sendXml(request, reply, site, feed, FEED_TYPES[format]);
    });
  }

  app.get('/feeds/tags/:file', { config: pub, schema: { params: Params, ...Reply } }, async (request, reply) => {
    const wanted = feedFile(request.params.file);
    if (!wanted) throw ApiFailure.notFound();
    const [tag] = await tags.bySlugs([wanted.name.toLowerCase()]);
    if (!tag) throw ApiFailure.notFound();
    const site = await siteOf(request);
    const page = await questions.page({ order: 'newest', page: 1, page_size: FEED_ENTRIES, tag: tag.slug_name });
    const feed = questionsFeed(site, page.list, wanted.format, {
      slug: tag.slug_name,
      name: tag.display_name || tag.slug_name,
    });
    return sendXml(request, reply, site, feed, FEED_TYPES[wanted.format]);
  });

  app.get('/feeds/questions/:file', { config: pub, schema: { params: Params, ...Reply } }, async (request, reply) => {
    const wanted = feedFile(request.params.file);
    if (!wanted) throw ApiFailure.notFound();
    const site = await siteOf(request);
    // What a visitor sees of the question (a hidden, deleted or queued one is a 404), whoever asks; the
    // newest answers first ('updated' is the contract's name for that order). A short id is accepted.
    const { rows, question } = await answers.page(fromInputId(wanted.name), 'updated', 0, FEED_ENTRIES, {});
    const users = await crawl.authors(rows.map((row) => Number(row.user_id)));
    const feed = answersFeed(site, question, rows, users, wanted.format);
    return sendXml(request, reply, site, feed, FEED_TYPES[wanted.format]);
  });
};
