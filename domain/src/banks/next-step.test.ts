import { describe, expect, it } from 'vitest';
import type { StepKey } from './application-steps.ts';
import { approvedNextText, stepAfterApproval } from './next-step.ts';
import { type BankCode, PARTNER_BANKS } from './partner-banks.ts';

const flowOf = (bank: BankCode) => PARTNER_BANKS[bank].flow.map((key) => ({ key }));

describe('the step after approval', () => {
  it("follows each bank's flow", () => {
    expect(stepAfterApproval(flowOf('CGB'))?.key).toBe('OPEN_COLLECTION_ACCOUNT');
    expect(stepAfterApproval(flowOf('CRBANK'))?.key).toBe('SIGN_CONTRACT');
    expect(stepAfterApproval(flowOf('YNIT'))?.key).toBe('SIGN_CONTRACT');
    expect(stepAfterApproval(flowOf('FUIOU'))?.key).toBe('SIGN_CONTRACT');
  });

  it('skips a step the application has done already', () => {
    const steps = PARTNER_BANKS.CGB.flow.map((key: StepKey) => ({
      key,
      status: key === 'OPEN_COLLECTION_ACCOUNT' ? 'DONE' : 'TODO',
    }));
    expect(stepAfterApproval(steps)?.key).toBe('SIGN_CONTRACT');
  });

  it('says the step of the flow, not a fixed sentence', () => {
    expect(approvedNextText(flowOf('CGB'))).toBe(
      '下一步：开立收款账户，在合作机构开立收款子账户，并将店铺回款指向该账户，还款将从回款中扣收。',
    );
    expect(approvedNextText(flowOf('CRBANK'))).toMatch(/^下一步：签署借款合同，/);
    expect(approvedNextText([{ key: 'SUBMIT' }, { key: 'BANK_REVIEW' }])).toBe(
      '合作机构将安排放款，结果会自动显示在本页。',
    );
  });
});
