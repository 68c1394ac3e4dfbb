import type { ApiAnswer } from './app.ts';

/**
 * Headers whose value changes from one call to the next whatever was asked: the clock's second (`date`), the
 * request's own id and the counters of a rate limit. Everything else of an answer depends on the request only.
 */
const PER_CALL_HEADERS = new Set([
  'date',
  'x-request-id',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'ratelimit-remaining',
  'ratelimit-reset',
]);

/**
 * An answer without its per-call headers: two answers that tell the caller the same thing compare equal, even when
 * the second ticked between them. Status, rspCode, rspDesc, result and every other header still count.
 */
export function comparable<T>(answer: ApiAnswer<T>): ApiAnswer<T> {
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => !PER_CALL_HEADERS.has(name.toLowerCase())),
  );
  return { ...answer, headers };
}
