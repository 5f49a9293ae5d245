import { resolveLanguage, translate } from '../i18n';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { customHeadSources, type CustomHeadSources } from '../lib/custom-head-csp';
import { isHttpsUrl, isSecureSite } from '../lib/site-address';

export interface SecurityOptions {
  /** Origins of remotes and plugins whose manifests are absolute URLs (config.externalOrigins). */
  remoteOrigins: string[];
}

/** HSTS: a year, subdomains included (helmet's default value). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The Content-Security-Policy of every response.
 *
 * - Scripts: this origin plus the origins of configured remotes and plugins loaded from elsewhere;
 *   never inline or eval. The built index.html has no inline script, so no nonce is needed.
 * - Styles: 'unsafe-inline' because antd's CSS-in-JS writes <style> elements at run time. A nonce
 *   would mean rewriting index.html per response, which the static, independently deployed shell
 *   avoids; injected CSS cannot run script, so this is the accepted trade-off.
 * - Images: self, data: (inline icons) and any https: (Gravatar, user-chosen avatars, remote images).
 * - connect-src: this origin, and remote origins (the Module Federation runtime fetches their
 *   manifests and chunks).
 * - The administrator's custom head HTML (an analytics snippet): pages allow its inline scripts by
 *   their hashes and its external scripts by their origins, which may also be connected to (where
 *   such scripts report); nothing else (lib/custom-head-csp.ts).
 */
export function cspDirectives(
  remoteOrigins: string[],
  custom: CustomHeadSources = { scripts: [], connect: [] },
): Record<string, string[]> {
  const unique = (values: string[]) => [...new Set(values)];
  return {
    'default-src': ["'self'"],
    'script-src': unique(["'self'", ...remoteOrigins, ...custom.scripts]),
    'style-src': ["'self'", "'unsafe-inline'", ...remoteOrigins],
    'img-src': ["'self'", 'data:', 'https:', ...remoteOrigins],
    'font-src': ["'self'", 'data:', ...remoteOrigins],
    'connect-src': unique(["'self'", ...remoteOrigins, ...custom.connect]),
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  };
}

/** The header value of a set of directives, as helmet writes it. */
export function serializeCsp(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

/** Security headers on every response: pages, files, API answers and errors. */
async function security(app: FastifyInstance, { remoteOrigins }: SecurityOptions) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(remoteOrigins) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Remote files may be loaded by a shell on another origin (development, split hosting): static-site
    // relaxes this header for /remotes/ and /plugins/ only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // Only over HTTPS (below): over plain HTTP the header is meaningless and misreports the site.
    strictTransportSecurity: false,
  });
  // HTML pages run the custom head's scripts: their policy adds those (kept per head HTML, as it rarely changes).
  let cached: { head: string; header: string } | null = null;
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html')) return payload;
    const head = await app.settings
      .get('custom_css_html')
      .then((c) => c.custom_head)
      .catch(() => '');
    if (!/<script/i.test(head)) return payload;
    if (cached?.head !== head)
      cached = { head, header: serializeCsp(cspDirectives(remoteOrigins, customHeadSources(head))) };
    reply.header('content-security-policy', cached.header);
    return payload;
  });
  // HTTPS as the session cookie sees it (lib/site-address.ts): the live site URL or the config file's is
  // https:// (TLS ends at a proxy in front of us), or the connection is TLS. When the settings cannot be
  // read the request fails later anyway; its answer still gets HSTS if the config or the socket says so.
  app.addHook('onRequest', async (request, reply) => {
    const secure = await isSecureSite(request).catch(
      () => request.protocol === 'https' || isHttpsUrl(app.configSiteUrl),
    );
    if (secure) reply.header('Strict-Transport-Security', HSTS);
  });
  // TRACE and TRACK echo requests back (cross-site tracing); no route of ours answers them.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'TRACE' && request.method !== 'TRACK') return;
    return reply
      .code(405)
      .header('Allow', 'GET, HEAD, POST, PUT, DELETE, OPTIONS')
      .send({
        code: 405,
        reason: 'base.method_not_allowed',
        msg: translate('base.method_not_allowed', resolveLanguage(request.headers['accept-language'])),
        data: null,
      });
  });
}

export default fp(security, { name: 'security' });
