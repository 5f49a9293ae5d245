import { expect } from 'vitest';
import type { Reply, WriteSite } from '../write/helpers';

export type FieldErrors = { error_field: string; error_msg: string }[];

/** Every admin settings path, GET and PUT (theme/options, served by admin-content, and setting/pinned: GET only). */
export const SETTINGS_PATHS = [
  '/siteinfo/general',
  '/siteinfo/interface',
  '/siteinfo/users-settings',
  '/siteinfo/users',
  '/siteinfo/branding',
  '/siteinfo/polices',
  '/siteinfo/security',
  '/siteinfo/seo',
  '/siteinfo/login',
  '/siteinfo/custom-css-html',
  '/siteinfo/theme',
  '/siteinfo/advanced',
  '/setting/smtp',
  '/setting/privileges',
] as const;
export const READ_ONLY_PATHS = ['/theme/options', '/setting/pinned'] as const;

/** The group an admin reads at `url`. */
export async function read<T = Record<string, unknown>>(s: WriteSite, url: string): Promise<T> {
  const reply = await s.admin<T>({ method: 'GET', url, as: 'admin' });
  expect(reply.status).toBe(200);
  return reply.body.data;
}

/** An admin's PUT of `payload` to `url`. */
export function put<T = unknown>(s: WriteSite, url: string, payload: object): Promise<Reply<T>> {
  return s.admin<T>({ method: 'PUT', url, as: 'admin', payload });
}

/** The field errors of a refused PUT, by field. */
export function fieldsOf(reply: Reply<unknown>): Record<string, string> {
  expect(reply.status).toBe(400);
  return Object.fromEntries((reply.body.data as FieldErrors).map((f) => [f.error_field, f.error_msg]));
}

/**
 * Asserts that an admin's PUT of `base` with `change` is refused with a field error on exactly
 * `field` (message matching `message` when given) and that the group stays as it was.
 */
export async function expectRefused(
  s: WriteSite,
  url: string,
  base: object,
  change: Record<string, unknown>,
  field: string,
  message?: RegExp,
): Promise<void> {
  const before = await read(s, url);
  const fields = fieldsOf(await put(s, url, { ...base, ...change }));
  expect(Object.keys(fields), JSON.stringify(change)).toEqual([field]);
  if (message) expect(fields[field]).toMatch(message);
  expect(await read(s, url)).toEqual(before);
}
