import {
  fenToYuan,
  type InstalmentView,
  type LoanRecordDetail,
  type LoanView,
  yuanToFen,
} from '@loan/domain';
import { applicationDetail } from './application-fixtures';
import { ledgerLine } from './loan-fixtures';

/** A disbursed 12,000.00 loan over 4 months, overdue on its second instalment, as the detail page gets it. */
export const LOAN: LoanView = {
  loanId: 2001,
  principal: '12000.00',
  annualRate: '0.24',
  method: 'EQUAL_INSTALMENT',
  termMonths: 4,
  startDate: '2026-07-01',
  status: 'OVERDUE',
  outstandingPrincipal: '6118.79',
  disbursedAt: '2026-07-01T02:00:00.000Z',
  settledAt: null,
  serviceFee: { amount: '120.00', status: 'PAID' },
  annualisedRate: '0.2512',
};

/** 应还 of an instalment: its four parts added up, as the server sends it. */
export const dueOf = (i: Pick<InstalmentView, 'principal' | 'interest' | 'fee' | 'penalty'>) =>
  fenToYuan([i.principal, i.interest, i.fee, i.penalty].reduce((s, y) => s + yuanToFen(y), 0));

export const instalment = (seq: number, overrides: Partial<InstalmentView>): InstalmentView => {
  const row: InstalmentView = {
    seq,
    dueDate: `2026-${String(7 + seq).padStart(2, '0')}-01`,
    principal: '2911.49',
    interest: '240.00',
    fee: '0.00',
    penalty: '0.00',
    paidPrincipal: '0.00',
    paidInterest: '0.00',
    paidFee: '0.00',
    paidPenalty: '0.00',
    due: '0.00',
    waived: '0.00',
    outstanding: '3151.49',
    status: 'DUE',
    paidAt: null,
    ...overrides,
  };
  return { ...row, due: overrides.due ?? dueOf(row) };
};

export function record(overrides: Partial<LoanRecordDetail> = {}): LoanRecordDetail {
  const detail = applicationDetail('YNIT-XT01', {
    rowId: 301,
    state: 'DISBURSED',
    current: 'BANK_REVIEW',
    amount: '12000.00',
    termMonths: 4,
  });
  return {
    detail,
    loan: LOAN,
    instalments: [
      instalment(1, {
        paidPrincipal: '2911.49',
        paidInterest: '240.00',
        outstanding: '0.00',
        status: 'PAID',
        paidAt: '2026-08-01T01:00:00.000Z',
      }),
      instalment(2, {
        principal: '2969.72',
        interest: '181.77',
        penalty: '12.34',
        paidPrincipal: '1000.00',
        outstanding: '2163.83',
        status: 'OVERDUE',
      }),
      instalment(3, { principal: '3029.11', interest: '122.38', outstanding: '3151.49', status: 'DUE' }),
    ],
    transactions: [
      ledgerLine(7, { amount: '-3151.49', principal: '2911.49', interest: '240.00', penalty: '0.00' }),
      ledgerLine(6, {
        type: 'DISBURSEMENT',
        amount: '12000.00',
        principal: '12000.00',
        interest: '0.00',
        penalty: '0.00',
      }),
    ],
    agreements: [
      {
        kind: 'SERVICE',
        title: '融资咨询服务协议',
        version: 'v2.1',
        textHash: 'abc',
        acceptedAt: '2026-06-30T04:00:00.000Z',
        route: '/serviceAgreement',
      } as LoanRecordDetail['agreements'][number],
    ],
    contractRowId: null,
    openOrder: null,
    settlement: null,
    overdue: null,
    ...overrides,
  };
}
