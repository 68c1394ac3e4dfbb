import { describe, expect, it } from 'vitest';
import { INSTALMENT_STATUSES, LEDGER_TYPES, LOAN_RECORD_STATUSES } from '../api/contracts-loans.ts';
import {
  INSTALMENT_STATUS_DISPLAY,
  LEDGER_TYPE_DISPLAY,
  LOAN_RECORD_STATUS_DISPLAY,
  loanRecordDisplay,
} from './loan-labels.ts';

const CHINESE = /^[\u4e00-\u9fff]+$/;

describe('labels of loans after the decision', () => {
  it.each([
    ['loan record status', LOAN_RECORD_STATUSES, LOAN_RECORD_STATUS_DISPLAY],
    ['instalment status', INSTALMENT_STATUSES, INSTALMENT_STATUS_DISPLAY],
    ['ledger type', LEDGER_TYPES, LEDGER_TYPE_DISPLAY],
  ] as const)('every %s has its own Chinese label', (_, values, display) => {
    const labels = values.map((value) => (display as Record<string, { label: string }>)[value]?.label);
    for (const label of labels) expect(label).toMatch(CHINESE);
    expect(new Set(labels).size).toBe(values.length);
    expect(Object.keys(display).sort()).toEqual([...values].sort());
  });
});

describe('an overdue loan record names its bucket', () => {
  it.each([
    ['OVERDUE', 'M2', '已逾期 · M2', 'red'],
    ['OVERDUE', null, '已逾期', 'red'],
    ['REPAYING', 'M1', '还款中', 'blue'],
  ] as const)('%s with %s → %s', (status, bucket, label, colour) => {
    expect(loanRecordDisplay(status, bucket)).toEqual({ label, colour });
  });
});
