import { LegalInfo, LegalQuery, SiteInfo } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import { legalInfo, siteInfo, type BuildInfo } from './service';

export interface SiteRoutesOptions {
  build: BuildInfo;
  maintenance: () => boolean;
  /** False in install mode: siteinfo then says `installed: false`. Default true. */
  installed?: boolean;
}

/** Site information (answer-api.md §2.1), under /answer/api/v1. */
export const siteRoutes: FastifyPluginAsyncTypebox<SiteRoutesOptions> = async (
  app,
  { build, maintenance, installed = true },
) => {
  app.get('/siteinfo', { schema: { response: responses(SiteInfo) } }, async (request) =>
    ok(request, await siteInfo(app.settings, build, maintenance(), installed)),
  );

  app.get(
    '/siteinfo/legal',
    { schema: { querystring: LegalQuery, response: responses(LegalInfo, [400]) } },
    async (request) => ok(request, await legalInfo(app.settings, request.query.info_type)),
  );
};
