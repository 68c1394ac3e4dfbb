import { OPS_API } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import {
  bodiesFor,
  expectEnvelope,
  expectGetAnswer,
  operations,
  queriesFor,
  withParams,
} from './helpers/garbage.ts';
import { makeOperator } from './helpers/operators.ts';

/**
 * Every console route (`/api/ops/`) of the OpenAPI file, fed garbage by a signed-in administrator (who holds every
 * permission, so each route's own checks run): never a 5xx, always the envelope, refusals in Chinese, and the
 * administrator still signed in at the end.
 */
let t: TestApp;
let opsToken: string;

beforeAll(async () => {
  t = await createTestApp();
  opsToken = (await makeOperator(t, 'fuzz-admin', ['admin'])).opsToken;
});
afterAll(() => t.close());

describe('every console route, fed garbage', { timeout: 300_000 }, () => {
  it('never answers 5xx, always the envelope, refusals in Chinese', async () => {
    const consoleOps = (await operations(t.app)).filter(
      (op) => op.path.startsWith('/api/ops/') && op.path !== `/api${OPS_API.logout}`,
    );
    expect(consoleOps.length).toBeGreaterThanOrEqual(9);
    let calls = 0;
    for (const op of consoleOps) {
      for (const url of withParams(op.path)) {
        if (op.method === 'GET') {
          for (const query of queriesFor(op.properties)) {
            const res = await t.app.inject({ method: 'GET', url, query, headers: { opsToken } });
            calls += 1;
            const what = `GET ${url} ${JSON.stringify(query).slice(0, 80)}`;
            expectGetAnswer(what, res.statusCode, res.headers['content-type']?.toString(), res.body);
          }
        } else {
          for (const body of bodiesFor(op.properties)) {
            const res = await t.app.inject({
              method: 'POST',
              url,
              payload: JSON.stringify(body),
              headers: { opsToken, 'content-type': 'application/json' },
            });
            calls += 1;
            expectEnvelope(`POST ${url} ${JSON.stringify(body).slice(0, 80)}`, res.statusCode, res.body);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(200);
    const me = await t.app.inject({ method: 'GET', url: `/api${OPS_API.me}`, headers: { opsToken } });
    expect(me.json().response.rspCode).toBe('0000');
  });
});
