import { describe, expect, it } from 'vitest';
import { approvedNextText, stepAfterApproval } from './next-step.ts';
import { PARTNER_BANKS } from './partner-banks.ts';

describe('the step after approval', () => {
  it("follows each bank's flow", () => {
    expect(stepAfterApproval(PARTNER_BANKS.CGB.flow)?.key).toBe('OPEN_COLLECTION_ACCOUNT');
    expect(stepAfterApproval(PARTNER_BANKS.CRBANK.flow)?.key).toBe('SIGN_CONTRACT');
    expect(stepAfterApproval(PARTNER_BANKS.YNIT.flow)?.key).toBe('SIGN_CONTRACT');
    expect(stepAfterApproval(PARTNER_BANKS.FUIOU.flow)?.key).toBe('SIGN_CONTRACT');
  });

  it('says the step of the flow, not a fixed sentence', () => {
    expect(approvedNextText(PARTNER_BANKS.CGB.flow)).toBe(
      '下一步：开立收款账户，在合作机构开立收款子账户，并将店铺回款指向该账户，还款将从回款中扣收。',
    );
    expect(approvedNextText(PARTNER_BANKS.CRBANK.flow)).toMatch(/^下一步：签署借款合同，/);
    expect(approvedNextText(['SUBMIT', 'BANK_REVIEW'])).toBe('合作机构将安排放款，结果会自动显示在本页。');
  });
});
