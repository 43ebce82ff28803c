import type { FastifyInstance } from 'fastify';
import type { Observe } from './labelled-histogram.ts';
import type { PortalMetrics } from './portal-metrics.ts';

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];

/**
 * Times every answer into http_server_request_duration_seconds by method, route pattern ('/api/devices/:id', never
 * the address asked for, which may carry ids) and status class. An address no route matches (a screen of the web app,
 * an unknown path) counts as 'unmatched', so no client can grow the label set.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: PortalMetrics): void {
  const histogram = metrics.httpRequestDuration;
  const seriesByKey = new Map<string, Observe>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const statusClass = STATUS_CLASSES[Math.floor(reply.statusCode / 100) - 1] ?? 'other';
    const key = `${request.method} ${statusClass} ${route}`;
    let observe = seriesByKey.get(key);
    if (!observe) {
      observe = histogram.series({ method: request.method, route, status_class: statusClass });
      seriesByKey.set(key, observe);
    }
    observe(reply.elapsedTime / 1000);
    done();
  });
}
