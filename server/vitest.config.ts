import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { testFilesByRegistry } from '../scripts/test-registry.mjs';

/**
 * Suites that run on one database (SQLite) even when the run covers three: what they assert does not
 * depend on the database. Their subject is the HTTP surface (routes, envelopes, path variants, security
 * headers), input validation, who may call a route, captcha gating, rendering, files on disk, mail
 * content or what a setting changes; the SQL they pass through is repository code that suites on this
 * list's other side run on SQLite, PostgreSQL and MariaDB. Every other suite runs on all three, and so
 * does any new file until it is added here: SQL of a suite's own (lists, paging, counters, search,
 * races and concurrency, migrations, installs, dump and restore, the CLI) keeps all three.
 * server/README.md (Test databases) states the rule; a listed file that no longer exists stops the run.
 */
export const ONE_DATABASE = [
  'test/pages/page-head.test.ts',
  'test/abuse/logout-csrf.test.ts',
  'test/abuse/sealed-outbox.test.ts',
  'test/accounts/app-wiring.test.ts',
  'test/accounts/email-links.test.ts',
  'test/accounts/private-site.test.ts',
  'test/accounts/secure-site.test.ts',
  'test/accounts/session-cookie.test.ts',
  'test/admin-content/permissions.test.ts',
  'test/admin-content/plugins.test.ts',
  'test/admin-settings/access.test.ts',
  'test/admin-settings/branding.test.ts',
  'test/admin-settings/login.test.ts',
  'test/admin-settings/one-line.test.ts',
  'test/admin-settings/pinned.test.ts',
  'test/admin-settings/privileges.test.ts',
  'test/admin-settings/site-groups.test.ts',
  'test/admin-settings/smtp.test.ts',
  'test/admin-settings/theme-advanced.test.ts',
  'test/admin-users/permissions.test.ts',
  'test/captcha/captcha-http.test.ts',
  'test/captcha/config.test.ts',
  'test/captcha/thresholds.test.ts',
  'test/comment/comment-captcha.test.ts',
  'test/contract/answer-ui.test.ts',
  'test/contract/envelope-always.test.ts',
  'test/contract/log-secrets.test.ts',
  'test/hardening/route-variants-limits.test.ts',
  'test/hardening/route-variants.test.ts',
  'test/mail/smtp-admin.test.ts',
  'test/mail/wiring.test.ts',
  'test/permission/permission.test.ts',
  'test/profile/upload.test.ts',
  'test/rate-limit/redis.test.ts',
  'test/render/route.test.ts',
  'test/report/report-captcha.test.ts',
  'test/report-review/permissions.test.ts',
  'test/review-edits/permissions.test.ts',
  'test/search/search-captcha.test.ts',
  'test/short-ids/routes.test.ts',
  'test/upload-access/access.test.ts',
  'test/vote/vote-captcha.test.ts',
  'test/write/rules.test.ts',
];

const missing = ONE_DATABASE.filter((file) => !existsSync(path.join(import.meta.dirname, file)));
if (missing.length) throw new Error(`vitest.config.ts ONE_DATABASE names missing files: ${missing.join(', ')}`);

/** Files that replace a module or a global keep a registry of their own; the rest share their worker's. */
const { own: OWN_REGISTRY } = testFilesByRegistry(import.meta.dirname, 'test');

const ONE_DATABASE_ENV = { AGORA_FROM_SOURCE: '1', AGORA_TEST_ONE_DATABASE: '1' };

export default defineConfig({
  test: {
    environment: 'node',
    // Tests build apps on temporary directories; a little parallelism is enough on 2 cores.
    maxWorkers: 2,
    // With AGORA_TEST_REQUIRE_DATABASES, a missing database stops the run once, before any file runs.
    globalSetup: ['./test/db/databases.ts'],
    // Before every file: the harness's clean-ups (temporary directories, apps) run after each test and file.
    setupFiles: ['./test/support/cleanup.ts'],
    // bin/agora.mjs run by the tests executes the source under test, never an older dist/ build.
    env: { AGORA_FROM_SOURCE: '1' },
    // Each test builds a whole app (every route's schemas compiled): on a busy 2-core machine that alone
    // can take seconds, so the limits are generous; a test that waits on a timer uses a fake clock instead.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Files share their worker's modules (scripts/test-registry.mjs): what one stubs is put back after it.
    unstubEnvs: true,
    unstubGlobals: true,
    projects: projects(),
  },
});

/** The four sorts of file: on all databases or one, in a shared registry or their own (empty ones left out). */
function projects() {
  const own = (file: string) => OWN_REGISTRY.includes(file);
  const list = [
    { name: 'databases', include: ['test/**/*.test.ts'], exclude: [...ONE_DATABASE, ...OWN_REGISTRY], isolate: false },
    // test/db/databases.ts: the first of the run's databases only (SQLite unless the run leaves it out).
    { name: 'one-database', include: ONE_DATABASE.filter((f) => !own(f)), env: ONE_DATABASE_ENV, isolate: false },
    { name: 'own-registry', include: OWN_REGISTRY.filter((f) => !ONE_DATABASE.includes(f)), isolate: true },
    {
      name: 'own-registry-one-database',
      include: OWN_REGISTRY.filter((f) => ONE_DATABASE.includes(f)),
      env: ONE_DATABASE_ENV,
      isolate: true,
    },
  ];
  return list.filter((p) => p.include.length > 0).map((test) => ({ extends: true as const, test }));
}
