import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/** Full-text search indexes of questions and answers (issue 6). */
export const searchIndex: Migration = {
  async up(db: AnyDb) {
    void db;
  },
  async down(db: AnyDb) {
    void db;
  },
};
