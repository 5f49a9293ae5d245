import { killLeftoverServers } from './fixtures/server';

/** Safety net: every server process the run started is gone when it ends, even after a crashed worker. */
export default async function globalTeardown(): Promise<void> {
  const killed = killLeftoverServers();
  if (killed) console.warn(`[e2e teardown] killed ${killed} server process(es) a worker left behind`);
}
