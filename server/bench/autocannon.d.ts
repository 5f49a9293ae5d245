/** The part of autocannon's programmatic API the API bench uses (autocannon ships no types). */
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
    /** Requests each connection makes in turn, again and again (their path replaces the url's). */
    requests?: { path?: string; method?: string; headers?: Record<string, string> }[];
  }
  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
