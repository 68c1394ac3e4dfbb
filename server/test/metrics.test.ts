import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { documents } from '../src/db/schema.ts';
import type { App } from '../src/http.ts';
import { allowedBy } from '../src/lib/networks.ts';
import { notify } from '../src/modules/notices/notify.ts';
import { METRICS_FORBIDDEN } from '../src/plugins/metrics.ts';
import { call, createTestApp, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { configProblems } from './helpers/config.ts';
import { setContacts } from './helpers/contacts.ts';
import { workerDatabaseUrl } from './helpers/database-url.ts';
import { startJobServers, until } from './helpers/jobs.ts';
import { paidUpfrontFee, refundCalls } from './helpers/refunds.ts';
import { startTwoListeners, type TwoListeners } from './helpers/two-listeners.ts';

const LOGIN_ID = 'metricsborrower1';

function scrape(app: App, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'GET', url: '/metrics', remoteAddress });
}

/** The sample lines of one metric (`name{…} value` or `name value`). */
function samples(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

/** The values of one label over a metric's samples. */
function labelValues(text: string, name: string, label: string): string[] {
  return samples(text, name).flatMap((line) => {
    const match = new RegExp(`[{,]${label}="([^"]*)"`).exec(line);
    return match?.[1] === undefined ? [] : [match[1]];
  });
}

describe('GET /metrics after a short journey', () => {
  let t: TestApp;
  let text: string;
  let contentType: string;

  beforeAll(async () => {
    t = await createTestApp();
    const b = await makeReadyBorrower(t, LOGIN_ID);
    // a disbursed loan (partner calls, notices) whose upfront fee was paid (a payment order) and a refund asked for
    const paid = await paidUpfrontFee(t, b);
    const [doc] = await t.db.select().from(documents).where(eq(documents.userId, b.userId)).limit(1);
    okResult(
      await refundCalls(t).apply(b.token, {
        outTradeNo: paid.outTradeNo,
        amount: '10.00',
        reason: '误缴',
        evidenceDocumentId: doc?.id ?? 0,
      }),
    );
    await call(t.app, 'GET', '/users/getUserInfo', undefined, { token: b.token });
    await call(t.app, 'GET', '/loanMgr/loanRecordDetail', { rowId: 12345 }, { token: b.token });
    // a 4xx: no session; and a path no route has, with an id in it
    expect((await call(t.app, 'GET', '/users/getUserInfo')).status).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/nothing/here/98765', remoteAddress: '127.0.0.1' }))
        .statusCode,
    ).toBe(404);
    await t.app.inject({
      method: 'POST',
      url: '/api/callbacks/bank/YNIT',
      payload: {},
      remoteAddress: '127.0.0.1',
    });
    const res = await scrape(t.app);
    expect(res.statusCode, res.body).toBe(200);
    text = res.body;
    if (process.env.METRICS_DUMP) console.log(text);
    contentType = String(res.headers['content-type']);
  });
  afterAll(() => t.close());

  it('answers in Prometheus text format 0.0.4', () => {
    expect(contentType).toContain('text/plain; version=0.0.4');
    expect(text).toContain('# TYPE http_requests_total counter');
  });

  it('counts requests by method, route pattern and status code, never by raw URL', () => {
    const routes = labelValues(text, 'http_requests_total', 'route');
    expect(routes).toContain('/api/users/getUserInfo');
    expect(routes).toContain('/api/loanMgr/loanRecordDetail');
    expect(routes).toContain('/api/callbacks/bank/:bank');
    expect(routes).toContain('unmatched');
    for (const route of routes)
      expect(
        route.split('/').some((segment) => /^\d+$/.test(segment)),
        route,
      ).toBe(false);
    expect(text).not.toContain('98765');
    expect(text).not.toContain('12345');
    expect(samples(text, 'http_requests_total').some((l) => l.includes('status_code="401"'))).toBe(true);
    expect(samples(text, 'http_requests_total').some((l) => l.includes('status_code="404"'))).toBe(true);
    expect(samples(text, 'http_request_duration_seconds_bucket').length).toBeGreaterThan(0);
    expect(labelValues(text, 'http_request_duration_seconds_count', 'route')).toContain(
      '/api/users/getUserInfo',
    );
    // the scrape itself is under way
    expect(samples(text, 'http_requests_in_flight')).toEqual(['http_requests_in_flight 1']);
  });

  it('names no borrower', () => {
    expect(text).not.toContain(LOGIN_ID);
  });

  it('tells the database’s connections', () => {
    // the suite's database: this worker's PostgreSQL database when the run has one, else PGlite
    const driver = workerDatabaseUrl() ? 'postgres' : 'pglite';
    expect(labelValues(text, 'db_pool_connections', 'driver')).toEqual([driver]);
    if (driver === 'pglite')
      expect(samples(text, 'db_pool_connections')).toEqual(['db_pool_connections{driver="pglite"} 1']);
    else expect(labelValues(text, 'db_pool_idle_connections', 'driver')).toEqual(['postgres']);
  });

  it('counts partner calls, payment orders, refund applications and notice deliveries by state', () => {
    expect(labelValues(text, 'partner_calls', 'state')).toContain('SUCCEEDED');
    expect(labelValues(text, 'payment_orders', 'status')).toContain('PAID');
    expect(labelValues(text, 'refund_applications', 'status')).toContain('SUBMITTED');
    expect(labelValues(text, 'notice_deliveries', 'channel').length).toBeGreaterThan(0);
    expect(labelValues(text, 'notice_deliveries', 'state').length).toBeGreaterThan(0);
    expect(labelValues(text, 'notices_sent_total', 'channel').sort()).toEqual(['email', 'sms']);
    expect(labelValues(text, 'notices_failed_total', 'channel').sort()).toEqual(['email', 'sms']);
    expect(samples(text, 'metrics_scrape_errors_total')).toEqual([]);
  });

  it('has Node’s default metrics, without a prefix', () => {
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE process_resident_memory_bytes gauge');
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });

  it('refuses a client outside METRICS_ALLOWED_CIDRS (403, plain text)', async () => {
    const res = await scrape(t.app, '10.1.2.3');
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe(METRICS_FORBIDDEN);
    expect(res.body).not.toContain('http_requests_total');
  });

  it('is not in the OpenAPI file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(res.json().paths)).not.toContain('/metrics');
  });
});

describe('the job series', { timeout: 120_000 }, () => {
  it('counts runs by queue and outcome, their duration and each queue’s lag', async () => {
    const jobs = await startJobServers({
      count: 1,
      // a notice of its own, due whatever the servers' clock says: its e-mail goes through the delivery job
      prepare: async (base) => {
        const b = await makeReadyBorrower(base, 'metrics-jobs');
        await setContacts(base, b.userId, { phone: null, email: 'metrics-jobs@example.com' });
        await notify(base.db, {
          userId: b.userId,
          event: { kind: 'PASSWORD_CHANGED', facts: { at: '2026-03-02 10:00' } },
          key: 'metrics:jobs',
          now: new Date('2000-01-01T00:00:00Z'),
        });
      },
    });
    try {
      const [server] = jobs.servers;
      if (!server) throw new Error('no server');
      let text = '';
      await until(async () => {
        text = (await scrape(server)).body;
        return samples(text, 'job_runs_total').some((l) => l.includes('outcome="completed"'));
      }, 'a completed job run');
      const queues = labelValues(text, 'job_runs_total', 'queue');
      expect(queues.length).toBeGreaterThan(0);
      expect(labelValues(text, 'job_run_duration_seconds_count', 'queue')).toEqual(
        expect.arrayContaining(queues),
      );
      const lagQueues = labelValues(text, 'job_lag_seconds', 'queue');
      expect(lagQueues.length).toBeGreaterThan(0);
      for (const line of samples(text, 'job_lag_seconds'))
        expect(Number(line.split(' ').pop())).toBeGreaterThanOrEqual(0);
      // that e-mail goes out through the notice-delivery job, and is counted
      await until(async () => {
        text = (await scrape(server)).body;
        // the e-mail is counted inside the run, the run itself once it has completed: both, before reading
        const sent = samples(text, 'notices_sent_total').some(
          (l) => l.includes('"email"') && !l.endsWith(' 0'),
        );
        return sent && labelValues(text, 'job_runs_total', 'queue').includes('notice-delivery');
      }, 'an e-mail notice sent and its delivery run counted');
      expect(labelValues(text, 'job_runs_total', 'queue')).toContain('notice-delivery');
    } finally {
      await jobs.close();
    }
  });
});

describe('with the console on a listener of its own (OPS_PORT)', () => {
  let listeners: TwoListeners;
  beforeAll(async () => {
    listeners = await startTwoListeners();
  });
  afterAll(() => listeners.close());

  it('answers only on the console’s listener; the public one answers 404', async () => {
    const { publicBase, opsBase } = listeners;
    const onOps = await fetch(`${opsBase}/metrics`);
    expect(onOps.status).toBe(200);
    expect(await onOps.text()).toContain('# TYPE http_requests_total counter');
    expect((await fetch(`${publicBase}/metrics`)).status).toBe(404);
    expect((await fetch(`${publicBase}/metrics?x=1`)).status).toBe(404);
  });
});

describe('METRICS_ALLOWED_CIDRS', () => {
  it('is this machine by default', () => {
    const { metricsAllowedCidrs } = loadConfig({});
    expect(allowedBy(metricsAllowedCidrs, '127.0.0.1')).toBe(true);
    expect(allowedBy(metricsAllowedCidrs, '127.8.9.10')).toBe(true);
    expect(allowedBy(metricsAllowedCidrs, '::1')).toBe(true);
    expect(allowedBy(metricsAllowedCidrs, '::ffff:127.0.0.1')).toBe(true);
    expect(allowedBy(metricsAllowedCidrs, '10.1.2.3')).toBe(false);
  });

  it('takes a list of networks and addresses', () => {
    const { metricsAllowedCidrs } = loadConfig({ METRICS_ALLOWED_CIDRS: '10.0.0.0/8, 192.168.1.7,fd00::/8' });
    expect(allowedBy(metricsAllowedCidrs, '10.1.2.3')).toBe(true);
    expect(allowedBy(metricsAllowedCidrs, '192.168.1.7')).toBe(true);
    expect(allowedBy(metricsAllowedCidrs, 'fd00::5')).toBe(true);
    expect(allowedBy(metricsAllowedCidrs, '127.0.0.1')).toBe(false);
  });

  it('stops the server on a value that is not a list of networks', () => {
    for (const value of ['10.0.0.0/99', 'localhost', '10.0.0.0/8,,abc', ' , ']) {
      expect(configProblems({ METRICS_ALLOWED_CIDRS: value }).join('\n'), value).toContain(
        'METRICS_ALLOWED_CIDRS 中的',
      );
    }
  });
});
