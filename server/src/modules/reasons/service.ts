import type { ReasonAction, ReasonContentType, ReasonItem, ReasonObjectType } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { hasTranslation, translate, type Language } from '../../i18n';
import { configRows, configValue } from '../config/service';
import { REASON_LISTS, REASONS, reasonListKey, type ReasonDefinition } from './defaults';

/** Where the reasons come from: the site's `config` table, or the built-in defaults (no database). */
export interface ReasonSource {
  list(objectType: ReasonObjectType, action: ReasonAction): Promise<ReasonDefinition[]>;
}

/** The reasons a fresh install seeds, without a database (apps built without one, tests). */
export const defaultReasons: ReasonSource = {
  async list(objectType, action) {
    const keys = REASON_LISTS.find((l) => l.objectType === objectType && l.action === action)?.reasons ?? [];
    return keys.flatMap((key) => REASONS.filter((r) => r.key === key));
  },
};

const CONTENT_TYPES: readonly string[] = ['', 'text', 'textarea'];

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads `config`: the list row `<type>.<action>.reasons` (a JSON array of reason keys), then each
 * reason row (`{name, description, content_type?, placeholder?}`). An unknown combination, or a
 * list naming a missing or unreadable reason, yields fewer reasons rather than an error.
 */
export class DbReasonSource implements ReasonSource {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  async list(objectType: ReasonObjectType, action: ReasonAction): Promise<ReasonDefinition[]> {
    const list = await configValue(this.#db, reasonListKey(objectType, action));
    const keys = list !== null ? parseJson(list) : undefined;
    if (!Array.isArray(keys) || keys.length === 0) return [];
    const names = keys.filter((k): k is string => typeof k === 'string');
    if (names.length === 0) return [];
    const rows = await configRows(this.#db, names);
    return names.flatMap((key) => {
      const row = rows.get(key);
      const value = row ? parseJson(row.value) : undefined;
      if (!row || !value || typeof value !== 'object') return [];
      const stored = value as Record<string, unknown>;
      const text = (name: string) => (typeof stored[name] === 'string' ? (stored[name] as string) : '');
      const contentType = CONTENT_TYPES.includes(text('content_type')) ? text('content_type') : '';
      return [
        {
          id: row.id,
          key,
          name: text('name'),
          description: text('description') || text('desc'),
          content_type: contentType as ReasonContentType,
          placeholder: text('placeholder'),
        },
      ];
    });
  }
}

/** A stored reason as the API sends it: texts in `lang` when the catalogue has them, else as stored. */
export function toReasonItem(reason: ReasonDefinition, lang: Language): ReasonItem {
  const text = (part: 'name' | 'description' | 'placeholder', stored: string) => {
    const key = `${reason.key}.${part}`;
    return hasTranslation(key) ? translate(key, lang) : stored;
  };
  return {
    reason_key: reason.key,
    reason_type: reason.id,
    name: text('name', reason.name),
    description: text('description', reason.description),
    content_type: reason.content_type,
    placeholder: reason.content_type ? text('placeholder', reason.placeholder) : '',
  };
}
