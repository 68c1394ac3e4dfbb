import {
  type AgreementText,
  type FeeDetail,
  type FeeListResult,
  formatYuan,
  type LoanRecordDetail,
  type ProductListResult,
  parseRate,
  type SettlementQuote,
  serviceFeeRuleSentence,
  type TradingRecordPage,
  yuanToFen,
} from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { advanceAndCollect, DAY, disburseLoan, settlementCalls } from './helpers/loans.ts';

/**
 * One loan read everywhere its service fee shows: the fee page, the loan detail, the settlement quote, the ledger,
 * the service agreement and the product card say the same figures, to the fen, before and after early settlement.
 */
let t: TestApp;
let b: ReadyBorrower;
let rowId: number;

const get = async <T>(path: string, query?: Record<string, unknown>) =>
  okResult(await call<T>(t.app, 'GET', path, query, { token: b.token }));
const fen = (yuan: string) => yuanToFen(yuan);
const sum = (values: string[]) => values.reduce((s, v) => s + fen(v), 0);

async function readEverything(loanId: number) {
  const fees = await get<FeeListResult>('/service/feeList', { loanId, pageSize: 100 });
  const detail = await get<LoanRecordDetail>('/loanMgr/loanRecordDetail', { rowId });
  const ledger = await get<TradingRecordPage>('/trading/tradingRecord', { limit: 100 });
  return { fees, detail, ledger };
}

beforeAll(async () => {
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'agree1');
  rowId = await disburseLoan(t, b, 'YNIT-XT01', '120000', 12);
});
afterAll(async () => t.close());

describe('one loan’s service fee, read everywhere', () => {
  it('agrees to the fen on the fee page, loan detail, quote, ledger, agreement and product card', async () => {
    const cards = await get<ProductListResult>('/products/list');
    const card = cards.items.find((c) => c.productCode === 'YNIT-XT01');
    expect(card?.serviceFee).toEqual({ kind: 'PER_INSTALMENT', rate: '0.002' });
    expect(card?.serviceFeeLabel).toBe('0.20%/月');
    const rate = parseRate(card?.serviceFee?.rate ?? '');
    const eachFen = Number((12_000_000n * rate.num) / rate.den);
    expect(eachFen).toBe(24_000);

    // the agreement the borrower signed says how: principal × the monthly rate, the same every period
    const agreement = await get<AgreementText>('/users/agreement', { kind: 'SERVICE' });
    expect(agreement.version).toBe('v3');
    expect(agreement.body).toContain('按实际放款本金乘以公示的月服务费率，每期收取相同金额');
    expect(agreement.body).toContain(`如“${card?.serviceFeeLabel}”`);

    const start = await get<LoanRecordDetail>('/loanMgr/loanRecordDetail', { rowId });
    const loanId = start.loan?.loanId ?? 0;
    const first = start.instalments[0];
    await advanceAndCollect(t, Date.parse(`${first?.dueDate}T02:00:00Z`) - t.clock.now().getTime() + 3 * DAY);
    b.token = await login(t.app, b.loginId, b.password);

    const { fees, detail, ledger } = await readEverything(loanId);
    const items = fees.items;
    // fee page = schedule: one item per instalment, each the card's rate on the principal
    expect(items.map((i) => fen(i.amount))).toEqual(Array(12).fill(eachFen));
    expect(detail.instalments.map((i) => fen(i.fee))).toEqual(Array(12).fill(eachFen));
    expect(items.map((i) => i.dueDate)).toEqual(detail.instalments.map((i) => i.dueDate));
    expect(items.map((i) => i.status)).toEqual(['PAID', ...Array(11).fill('DUE')]);

    // paid: fee page = instalment = loan detail = ledger (fee part of the lines, negative)
    const paidFen = sum(items.map((i) => i.paid));
    expect(paidFen).toBe(eachFen);
    expect(sum(detail.instalments.map((i) => i.paidFee))).toBe(paidFen);
    expect(-sum(ledger.items.filter((l) => l.loanId === loanId).map((l) => l.fee))).toBe(paidFen);
    expect(fees.totals.paidThisYear).toBe(formatYuanPlain(paidFen));

    const outstandingFen = sum(items.map((i) => i.outstanding));
    expect(detail.loan?.serviceFee).toEqual({
      amount: formatYuanPlain(12 * eachFen),
      status: 'PAYING',
      discount: '0.00',
      paid: formatYuanPlain(paidFen),
      refunded: '0.00',
      waived: '0.00',
      outstanding: formatYuanPlain(outstandingFen),
      rateLabel: card?.serviceFeeLabel,
      chargeRule: serviceFeeRuleSentence(card?.serviceFee),
    });
    const feeDetail = await get<FeeDetail>('/service/feeDetail', { feeId: items[1]?.feeId });
    expect(feeDetail.rateLabel).toBe(card?.serviceFeeLabel);

    // the quote: nothing due today, the rest forgiven, in words with the same figure
    const quote = await get<SettlementQuote>('/loanMgr/settlementQuote', { loanId });
    expect(quote.fee).toBe('0.00');
    expect(fen(quote.feeWaived ?? '')).toBe(outstandingFen);
    expect(quote.feeNote).toBe(`剩余 11 期服务费 ${formatYuan(outstandingFen)} 元提前结清免收`);

    const settled = await settlementCalls(() => t).settleAndPay(b.token, loanId, quote.total);
    expect(settled.order).toMatchObject({ purpose: 'SETTLEMENT', status: 'CREATED', amount: quote.total });
    const after = await readEverything(loanId);
    expect(after.fees.items.map((i) => i.status)).toEqual(['PAID', ...Array(11).fill('WAIVED')]);
    expect(sum(after.fees.items.map((i) => i.waived))).toBe(outstandingFen);
    expect(sum(after.fees.items.map((i) => i.outstanding))).toBe(0);
    expect(after.detail.loan?.serviceFee).toMatchObject({
      status: 'PAID_AND_WAIVED',
      paid: formatYuanPlain(paidFen),
      waived: quote.feeWaived,
      outstanding: '0.00',
    });
    const settlement = after.ledger.items.find((l) => l.type === 'EARLY_SETTLEMENT');
    expect(settlement?.fee).toBe(`-${quote.fee}`.replace('-0.00', '0.00'));
    expect(settlement?.memo).toContain(quote.feeNote ?? '—');
    expect(-sum(after.ledger.items.filter((l) => l.loanId === loanId).map((l) => l.fee))).toBe(paidFen);
  });
});

/** Fen as the API's yuan text: 24000 → "240.00". */
function formatYuanPlain(fenValue: number): string {
  return (fenValue / 100).toFixed(2);
}
