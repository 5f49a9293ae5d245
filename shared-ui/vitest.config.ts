import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // antd dialogs under userEvent are slow on a busy 2-core machine: room for the 15 s waits of
    // src/test/setup.ts; a passing test ends long before.
    testTimeout: 60_000,
  },
});
