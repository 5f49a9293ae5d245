import { statSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createRestoreCommand } from '../../src/cli/commands/restore';
import { createUpgradeCommand } from '../../src/cli/commands/upgrade';
import { runCli } from '../../src/cli/main';
import { executedMigrations } from '../../src/cli/migrations';
import type { DatabaseConfig } from '../../src/db/config';
import { createDatabase, type Database } from '../../src/db/database';
import { siteTables } from '../../src/db/dump';
import type { AnyKysely } from '../../src/db/dump/introspect';
import { formatObjectId, newObjectId, nextId } from '../../src/db/ids';
import { MIGRATIONS } from '../../src/db/migrations';
import { writeConfigRows } from '../../src/modules/config/service';
import { DbSettingsStore, readSiteInfo } from '../../src/modules/site-info/store';
import { AccountsService } from '../../src/modules/accounts/service';
import { readInstallRecord } from '../../src/modules/install/config-file';
import { SearchService } from '../../src/modules/search/service';
import { ADMIN, BASE_INFO, installedSite, tempDir, type InstalledSite } from '../accounts/helpers';
import { testDatabases, type TestDatabase } from '../db/databases';
import { OK_NAME, OK_TABLE, okMigration } from './fixtures/test-migrations';
import { captured, contents, dataDirFor, readDump, runBin, targetArgs, type ParsedDump } from './helpers';

const { available, skipped } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const sqlite = available.find((d) => d.type === 'sqlite3')!;

/** ~44 KB of text with every kind of character a JSON/SQL round trip can trip on (MySQL TEXT holds 64 KB). */
const LONG_TEXT = Array.from(
  { length: 400 },
  (_, i) => `Line ${i}: "quotes" 'single' \\backslash\\ tab\there — Zoë 中文 🦊 <b>&amp;</b> ${'x'.repeat(40)}\n`,
).join('');
const BIG = '9007199254740993'; // 2^53 + 1: not a safe JS number

async function withDatabase<T>(config: DatabaseConfig, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await createDatabase(config);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** The next value of an id_sequence counter, as db/ids.ts allocates it (for counters it has no name for yet). */
async function allocate(db: Database['db'], name: string): Promise<number> {
  await db
    .updateTable('id_sequence')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', name)
    .execute();
  const row = await db.selectFrom('id_sequence').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Number(row.value);
}

/** Everything a site holds besides the install seed: users, sessions, settings, config rows, object ids. */
async function fillSite(site: InstalledSite): Promise<{ liveToken: string; questionId: string; answerId: string }> {
  const { db } = site.database;
  const accounts = new AccountsService(db);
  const zoe = await accounts.createUser({
    username: 'zoë_li',
    email: 'Zoe@Example.com',
    password: 'zoë-password-1',
    displayName: 'Zoë 李小龙 🦊',
    language: 'zh_CN',
  });
  await accounts.createUser({ username: 'external', email: 'ext@example.com', password: null });
  const live = await accounts.loginWithEmail(ADMIN.email, ADMIN.password, {
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0 (テスト) "quoted"',
  });
  const ended = await accounts.loginWithEmail('zoe@example.com', 'zoë-password-1');
  if (live.kind !== 'ok' || ended.kind !== 'ok') throw new Error('login failed while filling the site');
  await accounts.logout(ended.token);
  await db
    .updateTable('user')
    .set({
      bio: LONG_TEXT,
      bio_html: `<p>${LONG_TEXT.slice(0, 500)}</p>`,
      location: 'Zürich  ',
      website: 'https://example.com/ä?q="x"&y=\\z',
      status: 9,
      suspended_at: 1_700_000_000_123,
      suspended_until: null,
    })
    .where('id', '=', zoe.id)
    .execute();
  await db
    .insertInto('session')
    .values({
      token_hash: 'f'.repeat(64),
      user_id: zoe.id,
      created_at: 1_700_000_000_000,
      expires_at: BIG as unknown as number,
      ip: '',
      user_agent: '',
    })
    .execute();
  const settings = new DbSettingsStore(db);
  await settings.set('general', {
    ...(await settings.get('general')),
    name: 'Agora — 社区 🦊',
    description: 'Line 1\nLine "2"\t\\ end',
  });
  await settings.set('login', {
    ...(await settings.get('login')),
    login_required: true,
    allow_new_registrations: false,
  });
  await writeConfigRows(db, [
    { id: 36, key: 'rank.question.add', value: '5' },
    { id: 900, key: 'test.unicode', value: '{"emoji":"🦊","cjk":"中文","nul":null,"yes":true}' },
  ]);
  // Q&A content: object ids (17-digit strings), foreign keys, NULLs, app-made plain ids.
  const t = 1_795_000_000_000;
  const questionId = await newObjectId(db, 'question');
  const answerId = await newObjectId(db, 'answer');
  const tagId = await newObjectId(db, 'tag');
  const commentId = await newObjectId(db, 'comment');
  await db
    .insertInto('question')
    .values({
      id: questionId,
      user_id: zoe.id,
      invite_user_id: null,
      last_edit_user_id: null,
      title: 'Pourquoi 🦊 — 为什么? "quoted" <tag>',
      original_text: LONG_TEXT.slice(0, 3_000),
      parsed_text: `<p>${LONG_TEXT.slice(0, 1_000)}</p>`,
      accepted_answer_id: answerId,
      last_answer_id: answerId,
      post_update_time: t,
      revision_id: null,
      answer_count: 1,
      created_at: t,
      updated_at: t,
    })
    .execute();
  await db
    .insertInto('answer')
    .values({
      id: answerId,
      question_id: questionId,
      user_id: 1,
      last_edit_user_id: null,
      original_text: 'Because.\n\n```js\nconst x = `tick`;\n```',
      parsed_text: '<p>Because.</p>',
      adopted: 2,
      revision_id: null,
      created_at: t + 1,
      updated_at: t + 1,
    })
    .execute();
  await db
    .insertInto('comment')
    .values({
      id: commentId,
      user_id: 1,
      reply_user_id: null,
      reply_comment_id: null,
      object_id: answerId,
      question_id: questionId,
      original_text: 'Merci 🙏',
      parsed_text: '<p>Merci 🙏</p>',
      created_at: t + 2,
      updated_at: t + 2,
    })
    .execute();
  await db
    .insertInto('tag')
    .values({
      id: tagId,
      main_tag_id: null,
      slug_name: 'zürich-中文',
      display_name: 'Zürich 中文',
      original_text: '',
      parsed_text: '',
      revision_id: null,
      user_id: null,
      created_at: t,
      updated_at: t,
    })
    .execute();
  await db
    .insertInto('tag_rel')
    .values({ id: await allocate(db, 'tag_rel'), object_id: questionId, tag_id: tagId, created_at: t, updated_at: t })
    .execute();
  await db
    .insertInto('activity')
    .values({
      id: await allocate(db, 'activity'),
      user_id: 1,
      object_id: questionId,
      original_object_id: questionId,
      activity_type: 28,
      cancelled_at: null,
      revision_id: null,
      created_at: t,
      updated_at: t,
    })
    .execute();
  return { liveToken: live.token, questionId, answerId };
}

async function dump(dataDir: string, file: string, config?: DatabaseConfig): Promise<ParsedDump> {
  const target = config ? targetArgs(config) : { flags: [], env: {} };
  const run = captured(target.env);
  const code = await runCli(['dump', '--data-dir', dataDir, '--out', file, ...target.flags], run.io);
  expect(run.err).toEqual([]);
  expect(code).toBe(0);
  return readDump(file);
}

async function restore(dataDir: string, file: string, config: DatabaseConfig, extra: string[] = []) {
  const target = targetArgs(config);
  const run = captured(target.env);
  const code = await runCli(['restore', '--data-dir', dataDir, '--in', file, ...target.flags, ...extra], run.io);
  return { code, out: run.out, err: run.err };
}

/** The id_sequence counters in a dump, by name. */
function counters(parsed: ParsedDump): { user: number; uniqid: number } {
  const value = (name: string) => Number(parsed.tables.id_sequence?.find((row) => row[0] === name)?.[1]);
  return { user: value('user'), uniqid: value('uniqid') };
}

function hop(type: DatabaseConfig['type']): TestDatabase | undefined {
  return available.find((d) => d.type === type);
}

describe('dump and restore round trip', () => {
  it('moves a site SQLite -> PostgreSQL -> MariaDB -> SQLite with nothing lost', async () => {
    const source = await installedSite(sqlite);
    const work = tempDir('agora-roundtrip-');
    const dropped: Array<() => Promise<void>> = [];
    try {
      const fixture = await fillSite(source);
      const { liveToken } = fixture;
      const first = await dump(source.dataDir, path.join(work.dir, '0-sqlite.jsonl.gz'));
      expect(first.header).toMatchObject({ format: 'agora-dump', format_version: 1, source: 'sqlite3' });
      expect(first.trailer.rows).toMatchObject({ user: 3, session: 3, question: 1, answer: 1, comment: 1, tag_rel: 1 });
      const next = counters(first);
      expect(first.tables.session!.some((row) => row.includes(BIG))).toBe(true);
      expect(first.tables.user!.some((row) => row.includes(LONG_TEXT))).toBe(true);

      const route = (['postgres', 'mysql', 'sqlite3'] as const).map((type) => ({ type, target: hop(type) }));
      for (const { type, target } of route) {
        if (target) continue;
        const kind = type === 'postgres' ? 'PostgreSQL' : 'MySQL';
        const why = skipped.find((line) => line.includes(kind)) ?? 'not in AGORA_TEST_DATABASES';
        console.warn(`SKIPPED round-trip hop to ${kind}: ${why}`);
      }
      const hops = route.flatMap((r) => (r.target ? [r.target] : []));
      console.info(`Round trip: SQLite -> ${hops.map((h) => h.label).join(' -> ')}`);

      let previous = path.join(work.dir, '0-sqlite.jsonl.gz');
      for (const [i, target] of hops.entries()) {
        const fresh = await target.fresh();
        dropped.push(() => fresh.drop());
        const restored = await restore(work.dir, previous, fresh.config);
        expect(restored.err).toEqual([]);
        expect(restored.code).toBe(0);
        const total = Object.values(first.trailer.rows).reduce((a, b) => a + b, 0);
        expect(restored.out).toContain(`Restored ${total} rows in ${first.header.tables.length} tables.`);

        const file = path.join(work.dir, `${i + 1}-${target.type}.jsonl.gz`);
        const again = await dump(work.dir, file, fresh.config);
        expect(again.header.source).toBe(target.type);
        expect(again.header.migrations).toEqual(first.header.migrations);
        expect(again.header.tables).toEqual(first.header.tables);
        expect(again.trailer).toEqual(first.trailer);
        expect(contents(again)).toEqual(contents(first));
        previous = file;

        // The restored site works: the admin's password hash logs in, the old session is still
        // valid, the settings read back, and new ids follow the restored ones.
        await withDatabase(fresh.config, async ({ db }) => {
          const accounts = new AccountsService(db);
          expect((await accounts.loginWithEmail(ADMIN.email, ADMIN.password)).kind).toBe('ok');
          expect((await accounts.loginWithEmail('zoe@example.com', 'zoë-password-1')).kind).toBe('suspended');
          expect((await accounts.resolve(liveToken))?.user.username).toBe('ada-admin');
          expect(await readSiteInfo(db, 'general')).toMatchObject({ name: 'Agora — 社区 🦊' });
          expect(await nextId(db, 'user')).toBe(next.user + 1);
          expect(await newObjectId(db, 'comment')).toBe(formatObjectId('comment', next.uniqid + 1));
          // The search index, left out of the dump, was rebuilt as the posts went in.
          const search = new SearchService(db);
          const hits = async (q: string) =>
            (await search.search({ q }, undefined)).list.map((item) => `${item.object_type}:${item.object.id}`);
          expect(await hits('pourquoi')).toEqual([`question:${fixture.questionId}`]);
          expect(await hits('because')).toEqual([`answer:${fixture.answerId}`]);
        });
      }
      expect(hops.at(-1)?.type).toBe('sqlite3');
    } finally {
      for (const drop of dropped) await drop();
      work.remove();
      await source.cleanup();
    }
  });
});

describe.each(available)('agora restore into $label', (target) => {
  it('refuses a database holding a site unless --force, which replaces its rows', async () => {
    const source = await installedSite(sqlite, { ...BASE_INFO, site_name: 'The Source' });
    const site = await installedSite(target, { ...BASE_INFO, site_name: 'The Target' });
    const work = tempDir('agora-restore-force-');
    try {
      await fillSite(source);
      const file = path.join(work.dir, 'source.jsonl.gz');
      const original = await dump(source.dataDir, file);

      // The installed site (install record) is the target when no --db-* flag is given.
      const refused = captured();
      expect(await runCli(['restore', '--data-dir', site.dataDir, '--in', file], refused.io)).toBe(1);
      expect(refused.out[0]).toMatch(/into .* \(the installed site\)$/);
      expect(refused.err[0]).toMatch(/^The target database is not empty \(.*\buser: 1 rows\b.*\)\. .*--force/);
      expect(await readSiteInfo(site.database.db, 'general')).toMatchObject({ name: 'The Target' });

      const forced = captured();
      expect(await runCli(['restore', '--data-dir', site.dataDir, '--in', file, '--force'], forced.io)).toBe(0);
      expect(forced.out).toContain("--force: the rows of the site's tables are deleted and replaced by the dump.");
      expect(await readSiteInfo(site.database.db, 'general')).toMatchObject({ name: 'Agora — 社区 🦊' });
      const after = await dump(site.dataDir, path.join(work.dir, 'after.jsonl.gz'));
      expect(contents(after)).toEqual(contents(original));
    } finally {
      work.remove();
      await site.cleanup();
      await source.cleanup();
    }
  });

  it('brings a database a newer version migrated down to the dump, loads it, and migrates it up again', async () => {
    const source = await installedSite(sqlite);
    const fresh = await target.fresh();
    const data = dataDirFor(fresh.config);
    const work = tempDir('agora-restore-level-');
    try {
      await fillSite(source);
      const file = path.join(work.dir, 'site.jsonl.gz');
      const original = await dump(source.dataDir, file);
      // "A newer version": this one plus a test migration, which migrates the empty target first.
      const newer = { migrations: { ...MIGRATIONS, [OK_NAME]: okMigration } };
      expect(await runCli(['upgrade', '--data-dir', data.dir], captured().io, [createUpgradeCommand(newer)])).toBe(0);

      const args = targetArgs(fresh.config);
      const run = captured(args.env);
      const code = await runCli(['restore', '--data-dir', work.dir, '--in', file, ...args.flags], run.io, [
        createRestoreCommand(newer),
      ]);
      expect(run.err).toEqual([]);
      expect(code).toBe(0);
      const reverted = run.out.indexOf(`Schema: reverted ${OK_NAME} (newer than the dump; applied again below)`);
      const applied = run.out.indexOf(`Applied ${OK_NAME}`);
      const restored = run.out.findIndex((l) => l.startsWith('Restored '));
      expect(reverted).toBeGreaterThan(0);
      expect(applied).toBeGreaterThan(reverted);
      expect(restored).toBeGreaterThan(applied);
      await withDatabase(fresh.config, async (database) => {
        expect(await executedMigrations(database.db, fresh.config)).toEqual([
          ...Object.keys(MIGRATIONS).sort(),
          OK_NAME,
        ]);
        expect((await siteTables(database.db as unknown as AnyKysely)).map((t) => t.name)).toContain(OK_TABLE);
      });
      const after = await dump(work.dir, path.join(work.dir, 'after.jsonl.gz'), fresh.config);
      expect(after.header.migrations).toEqual([...original.header.migrations, OK_NAME]);
      expect(contents(after)).toEqual({ ...contents(original), [OK_TABLE]: [] });

      // This version cannot restore that dump: it does not know OK_NAME.
      const older = await restore(work.dir, path.join(work.dir, 'after.jsonl.gz'), fresh.config, ['--force']);
      expect(older.code).toBe(1);
      expect(older.err[0]).toMatch(new RegExp(`^The dump was made by a newer Agora .*${OK_NAME}`));
    } finally {
      work.remove();
      data.remove();
      await fresh.drop();
      await source.cleanup();
    }
  });

  it('restores nothing from a dump that was cut short', async () => {
    const source = await installedSite(sqlite);
    const fresh = await target.fresh();
    const work = tempDir('agora-restore-cut-');
    try {
      await fillSite(source);
      const file = path.join(work.dir, 'whole.jsonl.gz');
      await dump(source.dataDir, file);
      const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
      const cut = path.join(work.dir, 'cut.jsonl.gz');
      // Everything but the last table's rows and the end line: the first tables load, then it fails.
      writeFileSync(cut, gzipSync(`${lines.slice(0, -3).join('\n')}\n`));
      const result = await restore(work.dir, cut, fresh.config);
      expect(result.code).toBe(1);
      expect(result.err).toEqual([
        'The dump is incomplete (no end line): was the file cut short? Nothing was restored.',
      ]);
      await withDatabase(fresh.config, async ({ db }) => {
        const users = await db.selectFrom('user').select('id').execute();
        const config = await db.selectFrom('config').select('id').execute();
        expect([users.length, config.length]).toEqual([0, 0]);
      });
      // The schema is there and empty: the whole dump restores now without --force.
      expect((await restore(work.dir, file, fresh.config)).code).toBe(0);
    } finally {
      work.remove();
      await fresh.drop();
      await source.cleanup();
    }
  });

  it("--update-config makes the restored database the site's database", async () => {
    const source = await installedSite(sqlite);
    const fresh = await target.fresh();
    const work = tempDir('agora-restore-switch-');
    try {
      const file = path.join(work.dir, 'site.jsonl.gz');
      await dump(source.dataDir, file);
      const before = readInstallRecord(path.join(source.dataDir, 'config.json'))!;
      const result = await restore(source.dataDir, file, fresh.config, ['--update-config']);
      expect(result.code).toBe(0);
      expect(result.out.at(-1)).toMatch(/config\.json now names .*: restart the server to use it\.$/);
      const record = readInstallRecord(path.join(source.dataDir, 'config.json'))!;
      expect(record).toEqual({ database: fresh.config, installed_at: before.installed_at });
      const check = captured();
      expect(await runCli(['check', '--data-dir', source.dataDir], check.io)).toBe(0);
    } finally {
      work.remove();
      await fresh.drop();
      await source.cleanup();
    }
  });
});

describe('agora dump / restore', () => {
  it('brings a lagging id counter in line with the ids in use', async () => {
    const source = await installedSite(sqlite);
    const fresh = await sqlite.fresh();
    const work = tempDir('agora-restore-counter-');
    try {
      await fillSite(source);
      const file = path.join(work.dir, 'site.jsonl.gz');
      const original = counters(await dump(source.dataDir, file));
      expect(original.user).toBe(3);
      // A hand-edited dump whose counters are behind (user 3 -> 1, uniqid -> 0).
      const text = gunzipSync(readFileSync(file))
        .toString('utf8')
        .replace('["user",3]', '["user",1]')
        .replace(`["uniqid",${original.uniqid}]`, '["uniqid",0]');
      const edited = path.join(work.dir, 'edited.jsonl');
      writeFileSync(edited, text); // plain JSON Lines are accepted too
      const result = await restore(work.dir, edited, fresh.config);
      expect(result.code).toBe(0);
      expect(result.out).toContain('Adjusted counter user: raised from 1 to the highest user.id');
      expect(result.out).toContain('Adjusted counter uniqid: raised from 0 to the highest uniqid.id');
      await withDatabase(fresh.config, async ({ db }) => {
        expect(await nextId(db, 'user')).toBe(4);
        expect(await newObjectId(db, 'tag')).toBe(formatObjectId('tag', original.uniqid + 1));
      });
    } finally {
      work.remove();
      await fresh.drop();
      await source.cleanup();
    }
  });

  it('refuses what it cannot restore, and usage mistakes', async () => {
    const source = await installedSite(sqlite);
    const fresh = await sqlite.fresh();
    const work = tempDir('agora-restore-refuse-');
    try {
      const file = path.join(work.dir, 'site.jsonl.gz');
      const parsed = await dump(source.dataDir, file);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const exists = captured();
      expect(await runCli(['dump', '--data-dir', source.dataDir, '--out', file], exists.io)).toBe(1);
      expect(exists.err[0]).toBe(`${file} exists: choose another name, or add --force to overwrite it.`);
      const overwrite = captured();
      expect(await runCli(['dump', '--data-dir', source.dataDir, '--out', file, '--force'], overwrite.io)).toBe(0);

      const write = (name: string, header: object) => {
        const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
        lines[0] = JSON.stringify({ ...parsed.header, ...header });
        writeFileSync(path.join(work.dir, name), gzipSync(lines.join('\n')));
        return path.join(work.dir, name);
      };
      const newer = await restore(
        work.dir,
        write('newer.gz', { migrations: [...parsed.header.migrations, '20990101000000_future'], app_version: '9.0.0' }),
        fresh.config,
      );
      expect(newer.code).toBe(1);
      expect(newer.err[0]).toMatch(/^The dump was made by a newer Agora \(9\.0\.0\): .*20990101000000_future/);
      const format = await restore(work.dir, write('format.gz', { format_version: 99 }), fresh.config);
      expect(format.err[0]).toMatch(/has format version 99; this Agora reads up to 1/);
      const notDump = await restore(work.dir, path.join(source.dataDir, 'config.json'), fresh.config);
      expect(notDump.err[0]).toMatch(/This is not an Agora dump/);

      const usage = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
        const run = captured(env);
        return { code: await runCli(args, run.io), message: run.err[0] };
      };
      expect(await usage(['dump'])).toEqual({ code: 2, message: '--out is required' });
      expect(await usage(['restore'])).toEqual({ code: 2, message: '--in is required' });
      expect(await usage(['restore', '--in', file, '--db-host', 'x'])).toEqual({
        code: 2,
        message: '--db-host needs --db-type (or DB_TYPE)',
      });
      expect(await usage(['restore', '--in', file, '--db-type', 'postgres', '--db-host', 'x'])).toEqual({
        code: 2,
        message: '--db-username, --db-name are required for postgres',
      });
      expect(await usage(['restore', '--in', file], { DB_TYPE: 'oracle' })).toEqual({
        code: 2,
        message: 'DB_TYPE must be sqlite3, postgres or mysql (got "oracle")',
      });
    } finally {
      work.remove();
      await fresh.drop();
      await source.cleanup();
    }
  });

  it('takes the target from DB_* variables', async () => {
    const source = await installedSite(sqlite);
    const work = tempDir('agora-restore-env-');
    try {
      const file = path.join(work.dir, 'site.jsonl.gz');
      const original = await dump(source.dataDir, file);
      const run = captured({ DB_TYPE: 'sqlite3', DB_FILE: 'moved.sqlite3' });
      expect(await runCli(['restore', '--data-dir', work.dir, '--in', file], run.io)).toBe(0);
      expect(run.out[0]).toContain(`into SQLite file ${path.join(work.dir, 'moved.sqlite3')}`);
      const moved = await dump(work.dir, path.join(work.dir, 'moved.jsonl.gz'), {
        type: 'sqlite3',
        file: path.join(work.dir, 'moved.sqlite3'),
      });
      expect(contents(moved)).toEqual(contents(original));
    } finally {
      work.remove();
      await source.cleanup();
    }
  });

  it('runs as bin/agora.mjs: dump, restore, and a refused second restore', async () => {
    const source = await installedSite(sqlite);
    const work = tempDir('agora-dump-bin-');
    try {
      const file = path.join(work.dir, 'site.jsonl.gz');
      const dumped = await runBin(['dump', '--data-dir', source.dataDir, '--out', file]);
      expect(dumped.code).toBe(0);
      const [, tables, rows] =
        /Wrote .*site\.jsonl\.gz \((\d+) tables, (\d+) rows, \d+ bytes, format 1\)\./.exec(dumped.stdout) ?? [];
      expect(Number(tables)).toBeGreaterThanOrEqual(6);
      expect(Number(rows)).toBeGreaterThan(100);
      const into = ['--db-type', 'sqlite3', '--db-file', path.join(work.dir, 'copy.sqlite3')];
      const restored = await runBin(['restore', '--data-dir', work.dir, '--in', file, ...into]);
      expect(restored).toMatchObject({ code: 0, stderr: '' });
      expect(restored.stdout).toContain(`Restored ${rows} rows in ${tables} tables.`);
      const again = await runBin(['restore', '--data-dir', work.dir, '--in', file, ...into]);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/The target database is not empty/);
    } finally {
      work.remove();
      await source.cleanup();
    }
  });
});
