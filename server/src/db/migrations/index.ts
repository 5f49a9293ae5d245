import type { Migration } from 'kysely';
import { initial } from './20261121060000_initial';

/**
 * Every migration, by name. Names start with a UTC timestamp (yyyymmddhhmmss) and sort in the order
 * they run. Add new files here; never rename or edit one that has shipped.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '20261121060000_initial': initial,
};
