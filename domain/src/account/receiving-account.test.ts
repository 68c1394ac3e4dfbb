import { describe, expect, it } from 'vitest';
import { accountLock, isPaidMethod, PAID_METHOD_INFO, PAID_METHODS } from './receiving-account.ts';

describe('accountLock', () => {
  it.each([
    {
      name: 'nothing owed: unlocked',
      input: { outstandingLoans: [], approvedApplications: 0 },
      locked: false,
      reasons: 0,
      until: null,
      untilText: '当前没有未结清的贷款，可以变更收款账户',
    },
    {
      name: 'one loan: locked until its maturity',
      input: { outstandingLoans: [{ loanId: 1, maturityDate: '2027-05-20' }], approvedApplications: 0 },
      locked: true,
      reasons: 1,
      until: '2027-05-20',
      untilText: '锁定至全部贷款结清（最晚到期日 2027-05-20，提前结清可提前解锁）',
    },
    {
      name: 'two loans: until the later maturity, whatever the order',
      input: {
        outstandingLoans: [
          { loanId: 2, maturityDate: '2027-11-01' },
          { loanId: 1, maturityDate: '2027-05-20' },
        ],
        approvedApplications: 0,
      },
      locked: true,
      reasons: 1,
      until: '2027-11-01',
      untilText: '锁定至全部贷款结清（最晚到期日 2027-11-01，提前结清可提前解锁）',
    },
    {
      name: 'an approved application only: locked until disbursed and settled',
      input: { outstandingLoans: [], approvedApplications: 1 },
      locked: true,
      reasons: 1,
      until: null,
      untilText: '锁定至贷款放款并全部结清后',
    },
    {
      name: 'both: two reasons',
      input: { outstandingLoans: [{ loanId: 1, maturityDate: '2027-05-20' }], approvedApplications: 2 },
      locked: true,
      reasons: 2,
      until: '2027-05-20',
      untilText: '锁定至全部贷款结清（最晚到期日 2027-05-20，提前结清可提前解锁）',
    },
  ])('$name', ({ input, locked, reasons, until, untilText }) => {
    const lock = accountLock(input);
    expect(lock.locked).toBe(locked);
    expect(lock.reasons).toHaveLength(reasons);
    expect(lock.until).toBe(until);
    expect(lock.untilText).toBe(untilText);
  });

  it('says how many loans and applications hold it', () => {
    const lock = accountLock({
      outstandingLoans: [
        { loanId: 1, maturityDate: '2027-01-01' },
        { loanId: 2, maturityDate: '2027-02-01' },
      ],
      approvedApplications: 1,
    });
    expect(lock.reasons[0]).toContain('2 笔贷款尚未结清');
    expect(lock.reasons[1]).toContain('1 笔申请已审批通过');
  });
});

describe('paid methods', () => {
  it('knows its two methods and describes each', () => {
    expect(PAID_METHODS.every(isPaidMethod)).toBe(true);
    expect(isPaidMethod('CASH')).toBe(false);
    expect(isPaidMethod(undefined)).toBe(false);
    expect(PAID_METHOD_INFO.STORE_PAYOUT.label).toBe('回款自动扣款');
    expect(PAID_METHOD_INFO.ACTIVE_REPAY.label).toBe('主动还款');
  });
});
