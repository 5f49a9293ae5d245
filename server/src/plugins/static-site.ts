import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { servedPath, type ServerConfig } from '../config';
import { ApiFailure } from '../lib/api-failure';
import { configuredPluginStates, type PluginStateStore } from '../modules/plugins/state';
import { isPrivateUpload, PRIVATE_UPLOAD_CACHE, uploadAccessHook, type UploadAccess } from '../modules/upload/access';
import { pathOf } from '../lib/canonical-path';
import { bcp47, NOT_BUILT, ShellDocument, withLanguage } from '../lib/shell-document';
import { INSTALL_PAGE, isInstallPage } from './install-mode';
import {
  ADMIN_API_PREFIX,
  API_PREFIX,
  INSTALL_API_PREFIX,
  PLUGINS_PREFIX,
  surfaceOfRequest,
  UPLOADS_PREFIX,
} from './prefixes';

/** `name.0123abcd.ext` (optionally `.map`): rspack's content-hashed output never changes under one name. */
const HASHED = /\.[0-9a-f]{8}\.[A-Za-z0-9]+(?:\.map)?$/;
/** Files that name other files, so they must be fetched fresh every time (independent deployment). */
const ALWAYS_FRESH = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'mf-stats.json', 'remotes.json']);

export function cacheControlFor(filePath: string): string {
  const base = path.basename(filePath);
  if (ALWAYS_FRESH.has(base)) return 'no-store';
  if (HASHED.test(base)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** Paths the shell never owns: a miss there is a 404, not the SPA. */
const NOT_PAGES = [
  `${API_PREFIX}/`,
  `${ADMIN_API_PREFIX}/`,
  '/answer/',
  `${INSTALL_API_PREFIX}/`,
  '/remotes/',
  PLUGINS_PREFIX,
  UPLOADS_PREFIX,
];

/**
 * Extensions of files a browser asks for. A miss on one of them is a 404 rather than the shell, so
 * a missing chunk fails as a chunk (docs/product-rules.md). Other dots stay pages: usernames may contain dots
 * (`/users/jane.doe`).
 */
const FILE_EXTENSIONS = new Set(
  'js mjs cjs css map json txt xml html htm png jpg jpeg gif webp avif svg ico bmp woff woff2 ttf otf eot wasm webmanifest mp4 webm mp3 pdf zip gz br'.split(
    ' ',
  ),
);

/** Whether a request that matched no file or route should get the shell (the SPA fallback). */
export function wantsShell(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = pathOf(url);
  if (pathname === INSTALL_API_PREFIX || NOT_PAGES.some((p) => pathname.startsWith(p))) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (last.startsWith('.')) return false;
  const ext = path.extname(last).slice(1).toLowerCase();
  return !FILE_EXTENSIONS.has(ext);
}

/**
 * Serves the built shell at /, each remote under /remotes/<name>/ and each enabled plugin remote under
 * /plugins/<slug>/, straight from disk on every request: files replaced while the server runs are
 * served fresh on the next load, so a remote is redeployed by copying its dist.
 */
export interface StaticSiteOptions {
  config: ServerConfig;
  /** Install mode: the SPA fallback redirects (302) every page but /install to /install. */
  installMode?: boolean;
  /** Who may fetch which post upload; without it only the private-site rule applies. */
  uploadAccess?: UploadAccess;
  /** Which plugins are switched on (default: as configured). */
  pluginStates?: PluginStateStore;
}

async function staticSite(
  app: FastifyInstance,
  { config, installMode = false, uploadAccess, pluginStates = configuredPluginStates }: StaticSiteOptions,
) {
  // Uploads of a private site, of deleted/unlisted posts and drafts need the right session.
  app.addHook('onRequest', uploadAccessHook(uploadAccess));
  // A plugin switched off (by the configuration or the administrator) is not served: its files 404.
  const pluginPaths = config.plugins.map((p) => ({ slug: p.slug_name, prefix: servedPath('plugins', p.slug_name) }));
  app.addHook('onRequest', async (request, reply) => {
    if (surfaceOfRequest(request) !== 'plugin-files') return;
    const route = request.routeOptions.url ?? '';
    const served = pluginPaths.find((p) => route.startsWith(p.prefix));
    if (!served) return;
    const plugin = (await pluginStates.resolve(config.plugins)).find((p) => p.slug_name === served.slug);
    if (plugin?.enabled === false) return reply.callNotFound();
  });
  const shellIndex = path.join(config.shellDir, 'index.html');
  let first = true;
  const serve = (root: string, prefix: string, crossOrigin: boolean, userFiles = false) => {
    if (!userFiles && !existsSync(root)) {
      app.log.warn({ root }, 'static directory missing; its remote will be reported unavailable');
    }
    void app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: first,
      // A directory URL serves its index.html when there is one (the shell's `/`), else it is a miss
      // (a 404, or the SPA fallback) rather than a directory error.
      index: ['index.html'],
      wildcard: true,
      dotfiles: 'ignore',
      // Source maps stay on disk for debugging but are never served: they would publish the source.
      allowedPath: (pathName: string) => !pathName.endsWith('.map'),
      etag: true,
      lastModified: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header(
          'Cache-Control',
          userFiles && isPrivateUpload(reply.request) ? PRIVATE_UPLOAD_CACHE : cacheControlFor(filePath),
        );
        if (userFiles) {
          // Files members uploaded: never a document that runs script in the site's origin.
          reply.header(
            'Content-Security-Policy',
            "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
          );
          reply.header('X-Content-Type-Options', 'nosniff');
          // Attachments are never shown in the browser, whatever they hold (HTML, SVG, scripts): a
          // download of opaque bytes under the name they were stored as.
          const relative = path.relative(root, filePath).split(path.sep);
          if (relative[0] === 'files') {
            reply.header('Content-Type', 'application/octet-stream');
            reply.header('Content-Disposition', `attachment; filename="${relative.at(-1)}"`);
          }
        }
        if (crossOrigin) {
          // A shell on another origin (development, split hosting) may load remotes from here.
          reply.header('Access-Control-Allow-Origin', '*');
          reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
        }
      },
    });
    first = false;
  };

  serve(config.shellDir, '/', false);
  // Uploads (avatars, post images, branding) live in the data directory, outside every build. A fresh
  // install has none yet: the folder is made now, so that the site serves and stores them from the start.
  const uploadsDir = path.join(config.dataDir, 'uploads');
  try {
    mkdirSync(uploadsDir, { recursive: true });
  } catch (error) {
    app.log.warn({ dir: uploadsDir, err: error }, 'cannot create the uploads folder; uploads will fail');
  }
  serve(uploadsDir, UPLOADS_PREFIX, false, true);
  for (const remote of config.remotes) if (remote.dir) serve(remote.dir, servedPath('remotes', remote.name), true);
  for (const plugin of config.plugins) if (plugin.dir) serve(plugin.dir, servedPath('plugins', plugin.slug_name), true);

  const shellDocument = new ShellDocument(shellIndex);
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    request.log.debug({ url: request.url }, 'serving the shell');
    const html = await shellDocument.read();
    if (html === null) {
      return reply.code(503).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT);
    }
    const { language } = await app.settings.get('interface');
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(withLanguage(html, bcp47(language)));
  };

  // No route matched. The routing plugin has refused every path that is not canonical, so the path
  // alone says which kind of miss this is.
  app.setNotFoundHandler((request, reply) => {
    if (wantsShell(request.method, request.url)) {
      if (installMode && !isInstallPage(pathOf(request.url))) {
        return reply.code(302).header('Location', INSTALL_PAGE).header('Cache-Control', 'no-store').send();
      }
      return sendShell(request, reply);
    }
    throw ApiFailure.notFound();
  });
}

export default fp(staticSite, { name: 'static-site', dependencies: ['errors', 'routing'] });
