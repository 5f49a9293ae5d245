/**
 * Sample content for a fresh site (`agora demo`, benchmarks, tests): seedDemo fills an installed
 * site with users of every role, tags, questions, answers, comments, votes, bookmarks and follows,
 * deterministic for a seed and with every counter consistent with the rows (verifyCounters).
 */
export {
  DEMO_DEFAULTS,
  DEMO_PASSWORD,
  defaultUserCount,
  DemoRefusedError,
  DemoSetupError,
  seedDemo,
  type DemoAccount,
  type DemoCounts,
  type DemoOptions,
  type DemoResult,
} from './seed';
export { verifyCounters, type VerifyOptions } from './verify';
export type { DemoRole } from './plan';
