import type { ScreenList } from '@agora/shared-api';

/**
 * Every screen this remote renders, by the id the shell's route table names. The one list: the shell reads
 * its ids as a type and tests that it routes to all of them.
 */
export const screens = {
  // The first-run wizard at /install (its own chunk, with antd's forms).
  install: () => import('../install/install-screen'),
} satisfies ScreenList;
