import { type BankCallbackResult, type BankCode, RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, applications, bankCallbacks } from '../src/db/schema.ts';
import { signBankCallback } from '../src/modules/bank-callbacks/signature.ts';
import { type TestApp, tableCounts } from './helpers/app.ts';
import { type applicationCalls, applicationsApp, okResult } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';

let t: TestApp;
let api: ReturnType<typeof applicationCalls>;

beforeAll(async () => {
  ({ t, api } = await applicationsApp());
});
afterAll(async () => t.close());

interface PostOptions {
  secret?: string;
  /** seconds relative to the clock */
  skewSeconds?: number;
  headers?: Record<string, string>;
  contentType?: string;
  /** sign this text instead of the body sent */
  signedBody?: string;
  /** sign for this bank code instead of the route's */
  signedBank?: string;
}

async function post(bank: string, body: unknown, options: PostOptions = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const ts = String(Math.floor(t.clock.now().getTime() / 1000) + (options.skewSeconds ?? 0));
  const secrets = t.config.bankCallbackSecrets;
  // own keys only: a route name such as `toString` is no bank and has no secret
  const known = Object.hasOwn(secrets, bank) ? secrets[bank as BankCode] : undefined;
  const secret = options.secret ?? known ?? 'unknown-bank';
  const signature = signBankCallback(secret, options.signedBank ?? bank, ts, options.signedBody ?? raw);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/callbacks/bank/${bank}`,
    headers: {
      'content-type': options.contentType ?? 'application/json',
      'x-bank-timestamp': ts,
      'x-bank-signature': signature,
      ...options.headers,
    },
    payload: raw,
  });
  const json = res.json() as { response: { rspCode: string; rspDesc: string }; result: BankCallbackResult };
  return { status: res.statusCode, ...json };
}

/** An application under review at its bank: its row id and bankRef. */
async function underReview(loginId: string, productCode = 'CRB-RYD') {
  const b = await makeReadyBorrower(t, loginId);
  const d = okResult(await api.create(b.token, productCode));
  okResult(await api.submit(b.token, d.application.rowId, '100000', 6));
  const [row] = await t.db.select().from(applications).where(eq(applications.id, d.application.rowId));
  if (!row?.bankRef) throw new Error('not handed to the bank');
  return { b, rowId: row.id, bankRef: row.bankRef };
}

describe('POST /callbacks/bank/:bank', () => {
  it('applies a signed decision once; a replay of the eventId is DUPLICATE and changes nothing', async () => {
    const { b, rowId, bankRef } = await underReview('cb1');
    const body = {
      eventId: 'CRB-EVT-1',
      bankRef,
      decision: 'APPROVE',
      approvedAmount: '90000.00',
      reason: '资质良好',
    };
    const first = await post('CRBANK', body);
    expect(first.status).toBe(200);
    expect(first.response.rspCode).toBe(RSP.OK);
    expect(first.result).toEqual({ eventId: 'CRB-EVT-1', outcome: 'APPLIED' });
    const d = okResult(await api.detail(b.token, { rowId: String(rowId) }));
    expect(d.application).toMatchObject({
      state: 'APPROVED',
      approvedAmount: '90000.00',
      decisionReason: '资质良好',
    });
    expect(d.timeline.at(-1)).toMatchObject({
      event: 'APPROVE',
      actor: 'BANK',
      actorLabel: '华润银行',
      reason: '资质良好',
    });

    const before = await tableCounts(t.db);
    const replay = await post('CRBANK', { ...body, decision: 'REJECT', reason: '重放' });
    expect(replay.result).toEqual({ eventId: 'CRB-EVT-1', outcome: 'DUPLICATE' });
    expect(await tableCounts(t.db)).toEqual(before);
    const events = await t.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, rowId));
    expect(events.filter((e) => e.event === 'APPROVE')).toHaveLength(1);
  });

  it('records an illegal transition and an unknown bankRef as IGNORED, changing no application', async () => {
    const { rowId, bankRef } = await underReview('cb2');
    const illegal = await post('CRBANK', { eventId: 'CRB-EVT-2', bankRef, decision: 'DISBURSE' });
    expect(illegal.result.outcome).toBe('IGNORED');
    const [app] = await t.db.select().from(applications).where(eq(applications.id, rowId));
    expect(app?.state).toBe('UNDER_REVIEW');
    const [cb] = await t.db.select().from(bankCallbacks).where(eq(bankCallbacks.eventId, 'CRB-EVT-2'));
    expect(cb).toMatchObject({ outcome: 'IGNORED', applicationId: rowId });
    expect(cb?.payload.ignoredReason).toBe('当前状态为「审核中」，无法放款');

    const unknown = await post('CRBANK', {
      eventId: 'CRB-EVT-3',
      bankRef: 'CRBANK-0-none',
      decision: 'APPROVE',
    });
    expect(unknown.result.outcome).toBe('IGNORED');
    // the bankRef of one bank means nothing at another
    const otherBank = await post('YNIT', { eventId: 'CRB-EVT-4', bankRef, decision: 'REJECT' });
    expect(otherBank.result.outcome).toBe('IGNORED');
    const [still] = await t.db.select().from(applications).where(eq(applications.id, rowId));
    expect(still?.state).toBe('UNDER_REVIEW');
  });

  it('refuses a bad or missing signature (3501) and a stale or future timestamp (3502), recording nothing', async () => {
    const { bankRef } = await underReview('cb3');
    const body = { eventId: 'CRB-EVT-5', bankRef, decision: 'REJECT', reason: '测试' };
    const before = await tableCounts(t.db);
    const refusals: Array<[PostOptions, string]> = [
      [{ secret: 'not-the-secret' }, RSP.CALLBACK_BAD_SIGNATURE],
      // each bank signs with its own secret, and the bank code is inside the MAC
      [{ secret: t.config.bankCallbackSecrets.YNIT }, RSP.CALLBACK_BAD_SIGNATURE],
      [{ secret: t.config.bankCallbackSecrets.YNIT, signedBank: 'YNIT' }, RSP.CALLBACK_BAD_SIGNATURE],
      [{ signedBank: 'YNIT' }, RSP.CALLBACK_BAD_SIGNATURE],
      [{ signedBody: JSON.stringify({ ...body, decision: 'APPROVE' }) }, RSP.CALLBACK_BAD_SIGNATURE],
      [{ headers: { 'x-bank-signature': '' } }, RSP.CALLBACK_BAD_SIGNATURE],
      [{ headers: { 'x-bank-signature': 'zz' } }, RSP.CALLBACK_BAD_SIGNATURE],
      [{ headers: { 'x-bank-timestamp': 'yesterday' } }, RSP.CALLBACK_BAD_SIGNATURE],
      [{ skewSeconds: -301 }, RSP.CALLBACK_STALE],
      [{ skewSeconds: 301 }, RSP.CALLBACK_STALE],
    ];
    for (const [options, code] of refusals) {
      const res = await post('CRBANK', body, options);
      expect(res.status, JSON.stringify(options)).toBe(200);
      expect(res.response.rspCode, JSON.stringify(options)).toBe(code);
    }
    const noHeaders = await t.app.inject({
      method: 'POST',
      url: '/api/callbacks/bank/CRBANK',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(noHeaders.json().response.rspCode).toBe(RSP.CALLBACK_BAD_SIGNATURE);
    // the exact bytes are signed: the same JSON with other spacing is not the signed text
    const spaced = await post('CRBANK', JSON.stringify(body, null, 2), { signedBody: JSON.stringify(body) });
    expect(spaced.response.rspCode).toBe(RSP.CALLBACK_BAD_SIGNATURE);
    expect(await tableCounts(t.db)).toEqual(before);
    // within 5 minutes it is fine
    expect((await post('CRBANK', body, { skewSeconds: -299 })).result.outcome).toBe('APPLIED');
  });

  it('never answers garbage with a 500: unknown bank 1001, not JSON 1002, wrong shapes 1001', async () => {
    const before = await tableCounts(t.db);
    const good = { eventId: 'E-9', bankRef: 'YNIT-1-x', decision: 'APPROVE' };
    const cases: Array<[string, unknown, string]> = [
      ['NOPE', good, RSP.INVALID_INPUT],
      ['toString', good, RSP.INVALID_INPUT],
      ['x'.repeat(100), good, RSP.INVALID_INPUT],
      ['YNIT', 'not json', RSP.BAD_REQUEST_BODY],
      ['YNIT', '', RSP.BAD_REQUEST_BODY],
      ['YNIT', 'null', RSP.INVALID_INPUT],
      ['YNIT', '[]', RSP.INVALID_INPUT],
      ['YNIT', {}, RSP.INVALID_INPUT],
      ['YNIT', { ...good, decision: 'WITHDRAW' }, RSP.INVALID_INPUT],
      ['YNIT', { ...good, eventId: '' }, RSP.INVALID_INPUT],
      ['YNIT', { ...good, eventId: 'x'.repeat(5000) }, RSP.INVALID_INPUT],
      ['YNIT', { ...good, approvedAmount: '1e9' }, RSP.INVALID_INPUT],
      ['YNIT', { ...good, approvedAmount: 100 }, RSP.INVALID_INPUT],
      ['YNIT', { ...good, extra: true }, RSP.INVALID_INPUT],
    ];
    for (const [bank, body, code] of cases) {
      const res = await post(bank, body);
      expect(res.status, `${bank} ${JSON.stringify(body).slice(0, 60)}`).toBe(200);
      expect(res.response.rspCode, `${bank} ${JSON.stringify(body).slice(0, 60)}`).toBe(code);
    }
    const text = await post('YNIT', good, { contentType: 'text/plain' });
    expect(text.status).toBe(200);
    expect(text.response.rspCode).toBe(RSP.BAD_REQUEST_BODY);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
