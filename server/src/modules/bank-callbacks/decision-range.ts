import { type BankCallbackBody, formatYuan, type Product } from '@loan/domain';
import type { ApplicationRow } from '../../db/schema.ts';

/**
 * Why a bank's decision is outside what was asked or what the product allows, or null when it is within:
 * an APPROVE of more than the amount applied for, or outside the product's minimum and maximum; a DISBURSE of
 * an application that was never approved, of another amount than approved, or of an approval that itself is
 * out of range. Such a decision is refused (3503) and recorded, and changes nothing.
 */
export function decisionOutOfRange(
  app: ApplicationRow,
  product: Product | null,
  body: Pick<BankCallbackBody, 'decision'>,
  approvedFen: number | null,
): string | null {
  if (body.decision === 'APPROVE') {
    const amountFen = approvedFen ?? app.amountFen;
    return amountProblem(app, product, amountFen, '审批金额');
  }
  if (body.decision === 'DISBURSE') {
    if (app.approvedAmountFen === null) return '该申请未获合作机构审批通过，不能放款';
    if (approvedFen !== null && approvedFen !== app.approvedAmountFen) {
      return `放款金额 ${formatYuan(approvedFen)} 元与审批金额 ${formatYuan(app.approvedAmountFen)} 元不一致`;
    }
    return amountProblem(app, product, app.approvedAmountFen, '审批金额');
  }
  return null;
}

function amountProblem(
  app: ApplicationRow,
  product: Product | null,
  amountFen: number | null,
  label: string,
): string | null {
  if (app.amountFen === null || amountFen === null) return '该申请没有申请金额，不能审批或放款';
  if (amountFen > app.amountFen) {
    return `${label} ${formatYuan(amountFen)} 元超过申请金额 ${formatYuan(app.amountFen)} 元`;
  }
  if (!product) return '申请的产品无法读取，不能确认审批金额';
  if (amountFen < product.minAmountFen || amountFen > product.maxAmountFen) {
    return `${label} ${formatYuan(amountFen)} 元不在产品额度 ${formatYuan(product.minAmountFen)}–${formatYuan(product.maxAmountFen)} 元之内`;
  }
  return null;
}
