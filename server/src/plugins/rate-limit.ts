import { RSP } from '@loan/domain';
import type { AppContext } from '../context.ts';
import type { App } from '../http.ts';
import { ApiError } from '../lib/api-error.ts';
import type { RateLimitStore } from '../lib/rate-limit-store.ts';

const WINDOW_MS = 60_000;

/**
 * Per-IP limit on the sign-in and code calls (routes with `config.authRateLimit`): over
 * AUTH_RATE_LIMIT_PER_MINUTE calls in a minute → 2004. If the store fails (Redis down), the call is let
 * through and the failure logged: throttling must not take sign-in down.
 */
export function registerRateLimit(app: App, ctx: AppContext, store: RateLimitStore): void {
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.authRateLimit) return;
    let count: number;
    try {
      count = await store.hit(`auth:${request.ip}`, WINDOW_MS, ctx.now());
    } catch (error) {
      request.log.warn({ err: error }, 'rate-limit store failed; request let through');
      return;
    }
    if (count > ctx.config.authRateLimitPerMinute) throw new ApiError(RSP.TOO_MANY_REQUESTS);
  });
  app.addHook('onClose', async () => {
    await store.close();
  });
}
