import { fmt, log, type Endpoint } from './api-report';
import { buildSearchKinds } from './search';

/** A probe search that takes longer than this leaves its kind unmeasured (the plan is broken, not slow). */
const PROBE_TIMEOUT_MS = 20_000;
/** Probing one kind stops after this long; the kind is then unmeasured (its searches take seconds). */
const PROBE_BUDGET_MS = 30_000;

/**
 * The search rows: each kind's queries asked once first (it must answer 200; the row's name says how
 * many queries there are and how many found nothing), then measured as one row, the queries in turn.
 */
export async function searchEndpoints(
  base: string,
  /** Waits (up to timeoutMs) until the server has answered every request it still holds. */
  settle: (base: string, timeoutMs: number) => Promise<void>,
  file: string,
  auth: Record<string, string>,
  missing: string[],
): Promise<Endpoint[]> {
  const started = Date.now();
  const kinds = await buildSearchKinds(file);
  const endpoints: Endpoint[] = [];
  for (const kind of kinds) {
    if (kind.paths.length === 0) {
      missing.push(`search (${kind.name}): not measured (no query could be built from the seeded posts)`);
      continue;
    }
    const hits: number[] = [];
    let failure: string | null = null;
    let slowest = { ms: 0, path: '' };
    const kindStart = performance.now();
    for (const p of kind.paths) {
      if (performance.now() - kindStart > PROBE_BUDGET_MS) {
        const mean = (performance.now() - kindStart) / hits.length;
        failure =
          `${hits.length} of ${kind.paths.length} queries asked in ${fmt(PROBE_BUDGET_MS / 1000)} s: ` +
          `${fmt(mean)} ms each on average, slowest ${fmt(slowest.ms)} ms on ${decodeURIComponent(slowest.path)}`;
        break;
      }
      const sent = performance.now();
      let res: Response;
      try {
        res = await fetch(`${base}${p}`, { headers: auth, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      } catch (error) {
        if ((error as Error).name !== 'TimeoutError') throw error;
        failure = `no answer within ${PROBE_TIMEOUT_MS / 1000} s to ${decodeURIComponent(p)}`;
        // The server finishes that search before it answers anything else (one process).
        await settle(base, 15 * 60_000);
        break;
      }
      const took = performance.now() - sent;
      if (took > slowest.ms) slowest = { ms: took, path: p };
      if (!res.ok) {
        failure = `${res.status} ${(await res.text()).slice(0, 200)} on ${decodeURIComponent(p)}`;
        break;
      }
      hits.push(((await res.json()) as { data: { count: number } }).data.count);
    }
    if (failure) {
      missing.push(`search (${kind.name}): not measured (${failure})`);
      continue;
    }
    hits.sort((a, b) => a - b);
    const median = hits[Math.floor(hits.length / 2)] ?? 0;
    const none = hits.filter((n) => n === 0).length;
    log(
      `bench:api: search ${kind.name}: ${kind.paths.length} queries, e.g. ${kind.example}; hits median ${median}, ` +
        `max ${hits[hits.length - 1] ?? 0}, ${none} without hits; slowest ${fmt(slowest.ms)} ms ` +
        `(${decodeURIComponent(slowest.path.replace(/^.*\?q=/, '')).replace(/&.*$/, '')})`,
    );
    endpoints.push({
      name: `search: ${kind.name} (${kind.paths.length} queries, median ${median} hits)`,
      path: kind.paths[0]!,
      paths: kind.paths,
      headers: auth,
      search: true,
    });
  }
  log(`bench:api: search queries built and probed in ${fmt((Date.now() - started) / 1000, 1)} s`);
  return endpoints;
}
