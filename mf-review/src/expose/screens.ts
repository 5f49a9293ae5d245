import type { ScreenList } from '@agora/shared-api';

/**
 * Every screen this remote renders, by the id the shell's route table names. The one list: the shell reads
 * its ids as a type and tests that it routes to all of them.
 */
export const screens = {
  review: () => import('../routes/review-screen'),
} satisfies ScreenList;
