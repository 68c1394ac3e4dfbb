import { randomUUID } from 'node:crypto';
import { RSP, rspText } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStore } from '../src/lib/rate-limit-store.ts';
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

describe('Redis rate-limit store (REDIS_URL)', () => {
  it.skipIf(!REDIS_URL)(
    '[needs REDIS_URL, skipped without it] counts per key and window in Redis, shared by app instances',
    async () => {
      const prefix = `loan:test:${randomUUID()}`;
      const a = createRedisStore(REDIS_URL!, prefix);
      const b = createRedisStore(REDIS_URL!, prefix);
      try {
        const now = new Date('2026-03-02T02:00:10Z');
        expect(await a.hit('ip1', MINUTE, now)).toBe(1);
        expect(await b.hit('ip1', MINUTE, now)).toBe(2);
        expect(await a.hit('ip2', MINUTE, now)).toBe(1);
        expect(await a.hit('ip1', MINUTE, new Date(now.getTime() + MINUTE))).toBe(1);

        const store = createRedisStore(REDIS_URL!, `${prefix}:app`);
        const app = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' }, rateLimitStore: store });
        try {
          const hit = () =>
            call(
              app.app,
              'POST',
              '/application_vue/sendLoginSms',
              { phone: '13911112222' },
              { ip: '10.9.9.9' },
            );
          await hit();
          await hit();
          expect((await hit()).response.rspCode).toBe(RSP.TOO_MANY_REQUESTS);
        } finally {
          await app.close();
        }
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});
