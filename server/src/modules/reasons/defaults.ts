import type { ReasonAction, ReasonContentType, ReasonObjectType } from '@agora/shared-api/contract';
import { translate } from '../../i18n';

/**
 * Reasons for flags, closing, review decisions and status changes, as a fresh install writes them
 * into `config` (docs/wire-contract.md). Ids and keys are Answer's: `report.report_type`, a question's
 * close type and review decisions store the reason's config id, so they must never change. The
 * texts are ours and live in the i18n catalogues (`reason.<name>.name|description|placeholder`):
 * the English ones are what the config rows store; the API serves the request's language.
 */
export interface ReasonDefinition {
  id: number;
  /** The config key, e.g. `reason.spam`. */
  key: string;
  name: string;
  description: string;
  /** '' no extra text, 'text' one line (a link for "duplicate"), 'textarea' a paragraph. */
  content_type: ReasonContentType;
  placeholder: string;
}

function reason(id: number, key: string, contentType: ReasonContentType = ''): ReasonDefinition {
  const text = (part: string) => translate(`${key}.${part}`, 'en_US');
  return {
    id,
    key,
    name: text('name'),
    description: text('description'),
    content_type: contentType,
    placeholder: contentType ? text('placeholder') : '',
  };
}

export const REASONS: ReasonDefinition[] = [
  reason(57, 'reason.spam'),
  reason(58, 'reason.rude_or_abusive'),
  reason(59, 'reason.something', 'textarea'),
  reason(60, 'reason.a_duplicate', 'text'),
  reason(61, 'reason.not_a_answer'),
  reason(62, 'reason.no_longer_needed'),
  reason(63, 'reason.community_specific'),
  reason(64, 'reason.not_clarity', 'text'),
  reason(65, 'reason.normal'),
  reason(66, 'reason.normal.user'),
  reason(67, 'reason.closed'),
  reason(68, 'reason.deleted'),
  reason(69, 'reason.deleted.user'),
  reason(70, 'reason.suspended'),
  reason(71, 'reason.inactive'),
  reason(72, 'reason.looks_ok'),
  reason(73, 'reason.needs_edit'),
  reason(74, 'reason.needs_close'),
  reason(75, 'reason.needs_delete'),
];

/** Which reasons each (object type, action) offers, in order: config `<type>.<action>.reasons`. */
export const REASON_LISTS: Array<{
  id: number;
  objectType: ReasonObjectType;
  action: ReasonAction;
  reasons: string[];
}> = [
  {
    id: 76,
    objectType: 'question',
    action: 'flag',
    reasons: ['reason.spam', 'reason.rude_or_abusive', 'reason.something', 'reason.a_duplicate'],
  },
  {
    id: 77,
    objectType: 'answer',
    action: 'flag',
    reasons: ['reason.spam', 'reason.rude_or_abusive', 'reason.something', 'reason.not_a_answer'],
  },
  {
    id: 78,
    objectType: 'comment',
    action: 'flag',
    reasons: ['reason.spam', 'reason.rude_or_abusive', 'reason.something', 'reason.no_longer_needed'],
  },
  {
    id: 79,
    objectType: 'question',
    action: 'close',
    reasons: ['reason.a_duplicate', 'reason.community_specific', 'reason.not_clarity', 'reason.something'],
  },
  { id: 80, objectType: 'question', action: 'status', reasons: ['reason.normal', 'reason.closed', 'reason.deleted'] },
  { id: 81, objectType: 'answer', action: 'status', reasons: ['reason.normal', 'reason.deleted'] },
  { id: 82, objectType: 'comment', action: 'status', reasons: ['reason.normal', 'reason.deleted'] },
  {
    id: 83,
    objectType: 'user',
    action: 'status',
    reasons: ['reason.normal.user', 'reason.suspended', 'reason.deleted.user', 'reason.inactive'],
  },
  {
    id: 84,
    objectType: 'question',
    action: 'review',
    reasons: ['reason.looks_ok', 'reason.needs_edit', 'reason.needs_close', 'reason.needs_delete'],
  },
  {
    id: 85,
    objectType: 'answer',
    action: 'review',
    reasons: ['reason.looks_ok', 'reason.needs_edit', 'reason.needs_delete'],
  },
  {
    id: 86,
    objectType: 'comment',
    action: 'review',
    reasons: ['reason.looks_ok', 'reason.needs_edit', 'reason.needs_delete'],
  },
];

/** The config key of a reason list. */
export function reasonListKey(objectType: ReasonObjectType, action: ReasonAction): string {
  return `${objectType}.${action}.reasons`;
}

/** The `config` rows of every reason and every reason list. */
export function reasonConfigRows(): Array<{ id: number; key: string; value: string }> {
  const reasons = REASONS.map(({ id, key, name, description, content_type, placeholder }) => ({
    id,
    key,
    value: JSON.stringify({ name, description, content_type, placeholder }),
  }));
  const lists = REASON_LISTS.map(({ id, objectType, action, reasons: keys }) => ({
    id,
    key: reasonListKey(objectType, action),
    value: JSON.stringify(keys),
  }));
  return [...reasons, ...lists];
}
