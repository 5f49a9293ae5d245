import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Tests build apps on temporary directories; a little parallelism is enough on 2 cores.
    maxWorkers: 2,
    // With AGORA_TEST_REQUIRE_DATABASES, a missing database stops the run once, before any file runs.
    globalSetup: ['./test/db/databases.ts'],
    // bin/agora.mjs run by the tests executes the source under test, never an older dist/ build.
    env: { AGORA_FROM_SOURCE: '1' },
    // Each test builds a whole app (every route's schemas compiled): on a busy 2-core machine that alone
    // can take seconds, so the limits are generous; a test that waits on a timer uses a fake clock instead.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
