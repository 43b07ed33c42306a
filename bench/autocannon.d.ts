/** The part of autocannon's programmatic API that bench/load-client.ts uses. */
declare module 'autocannon' {
  type Percentiles = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p2_5: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  };
  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds to wait for an answer before it counts as a timeout (and an error). */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    workers?: number;
  };
  export type Result = {
    url: string;
    connections: number;
    /** Seconds. */
    duration: number;
    /** Connection errors, timeouts included. */
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    /** Milliseconds. */
    latency: Percentiles & { totalCount: number };
    /** Requests per one-second sample; `total` completed requests. */
    requests: Percentiles & { sent: number };
    /** Bytes per one-second sample. */
    throughput: Percentiles;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
