import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { App } from '../http.ts';

/** The route label of a request no route matched (a 404): never the raw URL, which is unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: API calls take milliseconds, uploads and PDFs seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The HTTP series: requests by method, route pattern (`/api/loanMgr/loanRecordDetail`, `/api/callbacks/bank/:bank`)
 * and status code, their duration, and the requests under way. Labels are bounded: the pattern a route was
 * registered with, never the URL with its ids or query.
 */
export function registerHttpMetrics(app: App, registry: Registry): void {
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, in seconds',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'HTTP requests received and not yet answered',
    registers: [registry],
  });
  /** requests counted in flight: each leaves once, answered or abandoned by its client */
  const open = new WeakSet<object>();
  const leave = (raw: object) => {
    if (open.delete(raw)) inFlight.dec();
  };

  app.addHook('onRequest', (request, _reply, done) => {
    open.add(request.raw);
    inFlight.inc();
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    leave(request.raw);
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    leave(request.raw);
    done();
  });
}
