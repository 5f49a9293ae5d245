/**
 * `pnpm bench:bulk-users [--lines N]`
 *
 * Times POST users (the admin's bulk import) on a fresh SQLite site in a temporary directory: N lines
 * (default 5 000, the most the route takes) of `display_name,email,password`, checked, hashed a few at
 * a time (argon2id) and written a batch at a time by the background job the route queues. Prints
 * the total, the share of the password hashing, and the time per account. The directory is removed at
 * the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultConfig } from '../src/config';
import { createDatabase } from '../src/db/database';
import { hashPassword } from '../src/modules/accounts/password';
import { installSite } from '../src/modules/install/install';
import { createServices } from '../src/services';
import { AdminUsersService } from '../src/modules/admin-users/service';
import { skipAudit } from '../src/modules/audit/service';
import { bulkAddJob } from '../src/modules/admin-users/bulk-job';
import { JobRunner } from '../src/modules/job/runner';
import { newOutboxKey } from '../src/lib/sealed';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { lines: { type: 'string', default: '5000' } },
});
const lines = Number(values.lines);
if (!Number.isInteger(lines) || lines < 1 || lines > 5000) {
  process.stderr.write('--lines must be 1 to 5000\n');
  process.exit(2);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-bench-bulk-'));
try {
  const file = path.join(dir, 'site.sqlite3');
  const installed = await installSite({
    dataDir: dir,
    database: { type: 'sqlite3', file },
    baseInfo: {
      lang: 'en_US',
      site_name: 'Bench',
      site_url: 'http://localhost/',
      contact_email: 'bench@example.com',
      name: 'Bench Admin',
      password: 'bench admin secret',
      email: 'admin@example.com',
    },
  });
  if (installed.status !== 'installed') throw new Error(installed.message);
  const database = await createDatabase({ type: 'sqlite3', file });
  const services = createServices(database.db, { ...defaultConfig(), dataDir: dir });
  let hashing = 0;
  const jobs = new JobRunner({ db: database.db, key: newOutboxKey() });
  const users = new AdminUsersService(database.db, services.accounts, {
    jobs,
    hash: async (password) => {
      const started = performance.now();
      const hashed = await hashPassword(password);
      hashing += performance.now() - started;
      return hashed;
    },
  });
  const text = Array.from(
    { length: lines },
    (_, i) => `Member ${i + 1},member${i + 1}@example.com,secret number ${i + 1}`,
  ).join('\n');
  jobs.register(bulkAddJob(users));
  const started = performance.now();
  await users.addUsers(text, 1, skipAudit);
  await jobs.runPending();
  const total = performance.now() - started;
  const made = await database.db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  await database.close();
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  process.stdout.write(
    [
      `bulk import of ${lines} lines on SQLite, ${os.availableParallelism()} cores: ${s(total)} ` +
        `(${(total / lines).toFixed(1)} ms per account; ${Number(made.n) - 1} accounts made)`,
      `password hashing: ${s(hashing)} of hashing time summed over the parallel hashes`,
    ].join('\n') + '\n',
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
