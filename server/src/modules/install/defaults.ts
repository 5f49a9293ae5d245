import { DEFAULT_PRIVILEGE_LEVEL, privilegeRows, type PrivilegeLevel } from '../permission/defaults';
import { reasonConfigRows } from '../reasons/defaults';

export { DEFAULT_PRIVILEGE_LEVEL } from '../permission/defaults';

/**
 * What a fresh install writes into `config`. Row ids are Answer's: activity and
 * report rows refer to config rows by id, so they must not change.
 */

/** Reputation changes and activity types; activity rows point at these ids. */
const REPUTATION_AND_ACTIVITY: Array<[id: number, key: string, value: string]> = [
  [1, 'answer.accepted', '15'],
  [2, 'answer.voted_up', '10'],
  [3, 'question.voted_up', '10'],
  [4, 'tag.edit_accepted', '2'],
  [5, 'answer.accept', '2'],
  [6, 'answer.voted_down_cancel', '2'],
  [7, 'question.voted_down_cancel', '2'],
  [8, 'answer.vote_down_cancel', '1'],
  [9, 'question.vote_down_cancel', '1'],
  [10, 'user.activated', '1'],
  [11, 'edit.accepted', '2'],
  [12, 'answer.vote_down', '-1'],
  [13, 'question.voted_down', '-2'],
  [14, 'answer.voted_down', '-2'],
  [15, 'answer.accept_cancel', '-2'],
  [16, 'answer.deleted', '-5'],
  [17, 'question.voted_up_cancel', '-10'],
  [18, 'answer.voted_up_cancel', '-10'],
  [19, 'answer.accepted_cancel', '-15'],
  [20, 'object.reported', '-100'],
  [21, 'edit.rejected', '-2'],
  [22, 'daily_rank_limit', '200'],
  [23, 'daily_rank_limit.exclude', '["answer.accepted"]'],
  [24, 'user.follow', '0'],
  [25, 'comment.vote_up', '0'],
  [26, 'comment.vote_up_cancel', '0'],
  [27, 'question.vote_down', '0'],
  [28, 'question.vote_up', '0'],
  [29, 'question.vote_up_cancel', '0'],
  [30, 'answer.vote_up', '0'],
  [31, 'answer.vote_up_cancel', '0'],
  [32, 'question.follow', '0'],
  [35, 'tag.follow', '0'],
  ...(
    [
      'question.asked',
      'question.closed',
      'question.reopened',
      'question.answered',
      'question.commented',
      'question.accept',
      'question.edited',
      'question.rollback',
      'question.deleted',
      'question.undeleted',
      'answer.answered',
      'answer.commented',
      'answer.edited',
      'answer.rollback',
      'answer.undeleted',
      'tag.created',
      'tag.edited',
      'tag.rollback',
      'tag.deleted',
      'tag.undeleted',
    ] as const
  ).map((key, i): [number, string, string] => [87 + i, key, '0']),
  [118, 'plugin.status', '{}'],
  [119, 'question.pin', '0'],
  [120, 'question.unpin', '0'],
  [121, 'question.show', '0'],
  [122, 'question.hide', '0'],
  // A queued post approved or rejected by a reviewer (the review queue).
  [150, 'post.approved', '0'],
  [151, 'post.rejected', '0'],
  // A comment deleted by its author or a moderator.
  [152, 'comment.deleted', '0'],
  // What an administrator did to an account (the admin user management's action log).
  [170, 'user.suspended', '0'],
  [171, 'user.unsuspended', '0'],
  [172, 'user.deleted', '0'],
  [173, 'user.deactivated', '0'],
  [174, 'user.role_changed', '0'],
  [175, 'user.password_set', '0'],
  [176, 'user.profile_edited', '0'],
];

export interface ConfigRow {
  id: number;
  key: string;
  value: string;
}

/** Every config row a fresh install writes: reputation, activity types, reasons (57-86) and privileges. */
export function defaultConfigRows(level: PrivilegeLevel = DEFAULT_PRIVILEGE_LEVEL): ConfigRow[] {
  const base = REPUTATION_AND_ACTIVITY.map(([id, key, value]) => ({ id, key, value }));
  return [...base, ...reasonConfigRows(), ...privilegeRows(level)].sort((a, b) => a.id - b.id);
}
