import { LanguageOptions } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { catalogOf, LANGUAGES } from '../../i18n';
import { ok, responses } from '../../lib/envelope';

const OPTIONS = LANGUAGES.map((l) => ({ label: l.label, value: l.value }));

const Catalog = Type.Record(Type.String(), Type.Unknown());

/** GET language/options under /answer/admin/api: the same choices, for the interface settings. */
export const adminLanguageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/language/options',
    { config: { auth: 'admin' }, schema: { response: responses(LanguageOptions, [401, 403]) } },
    async (request) => ok(request, OPTIONS),
  );
};

/** GET language/options and language/config, under /answer/api/v1. */
export const languageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The server's catalogue (reasons, field messages, mail and captcha texts) in the request's language.
  app.get('/language/config', { config: { auth: 'none' }, schema: { response: responses(Catalog) } }, async (request) =>
    ok(request, catalogOf(request.lang) as Record<string, unknown>),
  );

  app.get(
    '/language/options',
    { config: { auth: 'none' }, schema: { response: responses(LanguageOptions) } },
    async (request) => ok(request, OPTIONS),
  );
};
