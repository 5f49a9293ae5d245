import { encodeShortId, fromInputId, usesShortIds } from '@agora/shared-api/short-id';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OBJECT_TYPES } from '../db/ids';
import { isApiRoute } from './prefixes';

/**
 * Short ids (docs/wire-contract.md). Inputs: the id fields of every API request's query and body accept
 * both forms; a short id is decoded before validation, so routes only ever see 17-digit ids.
 * Outputs: when site_seo.permalink is 3 or 4, question and answer ids in the answers of the public and
 * the admin API (the moderators' lists of posts and flags too) are written short (user, comment, tag
 * ids and the rest stay as they are).
 */

/** Request fields that name an object (a question, answer, comment, tag...). */
export const INPUT_ID_KEYS: ReadonlySet<string> = new Set([
  'id',
  'question_id',
  'answer_id',
  'object_id',
  'comment_id',
  'reply_comment_id',
  'tag_id',
  'source_tag_id',
  'target_tag_id',
]);

/** Response fields whose question or answer id is written short. */
export const OUTPUT_ID_KEYS: ReadonlySet<string> = new Set([
  'id',
  'question_id',
  'answer_id',
  'object_id',
  'original_object_id',
  'accepted_answer_id',
  'last_answer_id',
  'first_answer_id',
  // Notifications: object_info.object_map {question, answer, comment}.
  'question',
  'answer',
]);

const KNOWN_TYPES = new Set<number>(Object.values(OBJECT_TYPES));

/**
 * The long form of an id field's value: a short id of a known object type is decoded; anything else
 * (long ids, user and notification ids, garbage) is left for the route to judge. Plain numeric ids
 * never decode to a known type (their first two digits give a type above 10), so they are safe.
 */
export function inputId(value: string): string {
  const long = fromInputId(value);
  if (long === value) return value;
  return KNOWN_TYPES.has(Number(long.slice(1, 4))) && Number(long.slice(4)) > 0 ? long : value;
}

function decodeFields(source: unknown): void {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return;
  const fields = source as Record<string, unknown>;
  for (const key of INPUT_ID_KEYS) {
    const value = fields[key];
    if (typeof value === 'string' && value !== '') {
      const long = inputId(value);
      if (long !== value) fields[key] = long;
    }
  }
}

/** A 17-digit question (type 001) or answer (type 002) id. */
function isPostId(value: string): boolean {
  return value.length === 17 && (value.startsWith('1001') || value.startsWith('1002')) && /^\d+$/.test(value);
}

/**
 * `value` with the post ids under OUTPUT_ID_KEYS written short, copied only where something changes
 * (routes may hand out cached objects, which must stay as they are).
 */
export function shortenIds(value: unknown): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i] as unknown;
      const next = typeof item === 'object' && item !== null ? shortenIds(item) : item;
      if (next !== item) (out ??= value.slice())[i] = next;
    }
    return out ?? value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const source = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const key in source) {
    const item = source[key];
    let next = item;
    if (typeof item === 'string') {
      if (OUTPUT_ID_KEYS.has(key) && isPostId(item)) next = encodeShortId(item) ?? item;
    } else if (typeof item === 'object' && item !== null) {
      next = shortenIds(item);
    }
    if (next !== item) (out ??= { ...source })[key] = next;
  }
  return out ?? value;
}

async function shortIds(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (!isApiRoute(request)) return;
    decodeFields(request.query);
    decodeFields(request.body);
  });

  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!isApiRoute(request) || typeof payload !== 'object' || payload === null) return payload;
    const data = (payload as { data?: unknown }).data;
    if (typeof data !== 'object' || data === null) return payload;
    const { permalink } = await app.settings.get('seo');
    if (!usesShortIds(permalink)) return payload;
    const next = shortenIds(data);
    return next === data ? payload : { ...payload, data: next };
  });
}

export default fp(shortIds, { name: 'short-ids', dependencies: ['routing'] });
