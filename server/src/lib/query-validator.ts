import { CLAMP_TO_MAXIMUM, PAGE_MAX } from '@agora/shared-api/contract';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler, RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';

type Properties = Record<string, TSchema & { maximum?: unknown; [CLAMP_TO_MAXIMUM]?: unknown }>;

const propertiesOf = (schema: unknown): Properties | undefined =>
  (schema as { properties?: Properties } | undefined)?.properties;

/**
 * TypeBox validation as @fastify/type-provider-typebox does it (query strings converted to the schema's
 * types, bodies taken as sent), plus the contract's CLAMP_TO_MAXIMUM: a query number above such a
 * property's `maximum` is served as the maximum (a page size of 999 gets the largest page).
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = (route) => {
  // Compiled on the route's first request, not at start-up (most routes are not called for a while).
  let compiled: ReturnType<typeof TypeBoxValidatorCompiler> | undefined;
  const validate = (value: unknown) => (compiled ??= TypeBoxValidatorCompiler(route))(value);
  const clamped = Object.entries(propertiesOf(route.schema) ?? {}).flatMap(([name, property]) =>
    property[CLAMP_TO_MAXIMUM] === true && typeof property.maximum === 'number'
      ? [{ name, maximum: property.maximum }]
      : [],
  );
  if (route.httpPart !== 'querystring' || clamped.length === 0) return validate;
  return (value) => {
    const result = validate(value);
    if (!(result as { error?: unknown }).error) return result;
    const query = { ...(value as Record<string, unknown>) };
    for (const { name, maximum } of clamped) {
      const raw = query[name];
      const number = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      if (typeof number === 'number' && Number.isInteger(number) && number > maximum) query[name] = maximum;
    }
    return validate(query);
  };
};

const PAGE_FIELDS = ['page_size', 'size'];

/**
 * onRoute check: a route whose query has `page`, `page_size` or `size` must take them from the
 * contract's Paging / PageNumber / PageSize (shared-api/src/contract/paging.ts), so every list is
 * bounded the same way. A hand-written one throws at start-up.
 */
export function assertSharedPaging(route: RouteOptions): void {
  const properties = propertiesOf((route.schema as { querystring?: unknown } | undefined)?.querystring);
  if (!properties) return;
  const where = `${String(route.method)} ${route.url}`;
  if (properties.page && properties.page.maximum !== PAGE_MAX)
    throw new Error(`${where}: its query's \`page\` must be the contract's PageNumber (paging.ts)`);
  for (const name of PAGE_FIELDS) {
    const property = properties[name];
    if (property && property[CLAMP_TO_MAXIMUM] !== true)
      throw new Error(`${where}: its query's \`${name}\` must be the contract's PageSize (paging.ts)`);
  }
}
