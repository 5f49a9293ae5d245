import type { WithDefault } from './columns';

/** Badges (migration 20261127090100_badges; server/src/modules/badge/README.md). */

/** A group of the catalogue; `name` is an i18n key. */
export interface BadgeGroupTable {
  id: number;
  name: string;
  created_at: number;
  updated_at: number;
}

/**
 * A badge (object id, type 9). `name`/`description` are i18n keys; status 1 active, 11 inactive;
 * level 1 bronze, 2 silver, 3 gold; single 1 once per member, 2 once per post; `handler` names the
 * rule, `param` is its JSON settings (`{"threshold": n}`).
 */
export interface BadgeTable {
  id: string;
  name: string;
  description: string;
  icon: string;
  award_count: WithDefault<number>;
  status: WithDefault<number>;
  badge_group_id: number;
  level: number;
  single: number;
  handler: string;
  param: string;
  created_at: number;
  updated_at: number;
}

/** One award (object id, type 10); `award_key` is the post that earned it, '' for a member-wide badge. */
export interface BadgeAwardTable {
  id: string;
  user_id: number;
  badge_id: string;
  award_key: WithDefault<string>;
  badge_group_id: number;
  is_badge_deleted: WithDefault<number>;
  created_at: number;
}
