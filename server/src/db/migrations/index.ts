import type { Migration } from 'kysely';
import { initial } from './20261121060000_initial';
import { qaCore } from './20261121070000_qa_core';
import { questionListCounts } from './20261121080000_question_list_counts';

/**
 * Every migration, by name. Names start with a UTC timestamp (yyyymmddhhmmss) and sort in the order
 * they run. Add new files here; never rename or edit one that has shipped.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '20261121060000_initial': initial,
  '20261121070000_qa_core': qaCore,
  '20261121080000_question_list_counts': questionListCounts,
};
