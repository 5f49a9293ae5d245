import { describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../../src/db/database';
import { createMigrator, migrateToLatest } from '../../src/db/migrate';
import { BADGE_CATALOGUE } from '../../src/db/migrations/20261127090100_badges';
import { MIGRATIONS } from '../../src/db/migrations';
import { catalogOf, translate } from '../../src/i18n';
import { installedSite } from '../accounts/helpers';
import { testDatabases } from '../db/databases';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const ICONS = [
  'question',
  'answer',
  'accepted',
  'edit',
  'flag',
  'vote',
  'bookmark',
  'profile',
  'score',
  'views',
  'reputation',
  'calendar',
];

describe('the catalogue', () => {
  it('names and describes every badge and group in both languages, with an icon the browser draws', () => {
    for (const seed of BADGE_CATALOGUE) {
      expect(ICONS, seed.key).toContain(seed.icon);
      for (const lang of ['en_US', 'zh_CN'] as const) {
        for (const part of ['name', 'desc']) {
          const key = `badge.${seed.key}.${part}`;
          expect(translate(key, lang), `${lang} ${key}`).not.toBe(key);
        }
      }
    }
    expect(Object.keys((catalogOf('zh_CN').badge as Record<string, unknown>).group as object)).toHaveLength(3);
  });
});

describe.each(available)('seeding the catalogue on $label', (target) => {
  it('a new install gets every badge, each under its own object id', async () => {
    const site = await installedSite(target);
    try {
      const db = site.database.db;
      const rows = await db
        .selectFrom('badge')
        .select(['id', 'name', 'handler', 'param', 'status'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.name)).toEqual(BADGE_CATALOGUE.map((b) => `badge.${b.key}.name`));
      for (const row of rows) expect(row.id).toMatch(/^1009\d{13}$/);
      expect(rows.every((r) => Number(r.status) === 1)).toBe(true);
      const views = rows.find((r) => r.name === 'badge.question_views_2500.name')!;
      expect([views.handler, JSON.parse(views.param)]).toEqual(['question_views', { threshold: 2500 }]);
      const types = await db.selectFrom('uniqid').select('id').where('uniqid_type', '=', 9).execute();
      expect(types).toHaveLength(BADGE_CATALOGUE.length);
    } finally {
      await site.cleanup();
    }
  });

  it('a site installed before badges gets them from the migration; a database not installed stays empty', async () => {
    const site = await installedSite(target);
    try {
      const db = site.database.db;
      const migrator = createMigrator(db, site.fresh.config);
      // Back to the schema before badges, then forward again, as an upgrade runs it.
      const names = Object.keys(MIGRATIONS).sort();
      const before = names[names.indexOf('20261127090100_badges') - 1]!;
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      expect(await db.introspection.getTables().then((t) => t.some((x) => x.name === 'badge'))).toBe(false);
      await migrateToLatest(db, site.fresh.config);
      const count = await db
        .selectFrom('badge')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(BADGE_CATALOGUE.length);
    } finally {
      await site.cleanup();
    }

    const fresh = await target.fresh();
    const opened = await createDatabase(fresh.config);
    try {
      await migrateToLatest(opened.db, fresh.config);
      expect(await opened.db.selectFrom('badge').select('id').execute()).toEqual([]);
      expect(await opened.db.selectFrom('badge_group').select('id').execute()).toEqual([]);
    } finally {
      await opened.close();
      await fresh.drop();
    }
  });
});
