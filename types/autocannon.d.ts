// autocannon 8 ships no types; we use only the call with a callback and a few figures of
// its result (bench/api-throughput.mjs, bench/calendar-feed.mjs).
declare module "autocannon" {
  type Options = { url: string; headers?: Record<string, string>; connections?: number; duration?: number };
  type Histogram = { average: number; p50: number; p99: number };
  /** `"2xx"`, `"3xx"`: how many answers had such a status (e.g. 304 Not Modified). */
  type Result = {
    non2xx: number;
    "2xx": number;
    "3xx": number;
    errors: number;
    requests: Histogram;
    latency: Histogram;
  };
  export default function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): unknown;
}
