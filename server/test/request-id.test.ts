import { Writable } from 'node:stream';
import { RSP } from '@loan/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxBanks } from '../src/adapters/banks/sandbox.ts';
import { partnerCallEvents, partnerCalls } from '../src/db/schema.ts';
import { createJobEngine, type JobEngine } from '../src/jobs/engine.ts';
import { scopedLogger } from '../src/lib/work-scope.ts';
import { loggerOptions } from '../src/logger.ts';
import {
  PARTNER_CALL_RECONCILE_AFTER_MS,
  reconcilePartnerCalls,
} from '../src/modules/partner-reconcile/reconcile.ts';
import { call, cipher, createTestApp, type TestApp } from './helpers/app.ts';
import { applicationCalls, okResult } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { dropJobSchema, testJobSchema, until } from './helpers/jobs.ts';
import { type CountingBanks, countingBanks } from './helpers/two-apps.ts';

type Line = Record<string, unknown> & { msg?: string };

/** Every line an app logs (level debug), parsed. */
function capture() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { lines, logger: loggerOptions({ logLevel: 'debug' }, stream) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
let proxied: TestApp;
let bank: CountingBanks;
const log = capture();
const schema = testJobSchema();
const engines: JobEngine[] = [];

beforeAll(async () => {
  bank = countingBanks();
  t = await createTestApp({ logger: log.logger, banks: bank.banks });
  bank.setInner(createSandboxBanks({ db: t.db, decisionDelayMs: t.config.sandboxDecisionDelayMs }));
  // behind a load balancer at 10.0.0.5 (inject's peer is 127.0.0.1 unless told otherwise)
  proxied = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
});
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
  if (t) await dropJobSchema(t.db, schema);
  await proxied?.close();
  await t?.close();
});

describe('every answer carries its request id', () => {
  it('an ok answer, a refusal, a 401, a 404 and a malformed URL', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/application_vue/clientConfig' });
    const refused = await call(t.app, 'POST', '/application_vue/userLogin', {
      username: 'demo',
      password: cipher('Wrong1234'),
    });
    const unauthorised = await call(t.app, 'GET', '/users/getUserInfo');
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    const malformed = await t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A' });
    expect(ok.statusCode).toBe(200);
    expect(refused.response.rspCode).not.toBe(RSP.OK);
    expect(unauthorised.status).toBe(401);
    expect(missing.statusCode).toBe(404);
    const ids = [
      ok.headers['x-request-id'],
      refused.headers['x-request-id'],
      unauthorised.headers['x-request-id'],
      missing.headers['x-request-id'],
      malformed.headers['x-request-id'],
    ];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('a request id from a trusted proxy is kept, any other replaced', () => {
  const ask = (app: TestApp, requestId: string, remoteAddress: string) =>
    app.app.inject({
      method: 'GET',
      url: '/api/application_vue/clientConfig',
      headers: { 'x-request-id': requestId },
      remoteAddress,
    });

  it('through the trusted proxy: kept', async () => {
    const res = await ask(proxied, 'edge-01:abc.DEF_9', '10.0.0.5');
    expect(res.headers['x-request-id']).toBe('edge-01:abc.DEF_9');
    const longest = 'a'.repeat(128);
    expect((await ask(proxied, longest, '10.0.0.5')).headers['x-request-id']).toBe(longest);
  });

  it("a client's own header (no proxy trusted, or not through it): replaced", async () => {
    expect((await ask(t, 'edge-01', '10.0.0.5')).headers['x-request-id']).toMatch(UUID);
    expect((await ask(proxied, 'edge-01', '203.0.113.9')).headers['x-request-id']).toMatch(UUID);
  });

  it('a malformed one, even through the trusted proxy: replaced', async () => {
    for (const bad of ['has space', 'semi;colon', 'a'.repeat(129), '中文', '']) {
      expect((await ask(proxied, bad, '10.0.0.5')).headers['x-request-id']).toMatch(UUID);
    }
  });
});

describe('a request followed through the logs', () => {
  let submitId = '';
  let callId = 0;

  it('every line of a request carries its id; the partner call it claims records and logs it', async () => {
    const api = applicationCalls(t);
    const b = await makeReadyBorrower(t, 'reqid');
    const rowId = okResult(await api.create(b.token, 'CGB-DPJY')).application.rowId;
    // the bank makes its effect, the answer is lost on the way back: the claim stays open
    bank.after = async (c) => {
      if (c.operation !== 'submit') return;
      bank.after = null;
      throw new Error('socket hang up');
    };
    const from = log.lines.length;
    const submitted = await api.submit(b.token, rowId, '100000', 12);
    expect(submitted.response.rspCode).toBe(RSP.OK);
    submitId = String(submitted.headers['x-request-id']);
    expect(submitId).toMatch(UUID);

    const lines = log.lines.slice(from);
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining([
        'incoming request',
        'partner call sent',
        'partner call got no answer; the claim stays open',
        'request completed',
      ]),
    );
    for (const line of lines) expect(line.reqId, String(line.msg)).toBe(submitId);
    const sent = lines.find((l) => l.msg === 'partner call sent');
    expect(sent).toMatchObject({ operation: 'BANK_SUBMIT', attempt: 1, originRequestId: submitId });

    const [claim] = await t.db
      .select()
      .from(partnerCalls)
      .where(eq(partnerCalls.id, Number(sent?.callId)));
    if (!claim) throw new Error('no claim');
    callId = claim.id;
    const [claimed] = await t.db
      .select()
      .from(partnerCallEvents)
      .where(eq(partnerCallEvents.callId, callId))
      .orderBy(asc(partnerCallEvents.id));
    expect(claimed).toMatchObject({ event: 'CLAIM', detail: { requestId: submitId } });
  });

  it("a job run's lines carry its run id; reconciling the call logs the request that claimed it", async () => {
    expect(callId).toBeGreaterThan(0);
    t.clock.advance(PARTNER_CALL_RECONCILE_AFTER_MS + 1000);
    // as background.ts builds it: the engine and the run both log through the services' logger (ctx.log)
    const ctxLog = scopedLogger(t.app.log);
    const ctx = { db: t.db, now: t.clock.now, banks: bank.banks, log: ctxLog };
    let closed: number | null = null;
    const engine = createJobEngine({
      db: t.db,
      log: ctxLog,
      schema,
      jobs: [
        {
          name: 'trace-reconcile',
          everySeconds: 3600,
          run: async (_budget, runLog) => {
            runLog?.info({ step: 'start' }, 'run logs through its own logger');
            closed = await reconcilePartnerCalls(ctx);
            return { closed };
          },
        },
      ],
    });
    engines.push(engine);
    const from = log.lines.length;
    await engine.start();
    await until(
      () => log.lines.slice(from).some((l) => l.job === 'trace-reconcile' && l.outcome),
      'the reconciliation run ends',
    );
    expect(closed).toBe(1);

    const done = log.lines.slice(from).find((l) => l.job === 'trace-reconcile' && l.outcome);
    expect(done).toMatchObject({ outcome: 'completed' });
    const runId = `job:trace-reconcile:${String(done?.jobId)}`;
    const run = log.lines.slice(from).filter((l) => l.runId === runId);
    expect(run.map((l) => l.msg)).toEqual([
      'run logs through its own logger',
      'partner call sent',
      '后台任务完成 / job completed',
    ]);
    for (const line of run) expect(line.reqId).toBeUndefined();
    expect(run[1]).toMatchObject({ callId, attempt: 2, originRequestId: submitId });

    const moves = await t.db
      .select()
      .from(partnerCallEvents)
      .where(eq(partnerCallEvents.callId, callId))
      .orderBy(asc(partnerCallEvents.id));
    expect(moves.map((m) => [m.event, m.detail])).toEqual([
      ['CLAIM', { requestId: submitId }],
      ['FAIL', { error: 'socket hang up' }],
      ['TAKE_OVER', { runId }],
      ['SUCCEED', expect.objectContaining({ accepted: true })],
    ]);
  });
});
