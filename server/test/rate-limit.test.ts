import { randomInt } from 'node:crypto';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { RSP, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { rateLimitHits } from '../src/db/schema.ts';
import type { App } from '../src/http.ts';
import { purgeRateLimitHits } from '../src/lib/rate-limit-store.ts';
import { call, cipher, createTestApp, MINUTE, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '5' } });
});
afterAll(() => t.close());

let n = 0;
/** A wrong password for a new login id each time (no lockout gets in the way). */
const attempt = (ip: string) =>
  call(
    t.app,
    'POST',
    '/application_vue/userLogin',
    { loginId: `user${n++}`, password: cipher('x1234567') },
    { ip },
  );

describe('per-IP limit on the sign-in and code calls', () => {
  it('the call over AUTH_RATE_LIMIT_PER_MINUTE in a minute gets 2004; other IPs are not affected', async () => {
    for (let i = 0; i < 5; i++)
      expect((await attempt('10.0.0.1')).response.rspCode).not.toBe(RSP.TOO_MANY_REQUESTS);
    const over = await attempt('10.0.0.1');
    expect(over.status).toBe(200);
    expect(over.response).toEqual({
      rspCode: RSP.TOO_MANY_REQUESTS,
      rspDesc: rspText(RSP.TOO_MANY_REQUESTS),
    });
    // every auth call counts against the same budget
    const code = await call(
      t.app,
      'POST',
      '/application_vue/sendFindPwdCode',
      { loginId: 'demo', channel: 'sms' },
      { ip: '10.0.0.1' },
    );
    expect(code.response.rspCode).toBe(RSP.TOO_MANY_REQUESTS);
    expect((await attempt('10.0.0.2')).response.rspCode).toBe(RSP.WRONG_CREDENTIALS);
    // calls that are not sign-in calls are not limited
    const config = await call(t.app, 'GET', '/application_vue/clientConfig', undefined, { ip: '10.0.0.1' });
    expect(config.response.rspCode).toBe(RSP.OK);
  });

  it('the public check of a document shares the budget: guessing codes is throttled like passwords', async () => {
    const guess = () =>
      call(
        t.app,
        'GET',
        '/docs/verify',
        { docNo: 'HD20260302ABCDEFGH', code: 'ABCDEFGH' },
        { ip: '10.0.0.4' },
      );
    for (let i = 0; i < 5; i++) expect((await guess()).response.rspCode).toBe(RSP.DOCUMENT_NOT_VERIFIED);
    expect((await guess()).response.rspCode).toBe(RSP.TOO_MANY_REQUESTS);
  });

  it('opens again in the next minute', async () => {
    for (let i = 0; i < 6; i++) await attempt('10.0.0.3');
    expect((await attempt('10.0.0.3')).response.rspCode).toBe(RSP.TOO_MANY_REQUESTS);
    t.clock.advance(MINUTE);
    expect((await attempt('10.0.0.3')).response.rspCode).toBe(RSP.WRONG_CREDENTIALS);
  });
});

describe('behind a load balancer (TRUST_PROXY)', () => {
  it('counts per client address from X-Forwarded-For', async () => {
    const lb = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'true' } });
    try {
      const from = (client: string) =>
        call(
          lb.app,
          'POST',
          '/application_vue/sendLoginSms',
          { phone: '13911110000' },
          {
            ip: '10.0.0.99',
            headers: { 'x-forwarded-for': client },
          },
        );
      await from('203.0.113.1');
      await from('203.0.113.1');
      expect((await from('203.0.113.1')).response.rspCode).toBe(RSP.TOO_MANY_REQUESTS);
      expect((await from('203.0.113.2')).response.rspCode).not.toBe(RSP.TOO_MANY_REQUESTS);
    } finally {
      await lb.close();
    }
  });
});

const REDIS_URL = process.env.REDIS_URL;
/** An address no earlier run used: Redis keeps its counters for a minute across runs. */
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const sendSmsFrom = (app: App, ip: string) =>
  call(
    app,
    'POST',
    '/application_vue/sendLoginSms',
    { phone: `139${randomInt(10_000_000, 99_999_999)}` },
    { ip },
  );

describe('the database store (no REDIS_URL): shared by every server on the database', () => {
  it('two app instances on one database add up their counts', async () => {
    const shared = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    const second = await buildApp({
      config: shared.config,
      db: shared.db,
      now: shared.clock.now,
      logger: false,
    });
    await second.ready();
    try {
      expect((await sendSmsFrom(shared.app, '10.1.1.1')).response.rspCode).toBe(RSP.OK);
      expect((await sendSmsFrom(second, '10.1.1.1')).response.rspCode).toBe(RSP.OK);
      expect((await sendSmsFrom(shared.app, '10.1.1.1')).response.rspCode).toBe(RSP.OK);
      expect((await sendSmsFrom(second, '10.1.1.1')).response.rspCode).toBe(RSP.TOO_MANY_REQUESTS);
      expect((await sendSmsFrom(shared.app, '10.1.1.1')).response.rspCode).toBe(RSP.TOO_MANY_REQUESTS);
      const mine = () => shared.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, '10.1.1.1'));
      expect((await mine())[0]?.hits).toBe(5);

      // ended windows are purged by the housekeeping
      await purgeRateLimitHits(shared.db, shared.clock.now());
      expect(await mine()).toHaveLength(1);
      shared.clock.advance(MINUTE + 1);
      expect(await purgeRateLimitHits(shared.db, shared.clock.now())).toBeGreaterThanOrEqual(1);
      expect(await mine()).toEqual([]);
    } finally {
      await second.close();
      await shared.close();
    }
  });

  it('a failing store lets the request through and logs the failure', async () => {
    const lines: string[] = [];
    class BrokenStore {
      incr(_key: string, callback: (error: Error | null) => void) {
        callback(new Error('store unreachable'));
      }
      child() {
        return new BrokenStore();
      }
    }
    const broken = await createTestApp({
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '1' },
      rateLimitStore: {
        kind: 'store',
        store: BrokenStore as unknown as FastifyRateLimitStoreCtor,
        close: async () => {},
      },
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await sendSmsFrom(broken.app, '10.2.2.2')).response.rspCode).toBe(RSP.OK);
      }
      const warnings = lines.map((l) => JSON.parse(l) as { msg: string; err?: { message: string } });
      const failures = warnings.filter((w) => w.msg === 'rate-limit store failed; request let through');
      expect(failures).toHaveLength(3);
      expect(failures[0]?.err?.message).toBe('store unreachable');
    } finally {
      await broken.close();
    }
  });
});

describe('the Redis store (REDIS_URL)', () => {
  it.skipIf(!REDIS_URL)(
    '[needs REDIS_URL, skipped without it] two app instances with REDIS_URL share the counters in Redis',
    async () => {
      const env = { AUTH_RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: REDIS_URL! };
      const a = await createTestApp({ env });
      const b = await createTestApp({ env });
      try {
        const ip = freshIp();
        expect((await sendSmsFrom(a.app, ip)).response.rspCode).toBe(RSP.OK);
        expect((await sendSmsFrom(b.app, ip)).response.rspCode).toBe(RSP.OK);
        expect((await sendSmsFrom(a.app, ip)).response.rspCode).toBe(RSP.OK);
        const over = await sendSmsFrom(b.app, ip);
        expect(over.response).toEqual({
          rspCode: RSP.TOO_MANY_REQUESTS,
          rspDesc: rspText(RSP.TOO_MANY_REQUESTS),
        });
        expect((await sendSmsFrom(a.app, freshIp())).response.rspCode).toBe(RSP.OK);
        // nothing went to the database store
        expect(await a.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, ip))).toEqual([]);
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});
