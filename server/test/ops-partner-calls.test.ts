import { OPS_API, RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxBanks } from '../src/adapters/banks/sandbox.ts';
import { applications, auditLog } from '../src/db/schema.ts';
import { claimCall } from '../src/modules/partner-calls/claims.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { applicationCalls, okResult } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { makeOperator, ok, opsCall, type SignedInOperator } from './helpers/operators.ts';
import { type CountingBanks, countingBanks } from './helpers/two-apps.ts';

/** 合作方调用 in the console: a submission whose answer was lost, seen and asked again with its own key. */
let t: TestApp;
let bank: CountingBanks;
let finance: SignedInOperator;
let support: SignedInOperator;

beforeAll(async () => {
  bank = countingBanks();
  t = await createTestApp({ banks: bank.banks });
  bank.setInner(createSandboxBanks({ db: t.db, decisionDelayMs: t.config.sandboxDecisionDelayMs }));
  finance = await makeOperator(t, 'fin-calls', ['finance']);
  support = await makeOperator(t, 'sup-calls', ['support']);
});
afterAll(() => t.close());

type Line = {
  callId: number;
  subject: string;
  state: string;
  held: boolean;
  operationLabel: string;
  lastError: string | null;
};

describe('an unanswered partner call in the console', () => {
  it('is listed with its error, then asked again with the same key and closed', async () => {
    const api = applicationCalls(t);
    const b = await makeReadyBorrower(t, 'calls_b');
    const rowId = okResult(await api.create(b.token, 'CGB-DPJY')).application.rowId;
    bank.after = async (c) => {
      if (c.operation !== 'submit') return;
      bank.after = null;
      throw new Error('socket hang up');
    };
    okResult(await api.submit(b.token, rowId, '100000', 12));

    const open = ok(await opsCall<Line[]>(t, 'GET', OPS_API.partnerCalls, undefined, finance.opsToken));
    const line = open.find((l) => l.subject === `application-${rowId}`);
    expect(line).toMatchObject({
      state: 'OPEN',
      operationLabel: '向合作机构提交申请',
      lastError: 'socket hang up',
    });
    expect((await opsCall(t, 'GET', OPS_API.partnerCalls, undefined, support.opsToken)).status).toBe(403);

    // the caller gave the claim back when its call failed: nobody holds it
    expect(line?.held).toBe(false);
    const retried = ok(
      await opsCall<{ outcome: string; call: Line }>(
        t,
        'POST',
        OPS_API.partnerCallRetry,
        { callId: line?.callId },
        finance.opsToken,
      ),
    );
    expect(retried.outcome).toBe('ANSWERED');
    expect(retried.call.state).toBe('SUCCEEDED');
    const asked = bank.calls.filter(
      (c) => c.operation === 'submit' && c.key.includes(`.application-${rowId}.`),
    );
    expect(asked).toHaveLength(2);
    expect(asked[1]?.key).toBe(asked[0]?.key);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, rowId));
    expect(row?.state).toBe('UNDER_REVIEW');
    const again = await opsCall(
      t,
      'POST',
      OPS_API.partnerCallRetry,
      { callId: line?.callId },
      finance.opsToken,
    );
    expect(again.response.rspDesc).toBe('该调用已结束，无需重试');
    expect(
      ok(await opsCall<Line[]>(t, 'GET', OPS_API.partnerCalls, undefined, finance.opsToken)).find(
        (l) => l.callId === line?.callId,
      ),
    ).toBeUndefined();
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ops.partner_call.retried'));
    expect(entry).toMatchObject({ loginId: 'fin-calls', detail: { outcome: 'ANSWERED' } });
  });

  it('is not asked again while a caller still waits for its answer (3504)', async () => {
    const claim = await claimCall(
      t.db,
      { partner: 'CGB', operation: 'BANK_SUBMIT', subject: 'application-held-1', payload: {} },
      t.clock.now(),
    );
    expect(claim.won).toBe(true);
    const line = ok(await opsCall<Line[]>(t, 'GET', OPS_API.partnerCalls, undefined, finance.opsToken)).find(
      (l) => l.subject === 'application-held-1',
    );
    expect(line?.held).toBe(true);
    const held = await opsCall(
      t,
      'POST',
      OPS_API.partnerCallRetry,
      { callId: line?.callId },
      finance.opsToken,
    );
    expect(held.response.rspCode).toBe(RSP.PARTNER_CALL_IN_PROGRESS);
  });
});
