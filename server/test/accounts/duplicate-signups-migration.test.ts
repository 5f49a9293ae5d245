import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMigrator, migrateToLatest } from '../../src/db/migrate';
import { MIGRATIONS } from '../../src/db/migrations';
import { AccountsService, type NewAccount } from '../../src/modules/accounts/service';
import { MAIL_STATUS } from '../../src/modules/accounts/table';
import { testDatabases } from '../db/databases';
import { installedSite, type InstalledSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const MIGRATION = '20261128090100_duplicate_signups';
/** The address key older sign-ups gave an account made with a taken address. */
const attemptKey = (n: number) => `~signup-attempt:${n.toString(16).padStart(32, '0')}`;

describe.each(available)(`migration ${MIGRATION} on $label`, (target) => {
  let site: InstalledSite;
  let accounts: AccountsService;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    site = await installedSite(target);
    const db = site.database.db;
    // Back to the schema before this migration, as a site upgrading from an older version has it.
    const names = Object.keys(MIGRATIONS).sort();
    const before = names[names.indexOf(MIGRATION) - 1]!;
    expect((await createMigrator(db, site.fresh.config).migrateTo(before)).error).toBeUndefined();

    accounts = new AccountsService(db);
    const make = async (key: string, input: Omit<NewAccount, 'password'>) => {
      ids[key] = (await accounts.createUser({ ...input, password: null })).id;
    };
    await make('owner', { username: 'owner', email: 'Owner@Example.com', mailStatus: MAIL_STATUS.verified });
    // What an older sign-up with the owner's address stored: an unconfirmed account under a marker key.
    await make('duplicate', { username: 'grabbed-name', email: 'OWNER@example.com', emailKey: attemptKey(1) });
    // Marker rows that are not plain attempts: activated by an administrator, or owning an upload.
    await make('activated', {
      username: 'activated',
      email: 'owner@example.com',
      emailKey: attemptKey(2),
      mailStatus: MAIL_STATUS.verified,
    });
    await make('uploader', { username: 'uploader', email: 'owner@example.com', emailKey: attemptKey(3) });
    // Real accounts that merely look alike: unconfirmed, or an address that starts like the marker.
    await make('pending', { username: 'pending', email: 'pending@example.com' });
    await make('lookalike', { username: 'lookalike', email: '~signup-attempt:x@example.com' });

    const now = Date.now();
    for (const who of ['owner', 'duplicate', 'pending']) {
      const userId = ids[who]!;
      await db
        .insertInto('session')
        .values({
          token_hash: `${who}`.padEnd(64, '0'),
          user_id: userId,
          created_at: now,
          expires_at: now + 60_000,
          last_seen_at: now,
          revoked_at: null,
          ip: '',
          user_agent: '',
        })
        .execute();
      await db
        .insertInto('user_notification_config')
        .values({
          id: 1000 + userId,
          user_id: userId,
          source: 'inbox',
          channels: '[{"key":"email","enable":true}]',
          enabled: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await db
      .insertInto('upload')
      .values({
        id: 'upload-1',
        user_id: ids.uploader!,
        source: 'avatar',
        path: 'avatar/u1.png',
        mime: 'image/png',
        size: 1,
        created_at: now,
      })
      .execute();
    await migrateToLatest(db, site.fresh.config);
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  const usernames = async () =>
    (await site.database.db.selectFrom('user').select('username').orderBy('id').execute()).map((u) => u.username);

  it('removes the stored duplicate sign-up with its session and notification settings', async () => {
    const db = site.database.db;
    expect(await db.selectFrom('user').select('id').where('id', '=', ids.duplicate!).execute()).toEqual([]);
    expect(await db.selectFrom('session').select('token_hash').where('user_id', '=', ids.duplicate!).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('user_notification_config').select('id').where('user_id', '=', ids.duplicate!).execute(),
    ).toEqual([]);
    expect(await usernames()).not.toContain('grabbed-name');
  });

  it('keeps the owner, the real accounts and every marker row that is more than an attempt', async () => {
    const db = site.database.db;
    expect(await usernames()).toEqual(
      expect.arrayContaining(['owner', 'activated', 'uploader', 'pending', 'lookalike']),
    );
    for (const who of ['owner', 'pending']) {
      expect(
        await db.selectFrom('session').select('token_hash').where('user_id', '=', ids[who]!).execute(),
      ).toHaveLength(1);
      expect(
        await db.selectFrom('user_notification_config').select('id').where('user_id', '=', ids[who]!).execute(),
      ).toHaveLength(1);
    }
    expect((await accounts.findUserByEmail('owner@example.com'))?.username).toBe('owner');
  });

  it('frees the username the duplicate held', async () => {
    const user = await accounts.createUser({ username: 'Grabbed-Name', email: 'someone@example.com', password: null });
    expect(user.username).toBe('Grabbed-Name');
  });

  it('runs again without removing anything more', async () => {
    const before = await usernames();
    await MIGRATIONS[MIGRATION]!.up(site.database.db);
    expect(await usernames()).toEqual(before);
  });
});
