import { API } from '@loan/domain';
import type { tracing } from '@opentelemetry/sdk-node';
import type { Config } from '../config.ts';
import type { App } from '../http.ts';
import type { JobOutcome } from '../jobs/engine.ts';
import { METRICS_PATH } from './metrics.ts';

/** The span attribute that carries the request's id, the X-Request-Id answered (plugins/request-id.ts). */
export const REQUEST_ID_ATTRIBUTE = 'loan.request_id';

/** On close, how long the spans not yet sent may take to go out before they are dropped (by default). */
const FLUSH_MS = 2000;

export interface TelemetryOptions {
  /** where the spans go instead of the OTLP exporter (tests: an in-memory exporter); only when traces are on */
  spanProcessors?: tracing.SpanProcessor[];
  /** on close, how long the spans not yet sent may take to go out (default FLUSH_MS, within SHUTDOWN_TIMEOUT_MS) */
  flushMs?: number;
}

export interface Telemetry {
  /** a span for a background job run that has just ended (the job engine's onRun) */
  onJobRun(queue: string, outcome: JobOutcome, ms: number, runId: string): void;
}

/** The SDK's tracer provider, context manager and propagator are the process's: one app at a time traces. */
let running = false;

/**
 * OpenTelemetry traces, when config.telemetry says where they go (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; config-telemetry.ts); otherwise nothing of OpenTelemetry is even imported and
 * this answers null. Registered right after the request id: the SDK (@opentelemetry/sdk-node; spans batched to the
 * OTLP/HTTP exporter as OTEL_BSP_* say, sampled as OTEL_TRACES_SAMPLER says, every trace by default) and
 * @fastify/otel in its plugin mode, so Fastify needs no preloading: one span per request (`GET
 * /api/users/getUserInfo`: method, route pattern, status code, the path without its query, the request id) with its
 * handler's span below it; a caller's W3C `traceparent` is followed. The hooks get no span each, and the health
 * checks and /metrics none at all. A span for each background job run, after it ends (queue, outcome). The app's
 * close sends what is left (at most FLUSH_MS) and takes the SDK's global state down.
 */
export async function registerTelemetry(
  app: App,
  config: Config,
  options: TelemetryOptions = {},
): Promise<Telemetry | null> {
  const settings = config.telemetry;
  if (!settings) return null;
  if (running)
    throw new Error(
      '链路追踪已在本进程中启动 / OpenTelemetry already runs in this process: one app at a time',
    );
  const [{ NodeSDK }, { FastifyOtelInstrumentation }, api] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@fastify/otel'),
    import('@opentelemetry/api'),
  ]);
  // OTLP/HTTP, batched by the SDK (OTEL_BSP_* honoured), unless the spans go elsewhere
  const spansTo = options.spanProcessors
    ? { spanProcessors: options.spanProcessors }
    : {
        traceExporter: new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter({
          url: settings.tracesUrl,
        }),
      };
  const untraced = new Set([
    METRICS_PATH,
    `${config.apiBase}${API.health}`,
    `${config.apiBase}${API.healthReady}`,
  ]);
  const instrumentation = new FastifyOtelInstrumentation({
    instrumentHooks: false,
    ignorePaths: ({ url }) => untraced.has(url),
    requestHook: (span, request) => {
      const route = request.routeOptions.url;
      span.updateName(route ? `${request.method} ${route}` : request.method);
      span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
      // the path only: a query string can carry what a trace has no need of
      const query = request.url.indexOf('?');
      if (query >= 0) span.setAttribute('url.path', request.url.slice(0, query));
    },
    lifecycleHook: (span, info) => {
      span.setAttribute(REQUEST_ID_ATTRIBUTE, info.request.id);
    },
  });
  const sdk = new NodeSDK({
    serviceName: settings.serviceName,
    ...spansTo,
    instrumentations: [instrumentation],
    // traces only: no OTLP metrics (Prometheus scrapes /metrics) and no OTLP logs (pino writes them)
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  running = true;

  const flushMs = options.flushMs ?? FLUSH_MS;
  const shutdown = async () => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), flushMs);
      });
      if ((await Promise.race([sdk.shutdown(), late])) === 'late')
        app.log.warn({ ms: flushMs }, '链路数据未能及时发出 / spans not sent in time: dropped');
    } catch (error) {
      app.log.warn({ err: error }, '链路追踪关闭出错 / OpenTelemetry shutdown failed');
    } finally {
      clearTimeout(timer);
      instrumentation.disable();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
      running = false;
    }
  };
  try {
    await app.register(instrumentation.plugin());
  } catch (error) {
    await shutdown();
    throw error;
  }
  app.addHook('onClose', shutdown);
  app.log.info(
    { endpoint: options.spanProcessors ? 'injected' : settings.tracesUrl, service: settings.serviceName },
    '链路追踪已开启 / OpenTelemetry traces on',
  );

  const tracer = api.trace.getTracer('loan-portal-jobs');
  return {
    onJobRun(queue, outcome, ms, runId) {
      const end = Date.now();
      const span = tracer.startSpan(`job ${queue}`, {
        startTime: end - ms,
        root: true,
        attributes: { 'loan.job.queue': queue, 'loan.job.outcome': outcome, 'loan.job.run_id': runId },
      });
      if (outcome === 'failed') span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end(end);
    },
  };
}
