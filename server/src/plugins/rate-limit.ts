import fastifyRateLimit from '@fastify/rate-limit';
import { RSP } from '@loan/domain';
import type { AppContext } from '../context.ts';
import type { App } from '../http.ts';
import { ApiError } from '../lib/api-error.ts';
import type { RateLimitStore } from '../lib/rate-limit-store.ts';

const WINDOW_MS = 60_000;

/**
 * Per-IP limit on the sign-in and code calls (routes with `config.authRateLimit`) through
 * @fastify/rate-limit, its counters shared by every process (Redis or the database): over
 * AUTH_RATE_LIMIT_PER_MINUTE calls in a minute → HTTP 200 with 2004. All those routes share one budget
 * per address (IPv6 by /64). If the store fails, the call is let through and the failure logged:
 * throttling must not take sign-in down.
 */
export async function registerRateLimit(app: App, ctx: AppContext, store: RateLimitStore): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    max: ctx.config.authRateLimitPerMinute,
    timeWindow: WINDOW_MS,
    ...(store.kind === 'redis' ? { redis: store.redis, nameSpace: store.nameSpace } : { store: store.store }),
  });
  const check = app.createRateLimit();
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.authRateLimit) return;
    let verdict: Awaited<ReturnType<typeof check>>;
    try {
      verdict = await check(request);
    } catch (error) {
      request.log.warn({ err: error }, 'rate-limit store failed; request let through');
      return;
    }
    if (!verdict.isAllowed && verdict.isExceeded) throw new ApiError(RSP.TOO_MANY_REQUESTS);
  });
  app.addHook('onClose', async () => {
    await store.close();
  });
}
