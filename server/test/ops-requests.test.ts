import { OPS_API, RSP } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, opsRequestEvents, opsRequests, refundEvents } from '../src/db/schema.ts';
import { login, MINUTE, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import type { ReadyBorrower } from './helpers/borrower.ts';
import { makeOperator, ok, opsCall, type SignedInOperator } from './helpers/operators.ts';
import {
  deliverGatewayNotifies,
  type PaidFee,
  type refundCalls,
  refundSetup,
  runRefundJob,
} from './helpers/refunds.ts';

/**
 * Maker-checker on refund decisions: a reviewer asks, a second operator with the checker permission confirms (the
 * refund is then approved through its one writer) or declines with a reason; never the maker; one decision when
 * two check at once; a request expires.
 */
let t: TestApp;
let b: ReadyBorrower;
let paid: PaidFee;
let api: ReturnType<typeof refundCalls>;
let reviewer: SignedInOperator;
let finance: SignedInOperator;
let finance2: SignedInOperator;
let admin: SignedInOperator;

beforeAll(async () => {
  ({ t, api, b, paid } = await refundSetup('maker_checker_b'));
  reviewer = await makeOperator(t, 'rev-1', ['reviewer']);
  finance = await makeOperator(t, 'fin-1', ['finance']);
  finance2 = await makeOperator(t, 'fin-2', ['finance']);
  admin = await makeOperator(t, 'boss-1', ['admin']);
});
afterAll(() => t.close());

async function submittedRefund(amount = '100.00', reason = '重复缴费'): Promise<string> {
  return okResult(await api.apply(b.token, { outTradeNo: paid.outTradeNo, amount, reason })).refund.refundNo;
}

const decide = (who: SignedInOperator, refundNo: string, decision: 'APPROVE' | 'REJECT', reason?: string) =>
  opsCall<{ requestId: number; state: string }>(
    t,
    'POST',
    OPS_API.refundDecide,
    { refundNo, decision, ...(reason ? { reason } : {}) },
    who.opsToken,
  );
const confirm = (who: SignedInOperator, requestId: number) =>
  opsCall<{ state: string }>(t, 'POST', OPS_API.confirmRequest, { requestId }, who.opsToken);
const decline = (who: SignedInOperator, requestId: number, reason: string) =>
  opsCall<{ state: string }>(t, 'POST', OPS_API.declineRequest, { requestId, reason }, who.opsToken);
const refundStatus = async (refundNo: string) => okResult(await api.detail(b.token, refundNo)).refund.status;

describe('a refund decision, made by one operator and checked by another', () => {
  it('lists the application in the queue, then as asked about once a reviewer decided', async () => {
    const refundNo = await submittedRefund();
    const queue = ok(
      await opsCall<Array<{ refundNo: string; amount: string; pending: unknown }>>(
        t,
        'GET',
        OPS_API.refundQueue,
        undefined,
        reviewer.opsToken,
      ),
    );
    expect(queue.find((r) => r.refundNo === refundNo)).toMatchObject({ amount: '100.00', pending: null });
    const made = ok(await decide(reviewer, refundNo, 'APPROVE'));
    expect(made.state).toBe('PENDING');
    const after = ok(
      await opsCall<Array<{ refundNo: string; pending: { makerName: string } | null }>>(
        t,
        'GET',
        OPS_API.refundQueue,
        undefined,
        reviewer.opsToken,
      ),
    );
    expect(after.find((r) => r.refundNo === refundNo)?.pending?.makerName).toBe('运营rev-1');
    // nothing happened to the refund yet
    expect(await refundStatus(refundNo)).toBe('SUBMITTED');
    // a second decision on the same refund waits for the first
    expect((await decide(reviewer, refundNo, 'REJECT', '不符合退款条件')).response.rspCode).toBe(
      RSP.OPS_REQUEST_DUPLICATE,
    );

    // the maker's inbox is empty; the checker's holds it
    const mine = ok(await opsCall<unknown[]>(t, 'GET', OPS_API.inbox, undefined, reviewer.opsToken));
    expect(mine).toEqual([]);
    const inbox = ok(
      await opsCall<Array<{ requestId: number; kindLabel: string }>>(
        t,
        'GET',
        OPS_API.inbox,
        undefined,
        finance.opsToken,
      ),
    );
    expect(inbox.find((r) => r.requestId === made.requestId)?.kindLabel).toBe('同意退款');

    const confirmed = ok(await confirm(finance, made.requestId));
    expect(confirmed.state).toBe('CONFIRMED');
    expect(await refundStatus(refundNo)).toBe('APPROVED');
    // the confirmation's audit entry keeps what it changed
    const confirmedAudit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ops.request.confirmed'));
    expect(confirmedAudit.find((r) => r.detail?.subject === `refund:${refundNo}`)?.detail?.changes).toEqual({
      refundStatus: { before: 'SUBMITTED', after: 'APPROVED' },
    });
    const [approval] = await t.db
      .select()
      .from(refundEvents)
      .where(and(eq(refundEvents.event, 'APPROVE')));
    expect(approval).toMatchObject({ actor: 'OPERATOR', actorRef: 'rev-1/fin-1' });
    // the refund then goes to the gateway as any approved refund does
    await runRefundJob(t);
    expect(await refundStatus(refundNo)).toBe('REFUNDING');
    await deliverGatewayNotifies(t);
    expect(await refundStatus(refundNo)).toBe('REFUNDED');
  });

  it('never lets the maker check their own request, whatever their roles', async () => {
    const refundNo = await submittedRefund('50.00');
    const made = ok(await decide(admin, refundNo, 'APPROVE'));
    const self = await confirm(admin, made.requestId);
    expect(self.response.rspCode).toBe(RSP.OPS_SELF_CHECK);
    expect(self.response.rspDesc).toMatch(/不能复核自己提交的申请/);
    // a reviewer without the checker permission: 403 naming it
    const noRight = await confirm(reviewer, made.requestId);
    expect(noRight.status).toBe(403);
    expect(noRight.response).toEqual({
      rspCode: RSP.OPS_FORBIDDEN,
      rspDesc: '您没有“复核退款决定”的权限，请联系管理员分配角色',
    });
    expect(await refundStatus(refundNo)).toBe('SUBMITTED');
    // declined with a reason: the refund is untouched and may be decided again
    ok(await decline(finance, made.requestId, '金额与凭证不符，请重新核对'));
    const [row] = await t.db.select().from(opsRequests).where(eq(opsRequests.id, made.requestId));
    expect(row).toMatchObject({ state: 'DECLINED', checkReason: '金额与凭证不符，请重新核对' });
    expect(await refundStatus(refundNo)).toBe('SUBMITTED');
    const again = ok(await decide(reviewer, refundNo, 'REJECT', '凭证不足'));
    ok(await confirm(finance, again.requestId));
    expect(await refundStatus(refundNo)).toBe('REJECTED');
  });

  it('makes one decision when two checkers confirm at once', async () => {
    const refundNo = await submittedRefund('30.00');
    const made = ok(await decide(reviewer, refundNo, 'REJECT', '已超过退款期限'));
    const answers = await Promise.all([confirm(finance, made.requestId), confirm(finance2, made.requestId)]);
    const codes = answers.map((a) => a.response.rspCode).sort();
    expect(codes).toEqual([RSP.OK, RSP.OPS_REQUEST_CLOSED].sort());
    const moves = await t.db
      .select()
      .from(opsRequestEvents)
      .where(eq(opsRequestEvents.requestId, made.requestId));
    expect(moves.map((m) => m.event)).toEqual(['CREATE', 'CONFIRM']);
    expect(await refundStatus(refundNo)).toBe('REJECTED');
  });

  it('lets only the maker withdraw, and expires a request nobody checked in 24 hours', async () => {
    const refundNo = await submittedRefund('20.00');
    const made = ok(await decide(reviewer, refundNo, 'APPROVE'));
    const byOther = await opsCall(
      t,
      'POST',
      OPS_API.withdrawRequest,
      { requestId: made.requestId },
      finance.opsToken,
    );
    expect(byOther.response.rspCode).toBe(RSP.OPS_REQUEST_ACTOR);
    ok(await opsCall(t, 'POST', OPS_API.withdrawRequest, { requestId: made.requestId }, reviewer.opsToken));
    expect((await confirm(finance, made.requestId)).response.rspCode).toBe(RSP.OPS_REQUEST_CLOSED);

    const late = ok(await decide(reviewer, refundNo, 'APPROVE'));
    // operators sign in again after a day: their sessions ended
    t.clock.advance(24 * 60 * MINUTE);
    const reviewerAgain = await makeOperator(t, 'rev-2', ['reviewer']);
    const financeAgain = await makeOperator(t, 'fin-3', ['finance']);
    b = { ...b, token: await login(t.app, 'maker_checker_b', 'Ready1234') };
    expect(ok(await opsCall<unknown[]>(t, 'GET', OPS_API.inbox, undefined, financeAgain.opsToken))).toEqual(
      [],
    );
    const expired = await confirm(financeAgain, late.requestId);
    expect(expired.response).toEqual({
      rspCode: RSP.OPS_REQUEST_CLOSED,
      rspDesc: '该申请已过期，请重新提交',
    });
    const [row] = await t.db.select().from(opsRequests).where(eq(opsRequests.id, late.requestId));
    expect(row?.state).toBe('EXPIRED');
    expect(await refundStatus(refundNo)).toBe('SUBMITTED');
    // a new decision may be made
    const fresh = ok(await decide(reviewerAgain, refundNo, 'APPROVE'));
    // the borrower withdraws the application meanwhile: confirming can no longer approve it, and confirms nothing
    okResult(await api.cancel(b.token, refundNo));
    const moot = await confirm(financeAgain, fresh.requestId);
    expect(moot.response.rspCode).not.toBe(RSP.OK);
    const [still] = await t.db.select().from(opsRequests).where(eq(opsRequests.id, fresh.requestId));
    expect(still?.state).toBe('PENDING');
    expect(await refundStatus(refundNo)).toBe('CANCELLED');
    // the next tests go on with the operators of the new day
    reviewer = reviewerAgain;
    finance = financeAgain;
  });

  it('refuses a rejection without a reason, an unknown refund, and one already reviewed', async () => {
    const refundNo = await submittedRefund('10.00');
    expect((await decide(reviewer, refundNo, 'REJECT')).response.rspCode).not.toBe(RSP.OK);
    expect((await decide(reviewer, 'RF00000000000000000000', 'APPROVE')).response.rspCode).toBe(
      RSP.REFUND_NOT_FOUND,
    );
    const made = ok(await decide(reviewer, refundNo, 'APPROVE'));
    ok(await confirm(finance, made.requestId));
    const again = await decide(reviewer, refundNo, 'APPROVE');
    expect(again.response).toEqual({
      rspCode: RSP.REFUND_STATE_NOT_ALLOWED,
      rspDesc: '该退款申请当前为「已同意」，不能再审核',
    });
  });

  it('audits the maker and the checker of every decision', async () => {
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ops.request.confirmed'));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.operatorId !== null)).toBe(true);
    const made = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ops.request.made'));
    expect(
      made.some((r) => r.loginId === 'rev-1' && (r.detail as { kind: string }).kind === 'refund.approve'),
    ).toBe(true);
  });
});
