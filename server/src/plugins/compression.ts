import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Brotli or gzip for text responses above 1 KB (API answers, HTML, JS, CSS, JSON, SVG). Types that
 * are already compressed (PNG, JPEG, WebP, fonts in woff2) are left alone: @fastify/compress only
 * compresses types mime-db marks compressible. Brotli runs at quality 5: close to the best ratio
 * for JS at a fraction of the CPU of the default 11, which matters when files are compressed per request.
 */
async function compression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}

export default fp(compression, { name: 'compression' });
