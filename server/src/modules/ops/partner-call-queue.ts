import { RSP } from '@loan/domain';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { type PartnerCallRow, partnerCalls } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { SignedInOperator } from '../../plugins/ops-session.ts';
import { AUDIT, recordOperatorAudit } from '../audit/record.ts';
import { callById } from '../partner-calls/claims.ts';
import { finishOpenCall } from '../partner-reconcile/reconcile.ts';

const DAY = 86_400_000;

const OPERATION_LABELS: Record<string, string> = {
  BANK_SUBMIT: '向合作机构提交申请',
  BANK_CANCEL: '通知合作机构取消申请',
  BANK_CONTRACT_SIGNED: '通知合作机构合同已签署',
  BANK_SETTLE: '提前结清',
  BANK_OPEN_SUB_ACCOUNT: '开立收款子账户',
  BANK_SMALL_DEPOSIT: '小额打款验证',
  PAY_CREATE: '支付下单',
  PAY_CLOSE: '关闭支付订单',
  REFUND: '原路退款',
};

function lineOf(row: PartnerCallRow, now: Date) {
  return {
    callId: row.id,
    partner: row.partner,
    operation: row.operation,
    operationLabel: OPERATION_LABELS[row.operation] ?? row.operation,
    subject: row.subject,
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    /** a caller still waits for the partner (its lease runs): not to be retried yet */
    held: row.state === 'OPEN' && row.leaseUntil.getTime() > now.getTime(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * 合作方调用: the claims still open (a partner that has not answered: 3504 to whoever waits on them), oldest first;
 * or those a partner refused in the last 7 days, newest first.
 */
export async function partnerCallQueue(ctx: Pick<AppContext, 'db' | 'now'>, state: 'OPEN' | 'REFUSED') {
  const now = ctx.now();
  const rows =
    state === 'OPEN'
      ? await ctx.db
          .select()
          .from(partnerCalls)
          .where(eq(partnerCalls.state, 'OPEN'))
          .orderBy(asc(partnerCalls.createdAt))
          .limit(200)
      : await ctx.db
          .select()
          .from(partnerCalls)
          .where(
            and(
              eq(partnerCalls.state, 'REFUSED'),
              gt(partnerCalls.updatedAt, new Date(now.getTime() - 7 * DAY)),
            ),
          )
          .orderBy(desc(partnerCalls.updatedAt))
          .limit(200);
  return rows.map((row) => lineOf(row, now));
}

/**
 * 立即重试: an open claim no caller holds, asked again now with its SAME idempotency key (never a fresh call: the
 * partner answers what it answered before), the answer applied; audited under the operator.
 */
export async function retryPartnerCall(
  ctx: AppContext,
  operator: SignedInOperator,
  callId: number,
  meta: RequestMeta,
) {
  const call = await callById(ctx.db, callId);
  if (!call) throw new ApiError(RSP.INVALID_INPUT, '没有该合作方调用');
  if (call.state !== 'OPEN') throw new ApiError(RSP.INVALID_INPUT, '该调用已结束，无需重试');
  if (call.leaseUntil.getTime() > ctx.now().getTime()) throw new ApiError(RSP.PARTNER_CALL_IN_PROGRESS);
  const outcome = await finishOpenCall(ctx, call);
  if (!outcome) throw new ApiError(RSP.PARTNER_CALL_IN_PROGRESS);
  await recordOperatorAudit(ctx.db, operator, meta, AUDIT.opsPartnerCallRetried, ctx.now(), {
    callId,
    subject: call.subject,
    outcome: outcome.status,
  });
  const after = (await callById(ctx.db, callId)) ?? call;
  return { outcome: outcome.status, call: lineOf(after, ctx.now()) };
}
