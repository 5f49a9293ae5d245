import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

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
