import type { FastifySchemaValidationError } from 'fastify';
import type { FieldFailure } from './api-failure';

/** `/tags/0/slug_name` -> `tags.0.slug_name`; the JSON name of the failed field, as Answer reports it. */
function fieldName(instancePath: string, extra?: string): string {
  const parts = instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra) parts.push(extra);
  return parts.join('.');
}

function limit(params: Record<string, unknown>): { limit: number } {
  return { limit: Number(params.limit) };
}

/** One schema error -> the i18n key (and placeholders) of its field message. */
function messageFor(error: FastifySchemaValidationError): Omit<FieldFailure, 'field'> {
  const params = (error.params ?? {}) as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { reason: 'validation.required' };
    case 'minLength':
      return { reason: 'validation.min_length', params: limit(params) };
    case 'maxLength':
      return { reason: 'validation.max_length', params: limit(params) };
    case 'minimum':
    case 'exclusiveMinimum':
      return { reason: 'validation.minimum', params: limit(params) };
    case 'maximum':
    case 'exclusiveMaximum':
      return { reason: 'validation.maximum', params: limit(params) };
    case 'minItems':
      return { reason: 'validation.min_items', params: limit(params) };
    case 'maxItems':
      return { reason: 'validation.max_items', params: limit(params) };
    case 'pattern':
      return { reason: 'validation.pattern' };
    case 'format': {
      const format = String(params.format);
      if (format === 'email' || format === 'idn-email') return { reason: 'validation.format_email' };
      if (format === 'uri' || format === 'url') return { reason: 'validation.format_url' };
      return { reason: 'validation.format' };
    }
    case 'type': {
      const type = String(params.type);
      const known = ['integer', 'number', 'boolean', 'string', 'array', 'object'];
      return { reason: known.includes(type) ? `validation.${type}` : 'validation.type' };
    }
    case 'additionalProperties':
      return { reason: 'validation.unknown_field' };
    default:
      return { reason: 'validation.invalid' };
  }
}

/**
 * Schema errors -> one failure per field (docs/wire-contract.md). A union of constants (an enum)
 * reports the allowed values; the first other error of a field wins.
 */
export function fieldFailures(errors: readonly FastifySchemaValidationError[]): FieldFailure[] {
  const byField = new Map<string, FieldFailure>();
  const allowed = new Map<string, string[]>();
  const unions = new Set<string>();
  for (const error of errors) {
    const params = (error.params ?? {}) as Record<string, unknown>;
    if (error.keyword === 'required') {
      const missing = (params.requiredProperties as string[] | undefined) ?? [params.missingProperty as string];
      for (const name of missing.filter(Boolean)) {
        const field = fieldName(error.instancePath, name);
        if (!byField.has(field)) byField.set(field, { field, reason: 'validation.required' });
      }
      continue;
    }
    if (error.keyword === 'additionalProperties') {
      const extra = (params.additionalProperties as string[] | undefined) ?? [params.additionalProperty as string];
      for (const name of extra.filter(Boolean)) {
        const field = fieldName(error.instancePath, name);
        byField.set(field, { field, reason: 'validation.unknown_field' });
      }
      continue;
    }
    const field = fieldName(error.instancePath);
    if (error.keyword === 'const' || error.keyword === 'enum') {
      const values = error.keyword === 'const' ? [params.allowedValue] : ((params.allowedValues as unknown[]) ?? []);
      allowed.set(field, [...(allowed.get(field) ?? []), ...values.map(String)]);
      continue;
    }
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      unions.add(field);
      continue;
    }
    // `schema is false` repeats what additionalProperties already said about the same field.
    if (error.keyword === 'boolean') continue;
    if (!byField.has(field)) byField.set(field, { field, ...messageFor(error) });
  }
  for (const [field, values] of allowed) {
    if (!byField.has(field))
      byField.set(field, { field, reason: 'validation.one_of', params: { values: values.join(', ') } });
  }
  for (const field of unions) {
    if (!byField.has(field)) byField.set(field, { field, reason: 'validation.invalid' });
  }
  if (byField.size === 0 && errors.length > 0) byField.set('', { field: '', reason: 'validation.invalid' });
  return [...byField.values()];
}
