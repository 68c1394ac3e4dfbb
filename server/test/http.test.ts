import { Writable } from 'node:stream';
import { API, RSP, rspText } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/logger.ts';
import { call, cipher, createTestApp, login, PRODUCTION_ENV, type TestApp } from './helpers/app.ts';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    logger: loggerOptions({ logLevel: 'debug' }, stream),
    setup: (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('secret internal detail');
      });
    },
  });
});
afterAll(() => t.close());

describe('envelope and status codes', () => {
  it('an unknown API route → HTTP 404 with 1004', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/users/nope'],
      ['GET', '/api/application_vue/userLogin'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        response: { rspCode: RSP.NOT_FOUND, rspDesc: rspText(RSP.NOT_FOUND) },
        result: null,
      });
    }
  });

  it('an unexpected error → HTTP 500 with 9999 and the request id, no stack, logged', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toEqual({
      response: { rspCode: RSP.SYSTEM_ERROR, rspDesc: `${rspText(RSP.SYSTEM_ERROR)}（请求编号：${id}）` },
      result: null,
    });
    expect(res.body).not.toContain('secret internal detail');
    expect(logLines.some((l) => l.includes('secret internal detail') && l.includes(String(id)))).toBe(true);
  });

  it('API calls have no implicit HEAD twin (a HEAD never logs anybody out)', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/users/userLogout',
      headers: { accessToken: token },
    });
    expect(head.statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/users/getUserInfo', undefined, { token })).status).toBe(200);
  });

  it('security headers on API answers and pages; API answers are not cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/application_vue/clientConfig' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(notFound.headers['x-frame-options']).toBe('DENY');
  });
});

describe('GET /application_vue/clientConfig', () => {
  it('says the sandbox is on, which environment runs, and how to reach customer service', async () => {
    const res = await call(t.app, 'GET', '/application_vue/clientConfig');
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result).toEqual({
      sandbox: true,
      environment: 'development',
      support: { phone: '400-820-1234', email: 'support@example.com', hours: '工作日 09:00–18:00' },
    });
  });
});

/** Every route the app has, from Fastify's own route table. */
function registeredRoutes(app: TestApp): Array<{ method: string; url: string }> {
  const routes = [];
  for (const [, url, methods] of app.app
    .printRoutes({ commonPrefix: false })
    .matchAll(/(\/\S*) \(([A-Z, ]+)\)/g)) {
    for (const method of methods!.split(', ')) routes.push({ method, url: url! });
  }
  return routes;
}

describe('OpenAPI', () => {
  it('documents every API route with its method', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const apiRoutes = registeredRoutes(t).filter(
      (r) =>
        r.url.startsWith('/api/') &&
        r.method !== 'HEAD' &&
        r.url !== '/api/openapi.json' &&
        !r.url.startsWith('/api/test/'),
    );
    expect(apiRoutes.length).toBeGreaterThanOrEqual(11);
    for (const route of apiRoutes) {
      // OpenAPI spells a path parameter {bank} where Fastify has :bank
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path], route.url).toBeDefined();
      expect(doc.paths[path]![route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    for (const path of [
      API.userLogin,
      API.getUserInfo,
      API.toUserAllCheck,
      API.modifyPwd,
      API.findPwd,
      API.userLogout,
      API.sendFindPwdCode,
      API.directLogin,
      API.sendLoginSms,
      API.smsLogin,
      API.clientConfig,
      API.devOutbox,
    ]) {
      expect(doc.paths[`/api${path}`], path).toBeDefined();
    }
    const info = doc.paths['/api/users/getUserInfo']!.get as { security?: unknown };
    expect(info.security).toEqual([{ accessToken: [] }]);
  });
});

describe('developer outbox', () => {
  it('lists the sandbox messages newest first, as JSON and as a Chinese page', async () => {
    await call(t.app, 'POST', '/application_vue/sendFindPwdCode', { loginId: 'demo', channel: 'email' });
    t.clock.advance(61_000);
    await call(t.app, 'POST', '/application_vue/sendFindPwdCode', { loginId: 'demo', channel: 'sms' });
    const all = await call<Array<{ id: number; recipient: string }>>(t.app, 'GET', '/dev/outbox', {
      limit: 10,
    });
    expect(all.result.map((m) => m.recipient)).toEqual(['13800000001', 'demo@example.com']);
    const one = await call<unknown[]>(t.app, 'GET', '/dev/outbox', {
      recipient: 'demo@example.com',
      limit: 1,
    });
    expect(one.result).toHaveLength(1);

    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('开发者收件箱（沙箱）');
    expect(page.body).toContain('demo@example.com');
    expect(page.body).toMatch(/验证码 \d{6}/);
  });

  it('the sandbox logs that it kept each message outside production, never whom to', () => {
    const kept = logLines.filter((l) => l.includes('"outbox"'));
    expect(kept.length).toBeGreaterThanOrEqual(2);
    for (const line of kept)
      for (const plain of ['demo@example.com', '13800000001']) expect(line).not.toContain(plain);
  });

  it('answers only clients on this machine: another peer gets 404, whatever X-Forwarded-For says', async () => {
    for (const url of ['/api/dev/outbox', '/dev/outbox']) {
      for (const remoteAddress of ['10.0.0.8', '192.168.1.20', '2001:db8::1', '::ffff:10.0.0.8']) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          remoteAddress,
          headers: { 'x-forwarded-for': '127.0.0.1' },
        });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(res.body).not.toContain('demo@example.com');
      }
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(200);
      }
    }
  });

  it('is not there in the test environment either (development only)', async () => {
    const other = await createTestApp({ env: { NODE_ENV: 'test' } });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
      expect((await other.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('is not there in production', async () => {
    const prod = await createTestApp({ env: { ...PRODUCTION_ENV, OPENAPI_PUBLIC: '1' } });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
      const doc = (await prod.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(doc.paths['/api/dev/outbox']).toBeUndefined();
      // the sandboxes chosen on purpose in production: the UI is told, and shows 沙箱环境
      const client = await call(prod.app, 'GET', '/application_vue/clientConfig');
      expect(client.result).toEqual({
        sandbox: true,
        environment: 'production',
        support: { phone: '400-100-2026', email: 'help@loan-portal.cn', hours: '每天 08:30–20:30' },
      });
    } finally {
      await prod.close();
    }
  });
});

describe('logs', () => {
  it('never contain passwords (plain or cipher) or tokens', async () => {
    const password = cipher('Demo1234');
    const token = await login(t.app, 'demo', 'Demo1234');
    await call(t.app, 'GET', '/users/getUserInfo', undefined, { token });
    await call(
      t.app,
      'POST',
      '/users/modifyPwd',
      { oldPassword: password, newPassword: cipher('Other5678') },
      { token },
    );
    const all = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(5);
    expect(all).not.toContain('Demo1234');
    expect(all).not.toContain(password);
    expect(all).not.toContain(token);
  });
});
