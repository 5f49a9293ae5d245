import type { ScreenList } from '@agora/shared-api';

/**
 * Every screen this remote renders, by the id the shell's route table names. The one list: the shell reads
 * its ids as a type and tests that it routes to all of them. The review queue comes later: until then an
 * honest 'not available yet' panel, never fake content.
 */
export const screens = {
  review: () => import('../routes/placeholder').then((m) => m.placeholder('review')),
} satisfies ScreenList;
