import { RSP } from '@loan/domain';
import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentOrderItems } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';

/** The subject an order item holds while its order is open: one open order per fee item or instalment. */
export const feeSubject = (feeItemId: number) => `fee-${feeItemId}`;
export const instalmentSubject = (instalmentId: number) => `instalment-${instalmentId}`;

/** The subject of an early settlement's order: it holds every instalment of its loan. */
export const settlementSubjectPrefix = 'settlement-';

/**
 * Whether an instalment of the loan is held by an open payment order (an order for it, or the loan's early
 * settlement waiting at the cashier, which holds them all); read with the loan row locked.
 */
export async function heldInstalments(
  tx: Database,
  loanId: number,
): Promise<(instalmentId: number) => boolean> {
  const rows = await tx
    .select({ id: paymentOrderItems.instalmentId, subject: paymentOrderItems.subjectKey })
    .from(paymentOrderItems)
    .where(and(eq(paymentOrderItems.loanId, loanId), eq(paymentOrderItems.open, true)));
  if (rows.some((r) => r.subject.startsWith(settlementSubjectPrefix))) return () => true;
  const ids = new Set(rows.map((r) => r.id).filter((id): id is number => id !== null));
  return (id) => ids.has(id);
}

/** Whether anything of the loan is held by an open payment order. */
async function loanHasOpenOrder(tx: Database, loanId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: paymentOrderItems.id })
    .from(paymentOrderItems)
    .where(and(eq(paymentOrderItems.loanId, loanId), eq(paymentOrderItems.open, true)))
    .limit(1);
  return Boolean(row);
}

/**
 * Any other payment of a loan is refused (3808) while its early settlement waits at the cashier (its order holds
 * the subject settlement-<id>); call with the loan locked.
 */
export async function assertNoSettlementWaiting(tx: Database, loanId: number): Promise<void> {
  const [row] = await tx
    .select({ id: paymentOrderItems.id })
    .from(paymentOrderItems)
    .where(
      and(
        eq(paymentOrderItems.loanId, loanId),
        eq(paymentOrderItems.open, true),
        like(paymentOrderItems.subjectKey, `${settlementSubjectPrefix}%`),
      ),
    )
    .limit(1);
  if (row)
    throw new ApiError(
      RSP.PAY_LOAN_HAS_OPEN_ORDER,
      '该贷款的提前结清正在等待支付，请先完成或取消提前结清的支付',
    );
}

/** Early settlement is refused (3808) while the loan has an open payment order; call with the loan locked. */
export async function assertNoOpenOrder(tx: Database, loanId: number): Promise<void> {
  if (await loanHasOpenOrder(tx, loanId)) throw new ApiError(RSP.PAY_LOAN_HAS_OPEN_ORDER);
}
