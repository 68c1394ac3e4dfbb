import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import type { App } from '../http.ts';
import type { JobEngineOptions } from '../jobs/engine.ts';
import { allowedBy } from '../lib/networks.ts';
import { databasePoolMetrics, databaseQueryMetrics, moneyStateMetrics } from '../metrics/database.ts';
import { registerHttpMetrics } from '../metrics/http.ts';
import { jobMetrics } from '../metrics/jobs.ts';
import { noticeMetrics } from '../metrics/notices.ts';
import { scrapeContext } from '../metrics/scrape.ts';
import { sessionCacheMetrics } from '../metrics/session-cache.ts';
import type { SessionCache } from '../modules/auth/session-cache.ts';

/** Prometheus scrapes here: at the root, outside the API base, on the console's listener when there is one. */
export const METRICS_PATH = '/metrics';

export const METRICS_FORBIDDEN =
  '禁止访问：监控指标只对 METRICS_ALLOWED_CIDRS 中的网段开放 / Forbidden: metrics answer only the networks of METRICS_ALLOWED_CIDRS\n';

/** What the rest of the app feeds the metrics with. */
export interface Metrics {
  onJobRun: NonNullable<JobEngineOptions['onRun']>;
  onNoticeDelivery: NonNullable<AppContext['onNoticeDelivery']>;
}

/**
 * GET /metrics in Prometheus' text format, from a registry of this app's own (several apps in one process, as in
 * the tests, never share series): the HTTP series (hooks registered here), the database's connections and its
 * statements' times, partner calls, payment orders, refund applications and notice deliveries by state (grouped
 * counts at scrape time), the job engine's runs and lag, notices sent and failed, and Node's default metrics
 * (event-loop delay, memory, GC; started when the app listens or at the first scrape, so the apps tests build and
 * never scrape run no monitors: prom-client cannot stop them). Refused (403) to a client outside
 * METRICS_ALLOWED_CIDRS (request.ip, as OPS_ALLOWED_CIDRS); with OPS_PORT it answers only on the console's
 * listener (ops-listener.ts). Not in the OpenAPI file, and no session.
 */
export function registerMetrics(
  app: App,
  config: Config,
  db: Database,
  sessionCache: SessionCache | null,
): Metrics {
  const registry = new Registry();
  if (sessionCache) sessionCacheMetrics(registry, sessionCache);
  registerHttpMetrics(app, registry);
  const sc = scrapeContext(registry, app.log);
  databasePoolMetrics(sc, db);
  const stopQueryTiming = databaseQueryMetrics(registry, db);
  app.addHook('onClose', (_instance, done) => {
    stopQueryTiming();
    done();
  });
  moneyStateMetrics(sc, db);
  const onNoticeDelivery = noticeMetrics(sc, db);
  const onJobRun = jobMetrics(registry);
  let defaultsStarted = false;
  const startDefaults = () => {
    if (defaultsStarted) return;
    defaultsStarted = true;
    collectDefaultMetrics({ register: registry });
  };
  app.addHook('onListen', (done) => {
    startDefaults();
    done();
  });

  app.get(
    METRICS_PATH,
    {
      schema: { hide: true },
      onRequest: async (request, reply) => {
        if (allowedBy(config.metricsAllowedCidrs, request.ip)) return;
        return reply.code(403).type('text/plain; charset=utf-8').send(METRICS_FORBIDDEN);
      },
    },
    async (_request, reply) => {
      startDefaults();
      const text = await registry.metrics();
      return reply.type(registry.contentType).send(text);
    },
  );
  return { onJobRun, onNoticeDelivery };
}
