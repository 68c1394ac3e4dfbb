import { RSP } from '@loan/domain';
import type { App } from '../http.ts';
import { ApiError } from '../lib/api-error.ts';

/**
 * PostgreSQL text cannot hold the NUL character: a value carrying one would fail deep in a query as a 500.
 * Every request's params, query and parsed body are checked before validation, so such input is refused as
 * bad input (1001) wherever it appears.
 */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

export function registerInputGuard(app: App): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new ApiError(RSP.INVALID_INPUT, '输入内容包含不允许的控制字符，请检查后重试');
    }
  });
}
