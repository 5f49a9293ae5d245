import { SiteBranding } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope';
import { FaviconCache, uploadFileOf } from './favicon';
import { FieldChecks, isHttpUrl, isSitePath } from './rules';
import { groupSaver, type SettingsRoutesOptions } from './save';

export const BRANDING_FIELDS = ['logo', 'mobile_logo', 'square_icon', 'favicon'] as const;
const URL_MAX = 512;
/** What /favicon.ico answers while no favicon is set: the shell's own icon. */
export const DEFAULT_FAVICON = '/favicon.svg';

/**
 * GET/PUT siteinfo/branding under /answer/admin/api, administrators only: logo, mobile logo, square
 * icon and favicon, each an upload of this site (`/uploads/...` or the URL the upload route gave)
 * or an http(s) URL. A favicon that is an upload must be a readable image: the site serves a 32x32
 * PNG of it at /favicon.ico (faviconRoute).
 */
export const brandingSettingsRoutes: FastifyPluginAsyncTypebox<SettingsRoutesOptions & { dataDir: string }> = async (
  app,
  { pinned, dataDir },
) => {
  const save = groupSaver(app, pinned);
  const favicons = new FaviconCache();

  app.get(
    '/siteinfo/branding',
    { config: { auth: 'admin' }, schema: { response: responses(SiteBranding, [401, 403]) } },
    async (request) => ok(request, await app.settings.get('branding')),
  );
  app.put(
    '/siteinfo/branding',
    { config: { auth: 'admin' }, schema: { body: SiteBranding, response: responses(SiteBranding, [400, 401, 403]) } },
    async (request) => {
      const check = new FieldChecks();
      const value = {
        logo: request.body.logo.trim(),
        mobile_logo: request.body.mobile_logo.trim(),
        square_icon: request.body.square_icon.trim(),
        favicon: request.body.favicon.trim(),
      };
      for (const field of BRANDING_FIELDS) {
        const text = value[field];
        if (!text) continue;
        check.singleLine(field, text);
        if ([...text].length > URL_MAX) check.fail(field, 'validation.max_length', { limit: URL_MAX });
        else if (!isSitePath(text) && !isHttpUrl(text)) check.fail(field, 'error.settings.image_url_invalid');
      }
      const { site_url } = await app.settings.get('general');
      const file = value.favicon ? uploadFileOf(value.favicon, site_url, dataDir) : null;
      if (value.favicon && isSitePath(value.favicon) && !file)
        check.fail('favicon', 'error.settings.image_url_invalid');
      if (file && check.failures.length === 0) {
        try {
          await favicons.get(file);
        } catch {
          check.fail('favicon', 'error.settings.favicon_unreadable');
        }
      }
      return ok(request, await save(request, 'branding', value, check.failures));
    },
  );
};

/**
 * GET /favicon.ico: a 32x32 PNG of the favicon the admin uploaded, a redirect to a favicon hosted
 * elsewhere, or (none set) to the shell's own icon. Public, like the pages' other assets.
 */
export const faviconRoute: FastifyPluginAsyncTypebox<{ dataDir: string }> = async (app, { dataDir }) => {
  const favicons = new FaviconCache();
  app.get('/favicon.ico', { schema: { response: { 200: Type.Any(), 302: Type.Null() } } }, async (_request, reply) => {
    const [{ favicon }, { site_url }] = await Promise.all([app.settings.get('branding'), app.settings.get('general')]);
    const file = favicon ? uploadFileOf(favicon, site_url, dataDir) : null;
    if (file) {
      try {
        const png = await favicons.get(file);
        return reply.type('image/png').header('Cache-Control', 'no-cache').send(png);
      } catch (error) {
        reply.log.warn({ why: (error as Error).message }, 'favicon: the uploaded image cannot be read');
      }
    }
    const target = favicon && isHttpUrl(favicon) ? favicon : DEFAULT_FAVICON;
    return reply.code(302).header('Location', target).header('Cache-Control', 'no-cache').send();
  });
};
