import type * as FastifyModule from 'fastify';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * The route table of every app a test file builds, read through an `onRoute` hook added the moment
 * Fastify creates the instance (before any plugin registers a route), so a route added to the app
 * later is picked up without anyone listing it. Use from a test file:
 *
 *   vi.mock('fastify', async (importOriginal) =>
 *     (await import('../support/route-table')).collectingFastify(await importOriginal()));
 *
 * and read `routesOf(app)` once the app is ready. Only type imports of fastify here: this module is
 * loaded from inside the mock of fastify.
 */
const tables = new WeakMap<object, RouteOptions[]>();

export function collectingFastify(actual: typeof FastifyModule): typeof FastifyModule {
  const create = ((options?: object) => {
    const instance = actual.default(options);
    const routes: RouteOptions[] = [];
    tables.set(instance, routes);
    instance.addHook('onRoute', (route) => {
      routes.push(route);
    });
    return instance;
  }) as unknown as typeof actual.default;
  return { ...actual, default: create, fastify: create };
}

/** One method of one registered route. */
export interface RouteEntry {
  method: string;
  /** The pattern as registered (`/answer/api/v1/question/info`, `/uploads/*`, `/x/:id`). */
  url: string;
  auth: string;
  /** Required query parameters of its schema. */
  requiredQuery: string[];
}

export function routesOf(app: FastifyInstance): RouteEntry[] {
  const routes = tables.get(app);
  if (!routes) throw new Error('no route table: the test file must mock fastify with collectingFastify');
  return routes.flatMap((route) =>
    [route.method].flat().map((method) => ({
      method: String(method),
      url: route.url,
      auth: route.config?.auth ?? 'none',
      requiredQuery: ((route.schema?.querystring ?? {}) as { required?: string[] }).required ?? [],
    })),
  );
}

/** Values for a route's parameters; names not listed here get a harmless placeholder. */
export interface ParamValues {
  /** By query or path parameter name. */
  byName: Record<string, string>;
  /** The `id` of a route, which names a different object per resource. */
  idFor(url: string): string;
  /** What a `*` stands for under a route's prefix (`/uploads/*` → a file name). */
  wildcardFor(url: string): string;
}

export const PLACEHOLDER = '1';

/** The canonical request target of a route: its pattern filled in, its required query parameters set. */
export function canonicalTarget(route: RouteEntry, values: ParamValues): string {
  const path = route.url
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values.byName[name] ?? PLACEHOLDER))
    .replace(/\*$/, () => values.wildcardFor(route.url));
  const query = new URLSearchParams();
  for (const name of route.requiredQuery) {
    query.set(name, name === 'id' ? values.idFor(route.url) : (values.byName[name] ?? PLACEHOLDER));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
