import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { pathVariant, variantTarget, type PathOp } from './path-variants';
import type { RawResponse } from './raw-http';
import { canonicalTarget, type RouteEntry } from './route-table';
import type { Role, VariantSite } from './variant-site';

/** What a comparison needs of a response. */
export interface Answer {
  status: number;
  location?: string;
  /** Content type and a digest of the body (HEAD: of its Content-Length): equal answers, equal shapes. */
  shape: string;
  /** A 400 listing field errors: the request got as far as validation, which runs after the auth check. */
  validated: boolean;
}

function listsFieldErrors(body: string): boolean {
  try {
    const data = (JSON.parse(body) as { data?: unknown }).data;
    return (
      Array.isArray(data) && data.some((item) => typeof item === 'object' && item !== null && 'error_field' in item)
    );
  } catch {
    return false;
  }
}

export function answerOf(response: RawResponse): Answer {
  const body = response.body || `length:${response.headers['content-length'] ?? ''}`;
  return {
    status: response.status,
    ...(response.headers.location !== undefined ? { location: response.headers.location } : {}),
    shape: `${response.headers['content-type'] ?? ''} ${createHash('sha256').update(body).digest('hex')}`,
    validated: response.status === 400 && listsFieldErrors(response.body),
  };
}

const is2xx = (s: number) => s >= 200 && s < 300;
const is3xx = (s: number) => s >= 300 && s < 400;

/** A path of this site: a redirect there may be followed; `//host` and `/\\host` leave the site. */
const isLocalPath = (location: string) => /^\/(?![/\\])/.test(location);

/**
 * Why a variant answers better than the canonical request target, or null when it does not, or
 * `{ follow }` for a redirect to another path of this site, whose answer must then pass (one hop).
 * The rule: never a 5xx; a redirect to the canonical target (its path, or path and query), or to
 * another local path that answers no better; a 2xx only when the canonical answer is a 2xx as well;
 * and where the canonical answer is 401 or 403, no validation error either (writes are sent with an
 * empty body, so a write that slips past the auth check shows as a 400 with field errors).
 * `notFound` is what the app answers a page path no route matches (the shell, which renders its
 * not-found screen): a variant that no route matches and gets exactly that answer is a miss, not a
 * way in, whatever its status.
 */
export function verdict(
  canonical: Answer,
  variant: Answer,
  target: string,
  notFound: Answer,
): string | null | { follow: string } {
  if (variant.status >= 500) return 'a server error';
  if (is3xx(variant.status)) {
    const location = variant.location ?? '';
    if (location === target || location === target.split('?')[0]) return null;
    if (isLocalPath(location)) return { follow: location };
    return `a redirect to ${JSON.stringify(variant.location ?? null)}, off the canonical path`;
  }
  const refused = canonical.status === 401 || canonical.status === 403;
  if (refused && variant.validated) return 'validation reached where the canonical path is refused';
  if (!is2xx(variant.status) || is2xx(canonical.status)) return null;
  if (variant.status === notFound.status && variant.shape === notFound.shape) return null;
  return 'a success where the canonical path is refused';
}

export interface VariantFailure {
  route: RouteEntry;
  role: Role;
  ops: PathOp[];
  canonicalTarget: string;
  canonicalStatus: number;
  target: string;
  status: number;
  why: string;
}

export function describeFailure(f: VariantFailure): string {
  return (
    `${f.route.method} ${f.route.url} as ${f.role}: ${f.target} -> ${f.status}, ` +
    `canonical ${f.canonicalTarget} -> ${f.canonicalStatus}: ${f.why} [${f.ops.map((o) => o.kind).join('+')}]`
  );
}

/** At most `max` lines naming the failures, one per route, role and kind of variant. */
export function failureReport(failures: VariantFailure[], max = 40): string {
  const seen = new Map<string, VariantFailure>();
  for (const f of failures) {
    const key = `${f.route.method} ${f.route.url} ${f.role} ${f.ops.map((o) => o.kind).join('+')}`;
    if (!seen.has(key)) seen.set(key, f);
  }
  const lines = [...seen.values()].map(describeFailure);
  const more = lines.length > max ? [`... and ${lines.length - max} more`] : [];
  return [
    `${failures.length} variant requests answered better than their canonical path:`,
    ...lines.slice(0, max),
    ...more,
  ].join('\n');
}

export interface SweepOptions {
  routes: RouteEntry[];
  roles: readonly Role[];
  numRuns: number;
  /** A fast-check seed, to replay a run (AGORA_VARIANT_SEED). */
  seed?: number;
  /** Cases tried before the generated ones (a known hole that must stay closed). */
  examples?: Array<[RouteEntry, Role, PathOp[]]>;
}

export interface SweepResult {
  failures: VariantFailure[];
  requests: number;
  seed: number;
}

/**
 * Property-based sweep: fast-check picks a route, a role and a variant of the route's canonical
 * target; the variant must answer no better than the canonical target does for that role. Every
 * failure is collected (no stop at the first) so one run names every kind of hole it met.
 */
export async function sweepVariants(site: VariantSite, options: SweepOptions): Promise<SweepResult> {
  const failures: VariantFailure[] = [];
  const canonical = new Map<string, Answer>();
  const notFound = new Map<string, Answer>();
  let requests = 0;
  const ask = async (role: Role, method: string, target: string) => {
    requests += 1;
    return answerOf(await site.send(role, method, target));
  };
  const remembered = async (cache: Map<string, Answer>, key: string, load: () => Promise<Answer>) => {
    const known = cache.get(key);
    if (known) return known;
    const answer = await load();
    cache.set(key, answer);
    return answer;
  };
  const ownHost = `127.0.0.1:${site.port}`;
  const seed = options.seed ?? (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0;

  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...options.routes),
      fc.constantFrom(...options.roles),
      pathVariant,
      async (route, role, ops) => {
        const base = canonicalTarget(route, site.values);
        const target = variantTarget(base, ops, ownHost);
        if (target === base) return;
        const expected = await remembered(canonical, `${role} ${route.method} ${base}`, () =>
          ask(role, route.method, base),
        );
        const got = await ask(role, route.method, target);
        const miss = await remembered(notFound, `${role} ${route.method}`, () =>
          ask(role, route.method, '/no-such-page/for-route-variants'),
        );
        let why = expected.status >= 500 ? 'the canonical path itself answers a server error' : null;
        let judged = why ?? verdict(expected, got, base, miss);
        if (judged !== null && typeof judged === 'object') {
          const location = judged.follow;
          const hop = verdict(expected, await ask(role, route.method, location), base, miss);
          if (hop !== null && typeof hop === 'object') judged = `a chain of redirects (${location}, ${hop.follow})`;
          else judged = hop && `a redirect to ${location}, which answers ${hop}`;
        }
        why = judged;
        if (why) {
          failures.push({
            route,
            role,
            ops,
            canonicalTarget: base,
            canonicalStatus: expected.status,
            target,
            status: got.status,
            why,
          });
        }
      },
    ),
    { numRuns: options.numRuns, seed, examples: options.examples ?? [] },
  );
  return { failures, requests, seed };
}
