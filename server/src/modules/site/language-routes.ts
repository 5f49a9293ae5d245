import { LanguageOptions } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LANGUAGES } from '../../i18n';
import { ok, responses } from '../../lib/envelope';

const OPTIONS = LANGUAGES.map((l) => ({ label: l.label, value: l.value }));

/** GET language/options (answer-api.md §2.1). */
export const languageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/language/options', { schema: { response: responses(LanguageOptions) } }, async (request) =>
    ok(request, OPTIONS),
  );
};
