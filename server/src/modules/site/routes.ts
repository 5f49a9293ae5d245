import { LegalInfo, LegalQuery, SiteInfo } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope';
import { legalInfo, robotsTxt, siteInfo, type BuildInfo } from './service';

export interface SiteRoutesOptions {
  build: BuildInfo;
  maintenance: () => boolean;
  /** False in install mode: siteinfo then says `installed: false`. Default true. */
  installed?: boolean;
}

/** Site information, under /answer/api/v1. */
export const siteRoutes: FastifyPluginAsyncTypebox<SiteRoutesOptions> = async (
  app,
  { build, maintenance, installed = true },
) => {
  app.get('/siteinfo', { config: { auth: 'none' }, schema: { response: responses(SiteInfo) } }, async (request) =>
    ok(request, await siteInfo(app.settings, build, maintenance(), installed)),
  );

  app.get(
    '/siteinfo/legal',
    { config: { auth: 'none' }, schema: { querystring: LegalQuery, response: responses(LegalInfo, [400]) } },
    async (request) => ok(request, await legalInfo(app.settings, request.query.info_type)),
  );
};

/**
 * GET /custom.css: the site's custom CSS (settings custom_css_html.custom_css) as a stylesheet, empty
 * when there is none. Answer's UI links it from every page, so it is never a JSON 404. Public like
 * the pages' other styles (a login-required site shows its login page with them).
 */
export const customCssRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/custom.css', { schema: { response: { 200: Type.String() } } }, async (_request, reply) => {
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache');
    return (await app.settings.get('custom_css_html')).custom_css;
  });
};

/** GET /robots.txt from the SEO setting. */
export const robotsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/robots.txt', { schema: { response: { 200: Type.String() } } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'no-cache');
    return robotsTxt(app.settings);
  });
};
