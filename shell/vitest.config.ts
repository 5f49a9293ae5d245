import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Room for the 15 s waits of a busy machine (src/test/setup.ts); a passing test ends long before.
    testTimeout: 60_000,
  },
});
