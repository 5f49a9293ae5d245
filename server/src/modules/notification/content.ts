import type { NoticeObject } from './inbox';

/** A badge award entry's own part (the badges feature writes it; the status route pops it once). */
export interface StoredBadgeAward {
  badge_id: string;
  award_id: string;
  icon: string;
  level: number;
}

/** What a notification row's `content` column holds (JSON), as every writer of the module writes it. */
export interface StoredContent {
  /** Who caused it; '0' (or '') for the site itself. */
  trigger_user_id: string;
  /** A `notification.action.*` key; achievements of reputation store `reputation` (older rows: ''). */
  notification_action: string;
  /** Reputation summed on an achievement row; 0 elsewhere. */
  rank: number;
  /** An i18n key shown with the entry (e.g. a close reason's name). */
  reason?: string;
  /** Grouped votes: how many up and down votes the entry stands for. */
  vote_up_count?: number;
  vote_down_count?: number;
  object_info: { title: string; object_id: string; object_type: string; object_map: Record<string, string> };
  badge_award?: StoredBadgeAward;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));
const int = (value: unknown): number => {
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A stored content read back; anything missing or malformed reads as empty, never as an error. */
export function parseContent(raw: string): StoredContent {
  let parsed: Record<string, unknown>;
  try {
    parsed = record(JSON.parse(raw));
  } catch {
    parsed = {};
  }
  const info = record(parsed.object_info);
  const map = Object.fromEntries(Object.entries(record(info.object_map)).map(([k, v]) => [k, text(v)]));
  const out: StoredContent = {
    trigger_user_id: text(parsed.trigger_user_id),
    notification_action: text(parsed.notification_action),
    rank: int(parsed.rank),
    object_info: {
      title: text(info.title),
      object_id: text(info.object_id),
      object_type: text(info.object_type),
      object_map: map,
    },
  };
  if (typeof parsed.reason === 'string' && parsed.reason !== '') out.reason = parsed.reason;
  if (parsed.vote_up_count !== undefined) out.vote_up_count = int(parsed.vote_up_count);
  if (parsed.vote_down_count !== undefined) out.vote_down_count = int(parsed.vote_down_count);
  const award = record(parsed.badge_award);
  if (parsed.badge_award !== undefined) {
    out.badge_award = {
      badge_id: text(award.badge_id),
      award_id: text(award.award_id),
      icon: text(award.icon),
      level: int(award.level),
    };
  }
  return out;
}

/** The stored `object_info` of a post an entry points at. */
export function objectInfoOf(object: NoticeObject): StoredContent['object_info'] {
  return { title: object.title, object_id: object.id, object_type: object.type, object_map: object.map };
}
