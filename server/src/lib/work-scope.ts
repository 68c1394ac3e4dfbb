import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The work in hand: one request (its id, the X-Request-Id answered) or one run of a background job
 * (`job:<queue>:<jobId>`), and the logger bound to it. Services log through `ctx.log` (scopedLogger below), which
 * writes through this logger, so every line of a request carries its `reqId` and every line of a job run its `runId`
 * without the id being passed down by hand.
 */
export interface WorkScope {
  requestId?: string;
  runId?: string;
  log?: FastifyBaseLogger;
}

const storage = new AsyncLocalStorage<WorkScope>();

/** Runs `fn` (and everything it starts) as part of this work. */
export function inWorkScope<T>(scope: WorkScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** Who a record written now was written for, to keep with it: `{ requestId }`, `{ runId }`, or null. */
export function workTrace(): { requestId: string } | { runId: string } | null {
  const scope = storage.getStore();
  if (scope?.requestId) return { requestId: scope.requestId };
  if (scope?.runId) return { runId: scope.runId };
  return null;
}

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const LEVEL_NAMES: readonly LevelName[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * The application's logger as the services see it (`ctx.log`): each line goes through the logger of the work in
 * hand (the request's `request.log`, still made lazily; a job run's child), or `base` outside any.
 */
export function scopedLogger(base: FastifyBaseLogger): FastifyBaseLogger {
  const current = () => storage.getStore()?.log ?? base;
  const scoped = {
    get level() {
      return current().level;
    },
    set level(level: string) {
      base.level = level;
    },
    silent: () => {},
    child: (...args: Parameters<FastifyBaseLogger['child']>) => current().child(...args),
  } as unknown as Record<LevelName, (...args: unknown[]) => void>;
  for (const name of LEVEL_NAMES) {
    scoped[name] = (...args: unknown[]) => {
      const target = current();
      (target[name] as (...a: unknown[]) => void).apply(target, args);
    };
  }
  return scoped as unknown as FastifyBaseLogger;
}
