declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string | Buffer;
  }
  interface Result {
    requests: { average: number };
    latency: { p50: number; p99: number; average: number };
    throughput: { average: number };
    errors: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
