/**
 * The reputation each permission needs at each privilege level, and the `rank.<permission>` config
 * rows an install (or an administrator's level change) writes from them. Row ids are fixed.
 */

/** Privilege keys (without the `rank.` prefix) whose threshold depends on the level. */
export const LEVELLED_PRIVILEGES = {
  'question.add': [36, 1, 1, 1],
  'answer.add': [41, 1, 1, 1],
  'comment.add': [47, 1, 1, 1],
  'report.add': [50, 1, 1, 1],
  'comment.vote_up': [107, 1, 1, 1],
  'link.url_limit': [55, 1, 10, 10],
  'question.vote_up': [39, 1, 8, 15],
  'answer.vote_up': [45, 1, 8, 15],
  'question.vote_down': [40, 125, 125, 125],
  'answer.vote_down': [46, 125, 125, 125],
  'answer.invite_someone_to_answer': [127, 1, 500, 1000],
  'tag.add': [51, 1, 750, 1500],
  'tag.edit': [52, 1, 50, 100],
  'question.edit': [37, 1, 100, 200],
  'answer.edit': [42, 1, 100, 200],
  'question.edit_without_review': [109, 1, 1000, 2000],
  'answer.edit_without_review': [110, 1, 1000, 2000],
  'question.audit': [113, 1, 1000, 2000],
  'answer.audit': [112, 1, 1000, 2000],
  'tag.audit': [114, 1, 2500, 5000],
  'tag.edit_without_review': [111, 1, 10000, 20000],
  'tag.synonym': [54, 1, 10000, 20000],
} as const satisfies Record<string, readonly [id: number, l1: number, l2: number, l3: number]>;

/** Thresholds that no level changes; -1 means never by reputation (role powers or ownership only). */
export const FIXED_PRIVILEGES = {
  'comment.vote_down': [108, 1],
  'vote.detail': [56, 0],
  'question.delete': [38, -1],
  'answer.delete': [43, -1],
  'answer.accept': [44, -1],
  'comment.edit': [48, -1],
  'comment.delete': [49, -1],
  'tag.delete': [53, -1],
  'question.close': [115, -1],
  'question.reopen': [116, -1],
  'tag.use_reserved_tag': [117, -1],
  'question.pin': [123, -1],
  'question.unpin': [124, -1],
  'question.show': [125, -1],
  'question.hide': [126, -1],
  'answer.undeleted': [128, -1],
  'question.undeleted': [129, -1],
  'tag.undeleted': [130, -1],
} as const satisfies Record<string, readonly [id: number, value: number]>;

export type PrivilegeLevel = 1 | 2 | 3;
/** Install applies level 2. */
export const DEFAULT_PRIVILEGE_LEVEL: PrivilegeLevel = 2;

/** A `config` row. */
interface ConfigRow {
  id: number;
  key: string;
  value: string;
}

/** The `rank.*` rows for a privilege level. */
export function privilegeRows(level: PrivilegeLevel): ConfigRow[] {
  const levelled = Object.entries(LEVELLED_PRIVILEGES).map(([name, [id, ...values]]) => ({
    id,
    key: `rank.${name}`,
    value: String(values[level - 1]),
  }));
  const fixed = Object.entries(FIXED_PRIVILEGES).map(([name, [id, value]]) => ({
    id,
    key: `rank.${name}`,
    value: String(value),
  }));
  return [...levelled, ...fixed];
}
