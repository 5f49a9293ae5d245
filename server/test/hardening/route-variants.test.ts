import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { pathVariant, variantTarget, type PathOp } from '../support/path-variants';
import { rawRequest, startCaptureServer } from '../support/raw-http';
import { DRAFT_UPLOAD, ROLES, variantSite, type VariantSite } from '../support/variant-site';
import { failureReport, sweepVariants } from '../support/variant-sweep';

// The route table comes from the app itself: an onRoute hook on every Fastify instance this file builds.
vi.mock('fastify', async (importOriginal) =>
  (await import('../support/route-table')).collectingFastify(await importOriginal()),
);

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** Variants per database (AGORA_VARIANT_RUNS); a failing run prints its seed (AGORA_VARIANT_SEED replays it). */
const RUNS = Number(process.env.AGORA_VARIANT_RUNS ?? 300);
const SEED = process.env.AGORA_VARIANT_SEED ? Number(process.env.AGORA_VARIANT_SEED) : undefined;
const V1 = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';

/**
 * Hooks that decide by the raw `request.url` while the router matches the decoded, normalised path
 * let `/answer/%61dmin/api/users/page` through without a login. Whatever the fix, the property
 * holds for every registered route: a different spelling of a route's path (percent-encoding,
 * case, `//`, dot segments, `%2F`, `;param`, absolute-form targets) never answers better than the
 * canonical path does for the same caller. Requests go over a real socket: app.inject normalises
 * some of these spellings away.
 */
it('puts exactly the generated request target on the wire', async () => {
  const capture = await startCaptureServer();
  try {
    const targets = fc
      .sample(pathVariant, { numRuns: 60, seed: 7 })
      .map((ops) => variantTarget(`${ADMIN_API}/users/page?page=1`, ops, `127.0.0.1:${capture.port}`));
    for (const target of targets) await rawRequest(capture.port, { method: 'GET', target });
    expect(capture.heads.map((head) => head.split('\r\n')[0])).toEqual(targets.map((t) => `GET ${t} HTTP/1.1`));
    // The generator does produce the known bypass and its relatives.
    expect(targets.some((t) => /%[0-9a-f]{2}/i.test(t))).toBe(true);
    expect(
      variantTarget(
        `${ADMIN_API}/users/page`,
        [{ kind: 'encode', segment: 1, picks: [0], all: false, upper: false }],
        'h',
      ),
    ).toBe('/answer/%61dmin/api/users/page');
  } finally {
    await capture.close();
  }
});

describe.each(available)('route variants on $label', (target) => {
  let s: VariantSite;
  beforeAll(async () => {
    s = await variantSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('reads the whole route table, and the canonical paths answer each role as their level says', async () => {
    const names = s.routes.map((r) => `${r.method} ${r.url}`);
    expect(names.length).toBeGreaterThan(200);
    expect(names).toEqual(
      expect.arrayContaining([
        `GET ${ADMIN_API}/users/page`,
        `POST ${V1}/user/login/email`,
        `GET ${V1}/question/page`,
        'GET /uploads/*',
        'GET /*',
      ]),
    );
    const users = `${ADMIN_API}/users/page`;
    expect((await s.send('anonymous', 'GET', users)).status).toBe(401);
    expect((await s.send('moderator', 'GET', users)).status).toBe(403);
    expect((await s.send('admin', 'GET', users)).status).toBe(200);
    // The draft upload goes to its uploader only; the plugin is switched off for everyone.
    const draft = `/uploads/${DRAFT_UPLOAD}`;
    expect((await s.send('anonymous', 'GET', draft)).status).toBe(404);
    expect((await s.send('member', 'GET', draft)).status).toBe(200);
    expect((await s.send('admin', 'GET', '/plugins/hello/remoteEntry.js')).status).toBe(404);
  });

  it('no variant of any route answers better than its canonical path, for any role', async () => {
    const started = performance.now();
    // The reported hole first: `/answer/%61dmin/api/users/page` without a login listed every e-mail.
    const users = s.routes.find((r) => r.method === 'GET' && r.url === `${ADMIN_API}/users/page`)!;
    const known: PathOp[] = [{ kind: 'encode', segment: 1, picks: [0], all: false, upper: false }];
    const result = await sweepVariants(s, {
      routes: s.routes,
      roles: ROLES,
      numRuns: RUNS,
      seed: SEED,
      examples: [[users, 'anonymous', known]],
    });
    console.info(
      `route variants on ${target.label}: ${RUNS} variants, ${result.requests} requests in ` +
        `${Math.round(performance.now() - started)} ms (seed ${result.seed})`,
    );
    if (result.failures.length) throw new Error(`seed ${result.seed}\n${failureReport(result.failures)}`);
  });

  it('private site: anonymous variants of the reads and of uploads are refused as the canonical paths are', async () => {
    const login = await s.settings.get('login');
    await s.settings.set('login', { ...login, login_required: true });
    try {
      const reads = s.routes.filter(
        (r) => (r.method === 'GET' || r.method === 'HEAD') && (r.auth === 'pub' || r.url.startsWith('/uploads/')),
      );
      const urls = reads.map((r) => r.url);
      expect(urls).toEqual(expect.arrayContaining([`${V1}/question/page`, `${V1}/search`, `${V1}/question/info`]));
      for (const path of [`${V1}/question/page`, `${V1}/search?q=variants`, `/uploads/${DRAFT_UPLOAD}`]) {
        expect((await s.send('anonymous', 'GET', path)).status, path).toBe(401);
      }
      const result = await sweepVariants(s, {
        routes: reads,
        roles: ['anonymous'],
        numRuns: Math.ceil(RUNS / 3),
        seed: SEED,
      });
      if (result.failures.length) throw new Error(`seed ${result.seed}\n${failureReport(result.failures)}`);
    } finally {
      await s.settings.set('login', login);
    }
  });
});
