import { RSP, type RspCode } from '../api/rsp-codes.ts';
import { assertFen, fenToYuan } from '../money.ts';
import { shanghaiStamp } from '../shanghai-time.ts';
import { REFUND_REASON_MAX } from './refund-types.ts';

/**
 * Refund arithmetic, exact to the fen: what of a payment can still be refunded, whether an asked amount fits,
 * and how a refund is spread over the fee items the payment covered.
 */

export interface RefundableInput {
  /** the cash of the payment that may be refunded at all (refundBaseFen) */
  paidFen: number;
  /** refunds already made (REFUNDED) */
  refundedFen: number;
  /** refunds under way (submitted, approved, refunding) */
  pendingFen: number;
}

/** paid − refunded − pending, never below zero. */
export function refundableFen({ paidFen, refundedFen, pendingFen }: RefundableInput): number {
  for (const fen of [paidFen, refundedFen, pendingFen]) {
    assertFen(fen);
    if (fen < 0) throw new RangeError('金额不能为负数');
  }
  return Math.max(0, paidFen - refundedFen - pendingFen);
}

export interface RefundBaseInput {
  /** FEE pays fee items; INSTALMENT repays an instalment */
  purpose: string;
  /** the cash paid (after the coupon's discount) */
  amountFen: number;
  /** money received that was not owed any more (an overpayment) */
  unappliedFen: number;
  /** of an instalment payment: the cash that paid its service fee */
  feeCashFen: number;
}

/**
 * What of a paid order can be refunded at all: all of a fee payment's cash; of an instalment repayment only
 * the overpayment and the service fee it paid (principal, interest and penalty repaid stay repaid).
 */
export function refundBaseFen({ purpose, amountFen, unappliedFen, feeCashFen }: RefundBaseInput): number {
  if (purpose === 'FEE') return amountFen;
  return Math.min(amountFen, unappliedFen + feeCashFen);
}

export type AmountCheck = { ok: true } | { ok: false; code: RspCode; reason: string };

/** An asked refund amount against what is refundable now: positive and no more than refundable. */
export function checkRefundAmount(amountFen: number, refundable: number): AmountCheck {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) {
    return { ok: false, code: RSP.REFUND_AMOUNT_INVALID, reason: '退款金额须大于 0 元，最多两位小数' };
  }
  if (amountFen > refundable) {
    return {
      ok: false,
      code: RSP.REFUND_AMOUNT_ABOVE_REFUNDABLE,
      reason: `退款金额不能超过可退金额 ${fenToYuan(refundable)} 元`,
    };
  }
  return { ok: true };
}

export type ReasonCheck = { ok: true; reason: string } | { ok: false; code: RspCode; reason: string };

/** The reason of an application or a review: required, trimmed, at most REFUND_REASON_MAX characters. */
export function checkRefundReason(raw: unknown, what = '退款原因'): ReasonCheck {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text) return { ok: false, code: RSP.REFUND_REASON_INVALID, reason: `请填写${what}` };
  if ([...text].length > REFUND_REASON_MAX) {
    return {
      ok: false,
      code: RSP.REFUND_REASON_INVALID,
      reason: `${what}不能超过 ${REFUND_REASON_MAX} 个字`,
    };
  }
  return { ok: true, reason: text };
}

export interface RefundPart {
  /** a fee item's id */
  id: number;
  /** the cash this payment paid on it */
  cashFen: number;
  /** what of it was refunded before */
  refundedFen: number;
}

export interface RefundAllocation {
  parts: { id: number; fen: number }[];
  /** what is left after the fee items: the overpayment refunded */
  restFen: number;
}

/** Spreads a refund over the fee items in the order given, each up to its cash not yet refunded. */
export function allocateRefund(amountFen: number, items: readonly RefundPart[]): RefundAllocation {
  assertFen(amountFen);
  let left = amountFen;
  const parts: { id: number; fen: number }[] = [];
  for (const item of items) {
    if (left <= 0) break;
    const fen = Math.min(left, Math.max(0, item.cashFen - item.refundedFen));
    if (fen > 0) {
      parts.push({ id: item.id, fen });
      left -= fen;
    }
  }
  return { parts, restFen: left };
}

/** True when the payment's cash has been refunded in full (its coupon comes back). */
export function isFullRefund(paidFen: number, refundedFen: number): boolean {
  return paidFen > 0 && refundedFen >= paidFen;
}

/** RF + Shanghai yyyyMMddHHmmss + the last 6 digits of the id: RF20261123101500000042. */
export function refundNoOf(at: Date, id: number): string {
  const stamp = shanghaiStamp(at);
  return `RF${stamp}${String(id % 1_000_000).padStart(6, '0')}`;
}

/** The shape of a refund number, checked before any lookup. */
export const REFUND_NO_PATTERN = /^RF\d{20}$/;
