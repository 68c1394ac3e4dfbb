import { createServer, type IncomingMessage, type Server } from 'node:http';
import { API, fail, OPS_PREFIX, RSP } from '@loan/domain';
import type { OpsListener } from '../config-ops.ts';
import type { App } from '../http.ts';
import { METRICS_PATH } from './metrics.ts';

/** The requests that came in on the console's own listener (OPS_PORT). */
const viaOpsListener = new WeakSet<IncomingMessage>();

/** The console's paths: its pages and files under /ops/, its calls under {API_BASE}/ops/. */
export function isConsolePath(url: string, apiBase: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/ops' || path.startsWith(OPS_PREFIX) || path.startsWith(`${apiBase}${OPS_PREFIX}`);
}

/** Health checks answer on both listeners (each load balancer checks its own). */
function isHealthPath(url: string, apiBase: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === `${apiBase}${API.health}` || path.startsWith(`${apiBase}${API.health}/`);
}

/** Prometheus' scrape: kept off the public listener with the console's paths. */
function isMetricsPath(url: string): boolean {
  return (url.split('?')[0] ?? '') === METRICS_PATH;
}

/**
 * With a listener of its own (OPS_PORT), the console answers only there and the public listener answers none of
 * it (404, as for a path that does not exist), nor the console's listener anything of the borrower's: a deployment
 * publishes PORT and keeps OPS_PORT on an internal address. GET /metrics goes with the console. Registered first,
 * before any other hook.
 */
export function registerListenerSplit(app: App, apiBase: string, listener: OpsListener | null): void {
  if (listener === null) return;
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '/';
    const consoleSide = isConsolePath(url, apiBase) || isMetricsPath(url);
    if (isHealthPath(url, apiBase) || consoleSide === viaOpsListener.has(request.raw)) {
      done();
      return;
    }
    reply.code(404).send(fail(RSP.NOT_FOUND));
  });
}

/** The console's listener: the same app, its requests marked as come in here. Resolves once it listens. */
export async function startOpsListener(app: App, listener: OpsListener): Promise<Server> {
  const server = createServer((req, res) => {
    viaOpsListener.add(req);
    app.routing(req, res);
  });
  server.keepAliveTimeout = app.server.keepAliveTimeout;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listener.port, listener.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Stops taking connections on the console's listener and waits for its requests in flight. */
export function closeOpsListener(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
