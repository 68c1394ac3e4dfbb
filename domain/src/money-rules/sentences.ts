import { UPFRONT_FEE_DUE_DAYS } from '../fees/fee-items.ts';
import { ratePercentText, serviceFeeLabel } from '../fees/service-fee-label.ts';
import { formatYuan } from '../money.ts';
import type { FeeKind } from '../schedule/types.ts';

/**
 * The money rules a borrower reads, each as one Chinese sentence built from the figures. Every screen, agreement
 * and contract that states one of these rules takes the sentence from here; money-rule-catalogue.ts lists the
 * phrases that would contradict them.
 */

const yuan = (fen: number) => `${formatYuan(fen)} 元`;

/** Days ahead that the fee page's 30 日内到期 figure looks, today included. */
export const FEE_DUE_SOON_DAYS = 30;

/** The one word for what is owed and unpaid, whatever the due date. */
export const OWED_LABEL = '待缴';
/** The fees still owed, the figure of the fee page, My account and the loan detail. */
export const FEES_OWED_LABEL = '待缴服务费';
/** The part of 待缴 that falls due within FEE_DUE_SOON_DAYS (today included), overdue excluded. */
export const FEES_DUE_SOON_LABEL = `${FEE_DUE_SOON_DAYS} 日内到期`;
/** The part of 待缴 past its due date. */
export const FEES_OVERDUE_LABEL = '逾期未缴';
/** Cash paid on fee items this calendar year, refunds not taken off (the fee page). */
export const FEES_PAID_GROSS_LABEL = '本年已缴（含已退款）';
/** Fees paid less fees refunded over a range (the transaction list). */
export const FEES_PAID_NET_LABEL = '已付服务费（扣除退款后）';
/** Fees refunded over a range exceeding those paid (the transaction list). */
export const FEES_REFUNDED_NET_LABEL = '退回服务费（扣除已付后）';

/** How every amount is written for the borrower. */
export function currencySentence(): string {
  return '金额以人民币“元”标示，保留两位小数，如 500.00 元。';
}

/** What 待缴 means, said once. */
export function owedSentence(): string {
  return `${OWED_LABEL}是已产生且尚未缴清的全部服务费（含尚未到期的各期），不论应缴日期；其中应缴日期在今后 ${FEE_DUE_SOON_DAYS} 日内（含今日）的为“${FEES_DUE_SOON_LABEL}”，已过应缴日期的为“${FEES_OVERDUE_LABEL}”。`;
}

/**
 * When the upfront fee is charged: the loan is disbursed in full, the fee is not deducted from it and falls due
 * `dueDays` days after disbursement, paid on the fee page. Without a figure (a product card) the sentence names
 * no amount.
 */
export function upfrontFeeSentence(feeFen: number | null, dueDays: number = UPFRONT_FEE_DUE_DAYS): string {
  const amount = feeFen === null ? '' : ` ${yuan(feeFen)}`;
  return `借款全额发放，一次性服务费${amount}不从借款中扣除，于放款后 ${dueDays} 日内在“服务费”页面缴纳。`;
}

/** The upfront fee by its rate, as an agreement states it for every product. */
export function upfrontFeeRateSentence(dueDays: number = UPFRONT_FEE_DUE_DAYS): string {
  const example = serviceFeeLabel({ kind: 'UPFRONT', rate: '0.01' });
  return `产品公示为“一次性收取”的（如“${example}”），按实际放款本金乘以公示的服务费率一次计收；借款全额发放，服务费不从借款中扣除，于放款后 ${dueDays} 日内在“服务费”页面缴纳。`;
}

/**
 * When instalment fees are charged: the same amount every period, with that period's repayment, or earlier on
 * the fee page. Without figures (a product card) the sentence names no amount.
 */
export function instalmentFeeSentence(perInstalmentFen: number | null, instalments: number | null): string {
  const amount =
    perInstalmentFen === null
      ? ''
      : `每期 ${yuan(perInstalmentFen)}${instalments === null ? '' : `，共 ${instalments} 期`}，`;
  return `分期服务费${amount}随每期还款一并收取，也可在应缴日期前于“服务费”页面单独缴纳。`;
}

/** The instalment fee by its rate, as an agreement states it for every product. */
export function instalmentFeeRateSentence(): string {
  const example = serviceFeeLabel({ kind: 'PER_INSTALMENT', rate: '0.002' });
  return `产品公示为“按期收取”的（如“${example}”），按实际放款本金乘以公示的月服务费率，每期收取相同金额，随每期还款一并收取，也可在应缴日期前于“服务费”页面单独缴纳。`;
}

/** How interest runs; with the nominal annual rate when known. */
export function interestSentence(annualRate: string | null): string {
  const rate = annualRate === null ? '年利率' : `年利率 ${ratePercentText(annualRate)}`;
  return `利息自放款之日起算，每期按期初剩余本金乘以月利率（${rate} ÷ 12）计收；首期不足一个月的按实际天数 × ${rate} ÷ 360 计收。`;
}

/** When a product's service fee is charged, in the rule's words without figures; null without a fee. */
export function serviceFeeRuleSentence(fee: { kind: FeeKind } | null | undefined): string | null {
  if (!fee) return null;
  return fee.kind === 'UPFRONT' ? upfrontFeeSentence(null) : instalmentFeeSentence(null, null);
}
