import { afterAll, afterEach, beforeEach } from 'vitest';
import { drainCleanups, markInTest } from './config';

// The server suite's set-up file (vitest.config.ts `setupFiles`): vitest runs it before every test file,
// also where files share their worker's modules, so these hooks belong to each file in turn.
beforeEach(() => markInTest(true));
afterEach(async () => {
  markInTest(false);
  await drainCleanups('test');
});
afterAll(() => drainCleanups('file'));
