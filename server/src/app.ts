import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { BankAdapters } from './adapters/banks/bank-adapter.ts';
import { createSandboxBanks } from './adapters/banks/sandbox.ts';
import type { FileStorage } from './adapters/files/file-storage.ts';
import { createFileStorage } from './adapters/files/sealed.ts';
import type { MarketplaceAdapter } from './adapters/marketplace/marketplace.ts';
import { createSandboxMarketplace } from './adapters/marketplace/sandbox.ts';
import type { OutboxAdapter } from './adapters/outbox/outbox.ts';
import { createSandboxOutbox } from './adapters/outbox/sandbox.ts';
import type { PaymentGateway, SandboxCashier } from './adapters/payments/gateway.ts';
import { createSandboxGateway } from './adapters/payments/sandbox.ts';
import type { Config } from './config.ts';
import type { AppContext, TestHooks } from './context.ts';
import type { Database } from './db/client.ts';
import type { App } from './http.ts';
import { type BackgroundOptions, createBackgroundJobs } from './jobs/background.ts';
import { databaseRateLimitStore, type RateLimitStore, redisRateLimitStore } from './lib/rate-limit-store.ts';
import { scopedLogger } from './lib/work-scope.ts';
import { lazyChildLogger, loggerOptions } from './logger.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { agreementRoutes } from './modules/agreements/routes.ts';
import { applicationRoutes } from './modules/applications/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { bankCallbackRoutes } from './modules/bank-callbacks/routes.ts';
import { certificationRoutes } from './modules/certification/routes.ts';
import { opsCollectionRoutes } from './modules/collections/routes.ts';
import { devOutboxRoutes } from './modules/dev-outbox/routes.ts';
import { devSandboxRoutes } from './modules/dev-sandbox/routes.ts';
import { feeRoutes } from './modules/fees/routes.ts';
import { healthRoutes, type Lifecycle } from './modules/health/routes.ts';
import { issuedDocumentRoutes } from './modules/issued-documents/routes.ts';
import { loanRoutes } from './modules/loans/routes.ts';
import { noticeRoutes } from './modules/notices/routes.ts';
import { opsBorrowerRoutes } from './modules/ops/borrower-routes.ts';
import { opsCouponCampaignRoutes } from './modules/ops/coupon-campaign-routes.ts';
import { opsOperatorRoutes } from './modules/ops/operator-routes.ts';
import { opsPartnerCallRoutes } from './modules/ops/partner-call-routes.ts';
import { opsReportRoutes } from './modules/ops/report-routes.ts';
import { opsRequestRoutes } from './modules/ops/request-routes.ts';
import { opsRoutesOf } from './modules/ops/routes.ts';
import { opsSystemStatusRoutes } from './modules/ops/system-status-routes.ts';
import { opsWatchRoutes } from './modules/ops/watch-routes.ts';
import { passwordResetRoutes } from './modules/password-reset/routes.ts';
import { paymentNotifyRoutes } from './modules/payments/notify-routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { productRoutes } from './modules/products/routes.ts';
import { devReceivingRoutes } from './modules/receiving-account/dev-routes.ts';
import { receivingAccountRoutes } from './modules/receiving-account/routes.ts';
import { refundRoutes } from './modules/refunds/routes.ts';
import { devStatementRoutes } from './modules/statements/dev-routes.ts';
import { statementRoutes } from './modules/statements/routes.ts';
import { storeRoutes } from './modules/stores/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { registerCompression } from './plugins/compression.ts';
import { frameworkErrors, registerErrorHandler } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi, registerOpenApiRoute } from './plugins/openapi.ts';
import { registerListenerSplit } from './plugins/ops-listener.ts';
import { registerOpsSession } from './plugins/ops-session.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerRequestId, requestIdGenerator } from './plugins/request-id.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { cachedSerializerFactory } from './plugins/serializers.ts';
import { registerSession } from './plugins/session.ts';
import { registerSessionCache } from './plugins/session-cache.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerTelemetry, type TelemetryOptions } from './plugins/telemetry.ts';

export interface BuildAppOptions {
  config: Config;
  /** the caller opens, migrates and closes the database */
  db: Database;
  /** the clock for every expiry; tests move it */
  now?: () => Date;
  /** SMS/e-mail; default: the sandbox outbox (records messages in the database) */
  outbox?: OutboxAdapter;
  /** Fastify logger option; default: pino at LOG_LEVEL with redaction */
  logger?: FastifyServerOptions['logger'];
  /** store authorisation; default: the sandbox marketplace */
  marketplace?: MarketplaceAdapter;
  /** partner banks; default: the sandbox banks */
  banks?: BankAdapters;
  /** the payment gateway; default: the sandbox gateway */
  gateway?: PaymentGateway & Partial<SandboxCashier>;
  /** uploaded documents; default: sealed in the database, or the S3 bucket (FILE_STORAGE) */
  files?: FileStorage;
  /** start the background work (reconciliation, sandbox deliveries and collections, housekeeping); `npm start` does, tests do not */
  startJobs?: boolean;
  /** the job engine's schema, periods and timings; default: BackgroundOptions' defaults (tests shorten them) */
  jobs?: BackgroundOptions;
  /** the process's stopping flag (main.ts sets it on SIGTERM; /health/ready then answers 503) */
  lifecycle?: Lifecycle;
  /** per-IP counters; default: Redis when REDIS_URL is set, else the database */
  rateLimitStore?: RateLimitStore;
  /** points where a test holds a request; never set outside tests */
  testHooks?: TestHooks;
  /** the session cache's lease (ms; default LEASE_MS): tests lengthen it so that a busy machine never lets it lapse */
  sessionCacheLeaseMs?: number;
  /** when traces are on (OTEL_EXPORTER_OTLP_ENDPOINT): where the spans go instead of OTLP (tests) */
  telemetry?: TelemetryOptions;
}

const BODY_LIMIT = 64 * 1024;

/** Builds the portal: API under API_BASE, OpenAPI, developer outbox (not in production), the web app. */
export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { config, db } = opts;
  const now = opts.now ?? (() => new Date());
  const app: App = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: BODY_LIMIT,
    // X-Request-Id from a trusted proxy, else a random id (plugins/request-id.ts); bound as reqId on request.log
    genReqId: requestIdGenerator(config.trustProxy),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    // no implicit HEAD twins of API calls (a HEAD must not log anybody out); static files keep theirs
    exposeHeadRoutes: false,
    frameworkErrors,
    schemaController: { compilersFactory: { buildSerializer: cachedSerializerFactory } },
  }).withTypeProvider();
  registerRequestId(app);
  const lifecycle = opts.lifecycle ?? { draining: false };
  // a stopping server closes each connection after its answer: a balancer's kept-alive connection would otherwise
  // hold the stop open until the balancer's own time-out
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  // and while closing, a connection that falls idle after the close began (its answer sent) is closed too: Node
  // closes only those idle when the close begins, so one busy then would hold the close until the client drops it
  let reaper: NodeJS.Timeout | null = null;
  app.addHook('preClose', (done) => {
    reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    reaper.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    if (reaper) clearInterval(reaper);
    done();
  });
  // traces only when an OTLP endpoint is set; before any other hook or route, so each request has its span
  const telemetry = await registerTelemetry(app, config, opts.telemetry);
  registerListenerSplit(app, config.apiBase, config.opsListener);
  // session lookups kept in memory on PostgreSQL (SESSION_CACHE); its own logger: the services' is made below
  const sessionCache = registerSessionCache(app, config, db, app.log, opts.sessionCacheLeaseMs);
  const metrics = registerMetrics(app, config, db, sessionCache?.cache ?? null);
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  // JSON only: any other content type is refused (1002)
  app.removeContentTypeParser('text/plain');

  // the services' logger: the request's or the job run's in hand (lib/work-scope.ts), app.log outside them
  const log = scopedLogger(app.log);
  const outbox =
    opts.outbox ??
    createSandboxOutbox({
      db,
      keys: config,
      now,
      log,
      logMessages: config.environment !== 'production',
    });
  const ctx: AppContext = {
    config,
    db,
    now,
    outbox,
    log,
    sessionCache: sessionCache?.cache ?? null,
    marketplace: opts.marketplace ?? createSandboxMarketplace(db),
    banks: opts.banks ?? createSandboxBanks({ db, decisionDelayMs: config.sandboxDecisionDelayMs }),
    files: opts.files ?? createFileStorage(config, db, { now }),
    gateway: opts.gateway ?? createSandboxGateway(db),
    onNoticeDelivery: metrics.onNoticeDelivery,
    ...(opts.testHooks ? { testHooks: opts.testHooks } : {}),
  };
  const store =
    opts.rateLimitStore ??
    (config.redisUrl ? redisRateLimitStore(config.redisUrl) : databaseRateLimitStore(db, now));

  registerErrorHandler(app, ctx.config.support);
  registerInputGuard(app);
  await registerSecurityHeaders(app, config.apiBase, config.hsts);
  await registerCompression(app);
  await registerOpenApi(app);
  await registerRateLimit(app, ctx, store);
  registerSession(app, ctx);
  registerOpsSession(app, ctx);

  authRoutes(app, ctx);
  userRoutes(app, ctx);
  accountRoutes(app, ctx);
  loanRoutes(app, ctx);
  feeRoutes(app, ctx);
  applicationRoutes(app, ctx);
  bankCallbackRoutes(app, ctx);
  paymentRoutes(app, ctx);
  issuedDocumentRoutes(app, ctx);
  paymentNotifyRoutes(app, ctx);
  refundRoutes(app, ctx);
  statementRoutes(app, ctx);
  noticeRoutes(app, ctx);
  receivingAccountRoutes(app, ctx);
  agreementRoutes(app, ctx);
  certificationRoutes(app, ctx);
  storeRoutes(app, ctx);
  productRoutes(app, ctx);
  passwordResetRoutes(app, ctx);
  healthRoutes(app, ctx, lifecycle);
  devOutboxRoutes(app, ctx);
  devSandboxRoutes(app, ctx);
  devReceivingRoutes(app, ctx);
  devStatementRoutes(app, ctx);
  opsRoutesOf(app, ctx);
  opsRequestRoutes(app, ctx);
  opsBorrowerRoutes(app, ctx);
  opsCouponCampaignRoutes(app, ctx);
  opsOperatorRoutes(app, ctx);
  opsPartnerCallRoutes(app, ctx);
  opsSystemStatusRoutes(app, ctx, opts.jobs ?? {});
  opsReportRoutes(app, ctx);
  opsWatchRoutes(app, ctx);
  opsCollectionRoutes(app, ctx);
  if (opts.startJobs) {
    // background work through the job engine, once across all servers: sandbox bank deliveries, the
    // collections sandbox, reconciliation, housekeeping (server/src/jobs); the in-flight jobs finish first,
    // within half the shutdown time (then they are failed, to be retried by another server)
    const jobs = createBackgroundJobs(app, ctx, {
      stopTimeoutMs: config.shutdownTimeoutMs / 2,
      ...opts.jobs,
      onRun: (name, outcome, ms, runId) => {
        metrics.onJobRun(name, outcome, ms, runId);
        telemetry?.onJobRun(name, outcome, ms, runId);
        opts.jobs?.onRun?.(name, outcome, ms, runId);
      },
    });
    app.addHook('onReady', () => jobs.start());
    app.addHook('preClose', () => jobs.stop());
  }
  if (config.openapiPublic) registerOpenApiRoute(app, config.apiBase);
  await registerSpa(app, config.webDist, config.apiBase, config.consoleDist);
  return app;
}
