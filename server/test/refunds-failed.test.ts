import { RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxGateway } from '../src/adapters/payments/sandbox.ts';
import { CommandError } from '../src/cli/user-commands.ts';
import { refundApplications } from '../src/db/schema.ts';
import { PAY_SIGNATURE_HEADER, PAY_TIMESTAMP_HEADER, signNotify } from '../src/modules/payments/signature.ts';
import { sendWaitingRefunds } from '../src/modules/refunds/start.ts';
import { login, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import type { ReadyBorrower } from './helpers/borrower.ts';
import {
  cliOperators,
  deliverGatewayNotifies,
  type PaidFee,
  type refundCalls,
  refundContext,
  refundSetup,
  refused,
} from './helpers/refunds.ts';

/** A refund the gateway does not make: 退款失败 with why, its money free, sent again, or closed by an operator. */
let t: TestApp;
let api: ReturnType<typeof refundCalls>;
let b: ReadyBorrower;
let paid: PaidFee;
let refusing = true;

beforeAll(async () => {
  ({ t, api, b, paid } = await refundSetup('refunder7'));
  cli = await cliOperators(t, 'refunds');
});
afterAll(async () => t.close());

/** The refund job's sends, through a gateway that refuses every refund while `refusing`. */
function sendJob(): Promise<number> {
  const sandbox = createSandboxGateway(t.db);
  const gateway: typeof sandbox = {
    ...sandbox,
    refund: async (request, now) =>
      refusing ? { accepted: false, reason: '渠道维护中，暂不能退款' } : sandbox.refund(request, now),
  };
  return sendWaitingRefunds({ ...refundContext(t), gateway });
}

let cli: Awaited<ReturnType<typeof cliOperators>>;

/** An operator's refund command, confirmed by a second operator (`request confirm`): what the checker saw. */
const operator = (...argv: string[]): Promise<string[]> => cli.twoStep(...argv);

const apply = (amount: string) =>
  api.apply(b.token, { outTradeNo: paid.outTradeNo, amount, reason: '重复缴费' });
const detail = async (refundNo: string) => {
  // the clock moves on by minutes here: a session idle that long has ended
  b.token = await login(t.app, b.loginId, b.password);
  return okResult(await api.detail(b.token, refundNo));
};
const sends = async (refundNo: string) =>
  (await t.db.select().from(refundApplications).where(eq(refundApplications.refundNo, refundNo)))[0]?.sends;

async function approved(amount: string): Promise<string> {
  const d = okResult(await apply(amount));
  await operator('refund', 'approve', d.refund.refundNo);
  return d.refund.refundNo;
}

describe('the gateway refuses the refund call', () => {
  let no: string;

  it('moves it to 退款失败 with the reason and what happens next; its money is refundable again', async () => {
    no = await approved('100.00');
    expect(await sendJob()).toBe(1);
    const d = await detail(no);
    expect(d.refund).toMatchObject({
      status: 'FAILED',
      statusLabel: '退款失败',
      failureReason: '渠道维护中，暂不能退款',
      canCancel: false,
    });
    expect(d.refund.nextStep).toContain('自动重新发起退款');
    expect(d.timeline.at(-1)).toMatchObject({ event: 'FAIL', toState: 'FAILED', actor: 'GATEWAY' });
    expect(d.payment.refundable).toBe('1000.00');
    const list = okResult(await api.list(b.token));
    expect(list.items.find((i) => i.refundNo === no)).toMatchObject({
      failureReason: '渠道维护中，暂不能退款',
    });
  });

  it('is sent again with backoff a bounded number of times, then left 退款失败 for an operator', async () => {
    expect(await sendJob()).toBe(0);
    for (const [wait, sent] of [
      [61_000, 2],
      [121_000, 3],
      [241_000, 4],
    ] as const) {
      t.clock.advance(wait - 2_000);
      expect(await sendJob()).toBe(0);
      t.clock.advance(2_000);
      expect(await sendJob()).toBe(1);
      expect(await sends(no)).toBe(sent);
      expect((await detail(no)).refund.status).toBe('FAILED');
    }
    t.clock.advance(3_600_000);
    expect(await sendJob()).toBe(0);
    const d = await detail(no);
    expect(d.refund.status).toBe('FAILED');
    expect(d.refund.nextStep).toContain('工作人员');
    expect(d.timeline.filter((e) => e.event === 'RETRY')).toHaveLength(3);
  });

  it('an operator sends it again (`refund resend`): 退款中, then 已退款 by the gateway', async () => {
    refusing = false;
    const out = await operator('refund', 'resend', no);
    expect(out[0]).toContain('退款中');
    expect(await sendJob()).toBe(1);
    expect(await deliverGatewayNotifies(t)).toBe(1);
    const d = await detail(no);
    expect(d.refund.status).toBe('REFUNDED');
    expect(d.timeline.map((e) => `${e.event} ${e.actor}`)).toContain('RETRY OPERATOR');
    expect(d.payment).toMatchObject({ refunded: '100.00', refundable: '900.00' });
    await expect(operator('refund', 'resend', no)).rejects.toThrow(/3909|3910/);
  });
});

describe('a signed notify that the refund failed', () => {
  let no: string;

  it('moves it to 退款失败 instead of being ignored; a new application is no longer blocked', async () => {
    no = await approved('50.00');
    expect(await sendJob()).toBe(1);
    expect((await detail(no)).refund.status).toBe('REFUNDING');
    const body = JSON.stringify({
      notifyId: `RF-FAILED-${no}`,
      outTradeNo: paid.outTradeNo,
      outRefundNo: no,
      gatewayRefundNo: `SBR${no.slice(2)}`,
      refundStatus: 'FAILED',
      amount: '50.00',
      refundedAt: null,
    });
    const ts = String(Math.floor(t.clock.now().getTime() / 1000));
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/callbacks/payment/refund',
      headers: {
        'content-type': 'application/json',
        [PAY_TIMESTAMP_HEADER]: ts,
        [PAY_SIGNATURE_HEADER]: signNotify(t.config.paymentNotifySecret, ts, body),
      },
      payload: body,
    });
    expect(answer.json().result?.outcome).toBe('APPLIED');
    const d = await detail(no);
    expect(d.refund).toMatchObject({ status: 'FAILED', failureReason: '支付渠道通知退款失败' });
    expect(d.payment.refundable).toBe('900.00');
  });

  it('an operator closes it with a reason (`refund close`), recorded; closing asks for the reason', async () => {
    await expect(operator('refund', 'close', no)).rejects.toThrow(CommandError);
    const out = await operator('refund', 'close', no, '--reason', '已线下转账退回');
    expect(out[0]).toContain('已关闭');
    const d = await detail(no);
    expect(d.refund).toMatchObject({ status: 'CLOSED', statusLabel: '已关闭', nextStep: null });
    expect(d.timeline.at(-1)).toMatchObject({ event: 'CLOSE', actor: 'OPERATOR', reason: '已线下转账退回' });
    expect(await sendJob()).toBe(0);
    const again = okResult(await apply('900.00'));
    expect(again.refund.status).toBe('SUBMITTED');
    expect(refused(await apply('1.00')).rspCode).toBe(RSP.REFUND_OPEN_EXISTS);
    await expect(operator('refund', 'close', again.refund.refundNo, '--reason', 'x')).rejects.toThrow(/3909/);
  });
});
