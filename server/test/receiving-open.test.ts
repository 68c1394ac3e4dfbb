import { API, type BankCallbackResult, RSP, type UserInfo } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueBankCallbacks } from '../src/adapters/banks/sandbox-delivery.ts';
import { auditLog, sandboxBankJobs, subAccountEvents, subAccounts } from '../src/db/schema.ts';
import { signBankCallback } from '../src/modules/bank-callbacks/signature.ts';
import { call, codeOf, createTestApp, type TestApp, tableCounts } from './helpers/app.ts';
import { applicationCalls, deliverAfterDelay, okResult } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { deliverSubAccountAnswers, openSubAccountAt, receivingCalls } from './helpers/receiving.ts';

let t: TestApp;
let api: ReturnType<typeof applicationCalls>;
let lock: ReturnType<typeof receivingCalls>;

beforeAll(async () => {
  t = await createTestApp();
  api = applicationCalls(t);
  lock = receivingCalls(t);
});
afterAll(async () => t.close());

async function postAccountCallback(bank: string, body: unknown, secret?: string) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(t.clock.now().getTime() / 1000));
  const key = secret ?? t.config.bankCallbackSecrets[bank as 'CGB'];
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/callbacks/bank/${bank}/account`,
    headers: {
      'content-type': 'application/json',
      'x-bank-timestamp': ts,
      'x-bank-signature': signBankCallback(key, bank, ts, raw),
    },
    payload: raw,
  });
  return res.json() as { response: { rspCode: string; rspDesc: string }; result: BankCallbackResult };
}

describe('opening the collection sub-account', () => {
  it('opens at a bank the borrower applies to: OPENING, then OPEN by the signed callback; masked elsewhere', async () => {
    const b = await makeReadyBorrower(t, 'ropen1');
    okResult(await api.create(b.token, 'FUIOU-HKD'));
    const before = okResult(await lock.view(b.token));
    expect(before.eligibleBanks).toEqual([
      { bankCode: 'FUIOU', bankName: '富友支付', why: '申请中', required: true },
    ]);
    expect(before.current).toBeNull();
    expect(before.companyName).toBe('深圳市跨境优选贸易有限公司');

    const opening = okResult(await lock.open(b.token, 'FUIOU'));
    expect(opening.current).toMatchObject({ state: 'OPENING', bankCode: 'FUIOU', accountNo: null });
    expect(codeOf(await lock.open(b.token, 'FUIOU'))).toBe(RSP.SUB_ACCOUNT_OPENING);

    expect(await deliverSubAccountAnswers(t)).toBe(1);
    const open = okResult(await lock.view(b.token));
    expect(open.current?.state).toBe('OPEN');
    expect(open.current?.accountNo).toMatch(/^6238\d{15}$/);
    expect(open.current?.accountNoMasked).toMatch(/^6238 \*\*\*\* \*\*\*\* \d{4}$/);

    // sealed at rest; getUserInfo masked
    const [row] = await t.db.select().from(subAccounts).where(eq(subAccounts.userId, b.userId));
    expect(row?.accountNoEnc).not.toContain(open.current?.accountNo ?? 'x');
    const info = await call<UserInfo>(t.app, 'GET', '/users/getUserInfo', undefined, { token: b.token });
    expect(info.result).toMatchObject({ openBank: '富友支付', subAccNo: open.current?.accountNoMasked });
    expect(JSON.stringify(info.result)).not.toContain(open.current?.accountNo ?? 'x');
  });

  it('keeps no plain account number in the sandbox bank’s jobs, waiting or delivered', async () => {
    const b = await makeReadyBorrower(t, 'ropen9');
    okResult(await api.create(b.token, 'FUIOU-HKD'));
    okResult(await lock.open(b.token, 'FUIOU'));
    const waiting = await t.db.select().from(sandboxBankJobs);
    expect(waiting.some((j) => j.callbackPath === API.subAccountCallbackSuffix && !j.deliveredAt)).toBe(true);
    expect(JSON.stringify(waiting.map((j) => j.payload))).not.toMatch(/\d{15,}/);
    t.clock.advance(t.config.sandboxDecisionDelayMs + 1000);
    expect(await deliverDueBankCallbacks(t.app, { ...t, now: t.clock.now, log: t.app.log })).toBe(1);
    const open = okResult(await lock.view(b.token));
    const accountNo = open.current?.accountNo ?? '';
    expect(accountNo).toMatch(/^6238\d{15}$/);
    const jobs = await t.db.select().from(sandboxBankJobs);
    const delivered = jobs.filter((j) => j.callbackPath === API.subAccountCallbackSuffix && j.deliveredAt);
    expect(delivered.length).toBeGreaterThan(0);
    for (const job of jobs.filter((j) => j.deliveredAt)) {
      expect(JSON.stringify(job.payload)).not.toMatch(/\d{9,}/);
    }
    expect(JSON.stringify(jobs)).not.toContain(accountNo);
    expect(delivered.map((j) => j.payload.accountNo)).toContain(open.current?.accountNoMasked);
  });

  it('refuses a bank the borrower neither applies to nor borrows from (2101), and without certification (3401)', async () => {
    const b = await makeReadyBorrower(t, 'ropen2');
    okResult(await api.create(b.token, 'FUIOU-HKD'));
    const before = await tableCounts(t.db);
    expect(codeOf(await lock.open(b.token, 'CGB'))).toBe(RSP.RECEIVING_BANK_NOT_ALLOWED);
    expect(codeOf(await lock.open(b.token, 'NOPE'))).toBe(RSP.INVALID_INPUT);
    const bare = await makeReadyBorrower(t, 'ropen2b', { certified: false });
    const afterBare = await tableCounts(t.db);
    expect(codeOf(await lock.open(bare.token, 'FUIOU'))).toBe(RSP.CERTIFICATION_REQUIRED);
    expect(await tableCounts(t.db)).toEqual(afterBare);
    expect(before.sub_accounts).toBe(afterBare.sub_accounts);
  });

  it('shows a FAILED opening with the bank’s reason (sandbox: USCC 93…), and a retry may follow', async () => {
    const b = await makeReadyBorrower(t, 'ropen3', { uscc: '93440300MA5FXXXX0X' });
    okResult(await api.create(b.token, 'FUIOU-HKD'));
    okResult(await lock.open(b.token, 'FUIOU'));
    await deliverSubAccountAnswers(t);
    const failed = okResult(await lock.view(b.token));
    expect(failed.current).toMatchObject({ state: 'FAILED', accountNo: null });
    expect(failed.current?.failReason).toContain('93');
    okResult(await lock.open(b.token, 'FUIOU'));
    const again = okResult(await lock.view(b.token));
    expect(again.current?.state).toBe('OPENING');
    expect(again.history.map((h) => h.state)).toEqual(['FAILED']);
  });

  it('verifies the callback: a bad signature (3501) changes nothing, a replay is DUPLICATE, unknown IGNORED', async () => {
    const b = await makeReadyBorrower(t, 'ropen4');
    okResult(await api.create(b.token, 'FUIOU-HKD'));
    okResult(await lock.open(b.token, 'FUIOU'));
    const [row] = await t.db.select().from(subAccounts).where(eq(subAccounts.userId, b.userId));
    if (!row) throw new Error('no row');
    const body = {
      eventId: 'ACC-EV-1',
      requestRef: row.requestRef,
      outcome: 'OPENED',
      accountNo: '6238000011112222333',
    };
    const before = await tableCounts(t.db);
    expect(codeOf(await postAccountCallback('FUIOU', body, 'wrong-secret'))).toBe(RSP.CALLBACK_BAD_SIGNATURE);
    expect(codeOf(await postAccountCallback('CGB', body, t.config.bankCallbackSecrets.FUIOU))).toBe(
      RSP.CALLBACK_BAD_SIGNATURE,
    );
    expect(codeOf(await postAccountCallback('FUIOU', { ...body, outcome: 'MAYBE' }))).toBe(RSP.INVALID_INPUT);
    expect(await tableCounts(t.db)).toEqual(before);

    expect((await postAccountCallback('FUIOU', body)).result.outcome).toBe('APPLIED');
    const replay = await postAccountCallback('FUIOU', { ...body, accountNo: '6238999999999999999' });
    expect(replay.result.outcome).toBe('DUPLICATE');
    const late = await postAccountCallback('FUIOU', { ...body, eventId: 'ACC-EV-2', outcome: 'FAILED' });
    expect(late.result.outcome).toBe('IGNORED');
    expect(
      (await postAccountCallback('FUIOU', { ...body, eventId: 'ACC-EV-3', requestRef: 'nope' })).result
        .outcome,
    ).toBe('IGNORED');
    const view = okResult(await lock.view(b.token));
    expect(view.current).toMatchObject({ state: 'OPEN', accountNo: '6238000011112222333' });
    const events = await t.db
      .select()
      .from(subAccountEvents)
      .where(eq(subAccountEvents.subAccountId, row.id));
    expect(events.map((e) => e.toState)).toEqual(['OPENING', 'OPEN']);
    // the sandbox's own answer, delivered later, is ignored too: one account
    await deliverSubAccountAnswers(t);
    expect(okResult(await lock.view(b.token)).current?.accountNo).toBe('6238000011112222333');
  });
});

describe('the bank flows and the lock', () => {
  it('FUIOU refuses to submit without the account (2104, CGB signing: applications.test.ts)', async () => {
    const b = await makeReadyBorrower(t, 'rflow1');
    const d = okResult(await api.create(b.token, 'FUIOU-HKD'));
    const submit = await api.submit(b.token, d.application.rowId, '30000', 3);
    expect(codeOf(submit)).toBe(RSP.SUB_ACCOUNT_REQUIRED);
    expect(submit.response.rspDesc).toContain('富友支付收款子账户');
  });

  it('CRBANK: signing is allowed, the disbursement is held until the account opens (audited), then paid', async () => {
    const b = await makeReadyBorrower(t, 'rflow2');
    const d = okResult(await api.create(b.token, 'CRB-RYD'));
    const rowId = d.application.rowId;
    okResult(await api.submit(b.token, rowId, '100000', 6));
    await deliverAfterDelay(t);
    okResult(await api.sign(b.token, rowId));
    await deliverAfterDelay(t);
    await deliverAfterDelay(t);
    const held = okResult(await api.detail(b.token, { rowId: String(rowId) }));
    expect(held.application.state).toBe('SIGNED');
    const heldAudit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, b.userId), eq(auditLog.action, 'application.disbursement_held')));
    expect(heldAudit).toHaveLength(1);

    await openSubAccountAt(t, b, 'CRBANK');
    await deliverAfterDelay(t);
    const paid = okResult(await api.detail(b.token, { rowId: String(rowId) }));
    expect(paid.application.state).toBe('DISBURSED');

    // now locked: a loan is outstanding; another opening is refused with the reason and until when
    const refused = await lock.open(b.token, 'CRBANK');
    expect(codeOf(refused)).toBe(RSP.RECEIVING_ACCOUNT_LOCKED);
    expect(refused.response.rspDesc).toContain('1 笔贷款尚未结清');
    expect(refused.response.rspDesc).toContain('最晚到期日');
    const view = okResult(await lock.view(b.token));
    expect(view.lock.locked).toBe(true);
    expect(view.eligibleBanks[0]).toMatchObject({ bankCode: 'CRBANK', why: '借款中' });
  });

  it('an account not locked may be changed: a new opening, the old one CLOSED (history kept)', async () => {
    const b = await makeReadyBorrower(t, 'rflow3');
    okResult(await api.create(b.token, 'FUIOU-HKD'));
    const first = await openSubAccountAt(t, b, 'FUIOU');
    okResult(await api.create(b.token, 'CGB-KJED'));
    const second = await openSubAccountAt(t, b, 'CGB');
    expect(second.current?.bankCode).toBe('CGB');
    expect(second.history).toMatchObject([{ id: first.current?.id, state: 'CLOSED', accountNo: null }]);
    expect(second.history[0]?.closedAt).not.toBeNull();
  });

  it('an approved application at another bank may move the account there (nothing else is owed)', async () => {
    const b = await makeReadyBorrower(t, 'rflow4');
    okResult(await api.create(b.token, 'FUIOU-HKD'));
    await openSubAccountAt(t, b, 'FUIOU');
    const cgb = okResult(await api.create(b.token, 'CGB-KJED'));
    okResult(await api.submit(b.token, cgb.application.rowId, '200000', 6));
    await deliverAfterDelay(t);
    expect(okResult(await lock.view(b.token)).lock.locked).toBe(true);
    const moved = await openSubAccountAt(t, b, 'CGB');
    expect(moved.current?.bankCode).toBe('CGB');
    okResult(await api.sign(b.token, cgb.application.rowId));
    // and back to FUIOU is refused now: the signed CGB application needs the account at CGB
    expect(codeOf(await lock.open(b.token, 'FUIOU'))).toBe(RSP.RECEIVING_ACCOUNT_LOCKED);
  });
});

describe('a second borrower', () => {
  it('sees nothing of the first borrower’s account on any /lock route', async () => {
    const owner = await makeReadyBorrower(t, 'rown1');
    okResult(await api.create(owner.token, 'FUIOU-HKD'));
    const opened = await openSubAccountAt(t, owner, 'FUIOU');
    const other = await makeReadyBorrower(t, 'rint1', { certified: false, storeStatus: null });
    const secret = opened.current?.accountNo ?? 'x';
    const answers = [
      await lock.view(other.token),
      await lock.open(other.token, 'FUIOU'),
      await lock.settlement(other.token, '招商银行', '755912345678'),
      await lock.verify(other.token, '0.37'),
      await lock.recheck(other.token),
      await lock.paidMethod(other.token, 'ACTIVE_REPAY'),
    ];
    for (const a of answers) {
      expect(JSON.stringify(a)).not.toContain(secret);
      expect(JSON.stringify(a)).not.toContain(opened.current?.accountNoMasked ?? 'x');
    }
    const mine = okResult(await lock.view(other.token));
    expect(mine.current).toBeNull();
    expect(mine.eligibleBanks).toEqual([]);
    expect(okResult(await lock.view(owner.token)).paidMethod).toBeNull();
  });
});
