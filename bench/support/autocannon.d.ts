declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string | Buffer;
    /** Requests each connection sends in turn; setupRequest may change one just before it goes. */
    requests?: Array<{ method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer; setupRequest?: (request: Request) => Request }>;
    /** Requests a second across all connections (unlimited when unset). */
    overallRate?: number;
  }
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  export interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number; max: number };
    timeouts: number;
    '2xx': number;
    throughput: { average: number };
    errors: number;
    non2xx: number;
    /** Answers by status code. */
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
