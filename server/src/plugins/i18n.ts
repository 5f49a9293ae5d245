import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolveLanguage, translate, type Language, type TranslateParams } from '../i18n';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's language from Accept-Language (docs/wire-contract.md). */
    readonly lang: Language;
    /** Translates an i18n key into the request's language. */
    t(key: string, params?: TranslateParams): string;
  }
}

async function i18n(app: FastifyInstance) {
  app.decorateRequest('lang', {
    getter(this: { headers: Record<string, string | string[] | undefined> }) {
      return resolveLanguage(this.headers['accept-language']);
    },
  });
  app.decorateRequest('t', function t(this: { lang: Language }, key: string, params?: TranslateParams) {
    return translate(key, this.lang, params);
  });
}

export default fp(i18n, { name: 'i18n' });
