import { OPS_API, RSP } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxGateway } from '../src/adapters/payments/sandbox.ts';
import { CommandError, runUserCommand } from '../src/cli/user-commands.ts';
import { auditLog, opsRequests, partnerCalls, refundEvents } from '../src/db/schema.ts';
import { createOperator } from '../src/modules/ops/operators.ts';
import { sendWaitingRefunds } from '../src/modules/refunds/start.ts';
import type { TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import type { ReadyBorrower } from './helpers/borrower.ts';
import { makeOperator, OPERATOR_PASSWORD, ok, opsCall, type SignedInOperator } from './helpers/operators.ts';
import {
  deliverGatewayNotifies,
  type PaidFee,
  type refundCalls,
  refundContext,
  refundSetup,
} from './helpers/refunds.ts';

/**
 * 退款失败 in the console: listed with the gateway's reason; 重新发起 and 关闭 are requests a second operator
 * confirms (a resend then goes to the gateway once); and the shell's refund commands make the same requests,
 * checked with `request confirm|decline`, never by their maker.
 */
let t: TestApp;
let api: ReturnType<typeof refundCalls>;
let b: ReadyBorrower;
let paid: PaidFee;
let reviewer: SignedInOperator;
let finance: SignedInOperator;
let refusing = true;
let gatewayCalls = 0;

beforeAll(async () => {
  ({ t, api, b, paid } = await refundSetup('refund_failures_b'));
  reviewer = await makeOperator(t, 'rf-rev', ['reviewer']);
  finance = await makeOperator(t, 'rf-fin', ['finance']);
  for (const [loginId, role] of [
    ['cli-boss', 'admin'],
    ['cli-fin', 'finance'],
    ['cli-help', 'support'],
  ] as const) {
    await createOperator(
      t.db,
      { loginId, name: loginId, password: OPERATOR_PASSWORD, roles: [role] },
      t.clock.now(),
    );
  }
});
afterAll(() => t.close());

/** The refund job's sends through a gateway that counts its refund calls and refuses them while `refusing`. */
function sendJob(): Promise<number> {
  const sandbox = createSandboxGateway(t.db);
  const gateway: typeof sandbox = {
    ...sandbox,
    refund: async (request, now) => {
      gatewayCalls += 1;
      return refusing ? { accepted: false, reason: '渠道维护中，暂不能退款' } : sandbox.refund(request, now);
    },
  };
  return sendWaitingRefunds({ ...refundContext(t), gateway });
}

async function shell(...argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runUserCommand(argv, { db: t.db, config: t.config, print: (l) => lines.push(l), now: t.clock.now });
  return lines;
}

const call = <T>(
  who: SignedInOperator,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
) => opsCall<T>(t, method, path, body, who.opsToken);
const decide = (who: SignedInOperator, refundNo: string, decision: string, reason?: string) =>
  call<{ requestId: number }>(who, 'POST', OPS_API.refundFailureDecide, {
    refundNo,
    decision,
    ...(reason ? { reason } : {}),
  });
const confirm = (who: SignedInOperator, requestId: number) =>
  call<{ state: string }>(who, 'POST', OPS_API.confirmRequest, { requestId });
const statusOf = async (refundNo: string) => okResult(await api.detail(b.token, refundNo)).refund.status;

/** A refund approved in the console and refused by the gateway: 退款失败. */
async function failedRefund(amount: string): Promise<string> {
  const { refundNo } = okResult(
    await api.apply(b.token, { outTradeNo: paid.outTradeNo, amount, reason: '重复缴费' }),
  ).refund;
  const made = ok(
    await call<{ requestId: number }>(reviewer, 'POST', OPS_API.refundDecide, {
      refundNo,
      decision: 'APPROVE',
    }),
  );
  ok(await confirm(finance, made.requestId));
  refusing = true;
  expect(await sendJob()).toBe(1);
  expect(await statusOf(refundNo)).toBe('FAILED');
  return refundNo;
}

describe('退款失败 in the console', () => {
  it('lists a failed refund with the gateway’s reason; 重新发起 confirmed sends it to the gateway once', async () => {
    const refundNo = await failedRefund('100.00');
    type Failed = Array<{ refundNo: string; failureReason: string; pending: { kind: string } | null }>;
    const list = ok(await call<Failed>(reviewer, 'GET', OPS_API.refundFailures));
    expect(list.find((r) => r.refundNo === refundNo)).toMatchObject({
      failureReason: '渠道维护中，暂不能退款',
      pending: null,
    });
    const made = ok(await decide(reviewer, refundNo, 'RESEND'));
    expect((await decide(reviewer, refundNo, 'CLOSE', '线下退回')).response.rspCode).toBe(
      RSP.OPS_REQUEST_DUPLICATE,
    );
    const asked = ok(await call<Failed>(reviewer, 'GET', OPS_API.refundFailures));
    expect(asked.find((r) => r.refundNo === refundNo)?.pending?.kind).toBe('refund.resend');
    const inbox = ok(
      await call<Array<{ requestId: number; summary: string }>>(finance, 'GET', OPS_API.inbox),
    );
    expect(inbox.find((r) => r.requestId === made.requestId)?.summary).toBe(
      '退款金额 100.00 元 · 失败原因：渠道维护中，暂不能退款',
    );
    expect(await statusOf(refundNo)).toBe('FAILED');

    ok(await confirm(finance, made.requestId));
    expect(await statusOf(refundNo)).toBe('REFUNDING');
    refusing = false;
    const before = gatewayCalls;
    expect(await sendJob()).toBe(1);
    expect(await sendJob()).toBe(0);
    expect(gatewayCalls - before).toBe(1);
    const claims = await t.db
      .select()
      .from(partnerCalls)
      .where(and(eq(partnerCalls.subject, refundNo), eq(partnerCalls.state, 'SUCCEEDED')));
    expect(claims.length).toBe(1);
    expect(await deliverGatewayNotifies(t)).toBe(1);
    const d = okResult(await api.detail(b.token, refundNo));
    expect(d.refund.status).toBe('REFUNDED');
    const [retry] = await t.db
      .select()
      .from(refundEvents)
      .where(and(eq(refundEvents.event, 'RETRY'), eq(refundEvents.actor, 'OPERATOR')));
    expect(retry?.actorRef).toBe('rf-rev/rf-fin');
    expect((await decide(reviewer, refundNo, 'RESEND')).response.rspCode).toBe(RSP.REFUND_STATE_NOT_ALLOWED);
  });

  it('closes one with the maker’s reason once confirmed; closing without a reason is refused', async () => {
    const refundNo = await failedRefund('50.00');
    const bare = await decide(reviewer, refundNo, 'CLOSE');
    expect(bare.response.rspCode).toBe(RSP.REFUND_REASON_INVALID);
    expect(bare.response.rspDesc).toMatch(/关闭原因/);
    const made = ok(await decide(reviewer, refundNo, 'CLOSE', '已线下转账退回'));
    expect((await confirm(reviewer, made.requestId)).response.rspCode).toBe(RSP.OPS_FORBIDDEN);
    ok(await confirm(finance, made.requestId));
    const d = okResult(await api.detail(b.token, refundNo));
    expect(d.refund.status).toBe('CLOSED');
    expect(d.timeline.at(-1)).toMatchObject({ event: 'CLOSE', actor: 'OPERATOR', reason: '已线下转账退回' });
  });
});

describe('the shell goes through the same requests', () => {
  it('refund approve --as A makes a request; A cannot confirm it; B confirms and it is done', async () => {
    const { refundNo } = okResult(
      await api.apply(b.token, { outTradeNo: paid.outTradeNo, amount: '20.00', reason: '重复缴费' }),
    ).refund;
    await expect(shell('refund', 'approve', refundNo)).rejects.toThrow(/--as/);
    await expect(shell('request', 'list')).rejects.toThrow(/--as/);
    await expect(shell('refund', 'approve', refundNo, '--as', 'cli-help')).rejects.toThrow(
      /审核退款申请.*2301/,
    );
    const made = await shell('refund', 'approve', refundNo, '--as', 'cli-boss');
    expect(made[0]).toMatch(/^已提交申请 #\d+（同意退款/);
    const id = /#(\d+)/.exec(made[0] ?? '')?.[1] ?? '';
    expect(await statusOf(refundNo)).toBe('SUBMITTED');

    await expect(shell('request', 'confirm', id, '--as', 'cli-boss')).rejects.toThrow(
      /不能复核自己提交的申请.*2309/,
    );
    await expect(shell('request', 'decline', id, '--as', 'cli-fin')).rejects.toThrow(CommandError);
    const listed = await shell('request', 'list', '--as', 'cli-fin');
    expect(listed.some((l) => l.startsWith(`#${id} 同意退款 退款 ${refundNo}`))).toBe(true);
    const out = await shell('request', 'confirm', id, '--as', 'cli-fin', '--reason', '核实无误');
    expect(out[0]).toContain('已同意');
    expect(out[1]).toContain('已复核通过');
    expect(await statusOf(refundNo)).toBe('APPROVED');
    await expect(shell('request', 'confirm', id, '--as', 'cli-fin')).rejects.toThrow(/2308/);

    const [row] = await t.db
      .select()
      .from(opsRequests)
      .where(eq(opsRequests.id, Number(id)));
    expect(row).toMatchObject({ state: 'CONFIRMED', checkReason: '核实无误' });
    const audit = await t.db.select().from(auditLog);
    expect(audit.some((a) => a.action === 'ops.request.made' && a.loginId === 'cli-boss')).toBe(true);
    expect(audit.some((a) => a.action === 'ops.request.confirmed' && a.loginId === 'cli-fin')).toBe(true);
    expect(
      audit
        .filter((a) => a.action === 'ops.command.run')
        .map((a) => (a.detail as { command: string }).command),
    ).toContain(`request confirm ${id}`);
    // the approved refund goes to the gateway as any other
    refusing = false;
    expect(await sendJob()).toBe(1);
    await deliverGatewayNotifies(t);
    expect(await statusOf(refundNo)).toBe('REFUNDED');
  });

  it('declines with a reason; a rejection asked in the shell waits like any other', async () => {
    const { refundNo } = okResult(
      await api.apply(b.token, { outTradeNo: paid.outTradeNo, amount: '10.00', reason: '重复缴费' }),
    ).refund;
    const made = await shell('refund', 'reject', refundNo, '--reason', '凭证不足', '--as', 'cli-boss');
    const id = /#(\d+)/.exec(made[0] ?? '')?.[1] ?? '';
    const out = await shell('request', 'decline', id, '--reason', '请补充凭证后再议', '--as', 'cli-fin');
    expect(out[0]).toContain('已驳回');
    expect(await statusOf(refundNo)).toBe('SUBMITTED');
    await expect(shell('request', 'confirm', 'x1', '--as', 'cli-fin')).rejects.toThrow(/申请编号/);
    await expect(shell('request', 'confirm', '999999', '--as', 'cli-fin')).rejects.toThrow(/2307/);
  });
});
