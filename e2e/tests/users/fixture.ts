import type { RunningServer, ServerOptions } from '../../fixtures/server';
import { test as base, expect } from '../../fixtures/test';

export { expect };

interface UsersFixtures {
  /** A dedicated site for this test (its accounts and settings may be changed freely). */
  usersSite: (options?: ServerOptions) => Promise<RunningServer>;
}

/** The people screens' fixtures: tests that change accounts get their own site. */
export const test = base.extend<UsersFixtures>({
  // Pages here talk to the test's own site (full URLs): the shared worker site is not needed.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide) => provide(undefined),

  usersSite: async ({ startSite }, provide) => {
    await provide((options = {}) => startSite({ label: 'users', ...options }));
  },
});
