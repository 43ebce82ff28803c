import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import type { PortalMetrics } from './portal-metrics.ts';

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
/** What an address no route matches counts as (a screen of the web app, an unknown path), so no client can grow the label set. */
const UNMATCHED = 'unmatched';

/**
 * Times every answer into http_server_request_duration_seconds by method, route pattern ('/api/devices/:id', never
 * the address asked for, which may carry ids) and status class. Each route gets its own onResponse hook, made when the
 * route is added, that knows its pattern: nothing is looked up or built per request but the series of a new method or
 * status class (D-029). Returns the hook the not-found handler takes, for the answers no route matched.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: PortalMetrics): { onResponse: onResponseHookHandler } {
  const timer = (route: string): onResponseHookHandler => {
    const observers = new Map<string, Array<((seconds: number) => void) | undefined>>();
    return (request, reply, done) => {
      let byClass = observers.get(request.method);
      if (!byClass) observers.set(request.method, (byClass = []));
      const index = Math.floor(reply.statusCode / 100) - 1;
      const observe = (byClass[index] ??= metrics.httpRequestDuration.series({ method: request.method, route, status_class: STATUS_CLASSES[index] ?? 'other' }));
      observe(reply.elapsedTime / 1000);
      done();
    };
  };
  app.addHook('onRoute', (route) => {
    const own = route.onResponse;
    route.onResponse = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), timer(route.url)];
  });
  return { onResponse: timer(UNMATCHED) };
}
