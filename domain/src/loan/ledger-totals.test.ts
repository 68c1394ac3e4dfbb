import { describe, expect, it } from 'vitest';
import type { LedgerTotals } from '../api/contracts-loans.ts';
import { ledgerTotalFigures } from './ledger-totals.ts';

const totals = (overrides: Partial<LedgerTotals> = {}): LedgerTotals => ({
  amount: '0.00',
  principal: '0.00',
  disbursed: '0.00',
  interest: '0.00',
  penalty: '0.00',
  fee: '0.00',
  count: 0,
  ...overrides,
});

const said = (t: LedgerTotals) => ledgerTotalFigures(t).map((f) => `${f.label} ${f.fen}`);

describe('ledgerTotalFigures', () => {
  it('says a disbursement and repayments as what was received and what was paid, all positive', () => {
    // received 100,000.00; repaid 8,000.00 principal, 3,460.00 interest, 12.34 penalty, 200.00 fee
    expect(
      said(
        totals({
          amount: '88327.66',
          disbursed: '100000.00',
          principal: '92000.00',
          interest: '-3460.00',
          penalty: '-12.34',
          fee: '-200.00',
        }),
      ),
    ).toEqual([
      '资金净流入 8832766',
      '放款本金 10000000',
      '已还本金 800000',
      '已付利息 346000',
      '已付罚息 1234',
      '已付服务费（扣除退款后） 20000',
    ]);
  });

  it('a range of repayments only: a net outflow, nothing received', () => {
    expect(
      said(totals({ amount: '-4650.00', principal: '-4000.00', interest: '-600.00', penalty: '-50.00' })),
    ).toEqual([
      '资金净流出 465000',
      '放款本金 0',
      '已还本金 400000',
      '已付利息 60000',
      '已付罚息 5000',
      '已付服务费（扣除退款后） 0',
    ]);
  });

  it('money coming back (a fee refunded) says 退回, and nothing at all says 收支相抵', () => {
    expect(said(totals({ amount: '19.00', fee: '19.00' }))).toContain('退回服务费（扣除已付后） 1900');
    expect(said(totals())[0]).toBe('收支相抵 0');
  });
});
