import type { Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { ensureIndex, type AnyDb, type IndexSpec } from './helpers';

/**
 * Indexes that let the question list count its rows from the index alone. The list filters on
 * `show` and `status` (docs/product-rules.md); without `status` in an index every listed row was read from
 * the table (about 60 ms per count on 100,000 questions, see docs/performance/api-throughput.md).
 */
const INDEXES: IndexSpec[] = [
  // newest, score, frequent, hot (show = 1, status in 1,2) and unanswered (status 1, answer_count 0).
  { name: 'question_list_count_idx', table: 'question', columns: ['show', 'status', 'answer_count'] },
  // active: also bounded by post_update_time and created_at windows.
  {
    name: 'question_active_count_idx',
    table: 'question',
    columns: ['show', 'status', 'post_update_time', 'created_at'],
  },
];

export const questionListCounts: Migration = {
  async up(db: AnyDb) {
    for (const index of INDEXES) await ensureIndex(db, index);
  },
  async down(db: AnyDb) {
    const mysql = dialectOf(db) === 'mysql';
    for (const index of [...INDEXES].reverse()) {
      // MySQL names the table in DROP INDEX; PostgreSQL and SQLite do not accept it.
      const drop = db.schema.dropIndex(index.name);
      await (mysql ? drop.on(index.table) : drop.ifExists()).execute();
    }
  },
};
