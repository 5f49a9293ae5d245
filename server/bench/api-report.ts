import type { Result } from 'autocannon';

/** The API benchmark's rows and its printed table (api.ts measures, this prints). */

export function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

export interface Measurement {
  name: string;
  path: string;
  result: Result;
  search?: boolean;
}

export interface Endpoint {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** Several paths asked in turn (`path` is then the one the row shows). */
  paths?: string[];
  /** A search row (the p50 target line looks at these). */
  search?: boolean;
}

export const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const ms = (value: number) => (value < 1 ? '<1' : fmt(value));

/** A ratio with two decimals, or two significant digits under 0.1 (0.0042, not 0.00). */
export const times = (value: number) =>
  value >= 0.1 || value === 0 ? fmt(value, 2) : value.toPrecision(2).replace(/e.*$/, '');

/**
 * One table row per measurement. The baseline runs first and again last: ratios are to the mean of
 * the two, and the gap between them says how much the machine drifted during the run. With a
 * `reference` row (the search scenario's question list), a last column gives each row's mean latency
 * as a multiple of the reference's: a database-backed page measured in the same run.
 */
export function report(
  rows: Measurement[],
  baselines: [Result, Result],
  missing: string[],
  reference?: Measurement,
): void {
  const baseRps = (baselines[0].requests.average + baselines[1].requests.average) / 2;
  const baseP99 = (baselines[0].latency.p99 + baselines[1].latency.p99) / 2;
  const refMean = reference && reference.result.requests.total > 0 ? reference.result.latency.average : 0;
  log('');
  log(
    '| endpoint | requests/s | mean ms | p50 ms | p99 ms | req/s vs baseline | p99 vs baseline | non-2xx | errors |' +
      (refMean > 0 ? ' mean vs question list |' : ''),
  );
  log(`|---|--:|--:|--:|--:|--:|--:|--:|--:|${refMean > 0 ? '--:|' : ''}`);
  for (const { name, path: urlPath, result } of rows) {
    if (result.requests.total === 0) {
      log(
        `| ${name} \`${decodeURIComponent(urlPath)}\` | no answer within the run | | | | | | | ${result.errors + result.timeouts} |`,
      );
      continue;
    }
    const ratio = result.requests.average / baseRps;
    const p99 = baseP99 > 0 ? `${fmt(result.latency.p99 / baseP99, 1)}×` : '-';
    log(
      `| ${name} \`${decodeURIComponent(urlPath)}\` | ${fmt(result.requests.average)} | ${fmt(result.latency.average, 2)} | ` +
        `${ms(result.latency.p50)} | ${ms(result.latency.p99)} | ${times(ratio)} | ${p99} | ${result.non2xx} | ` +
        `${result.errors + result.timeouts} |` +
        (refMean > 0 ? ` ${fmt(result.latency.average / refMean, 1)}× |` : ''),
    );
  }
  const drift = Math.abs(baselines[1].requests.average - baselines[0].requests.average) / baseRps;
  log('');
  log(`baseline drift between the first and the last run: ${fmt(drift * 100, 1)} %`);
  for (const line of missing) log(line);
}
