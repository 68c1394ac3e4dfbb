import { describe, expect, it } from 'vitest';
import type { StepKey } from './application-steps.ts';
import { flowProblems } from './flow-check.ts';
import type { MaterialKey } from './materials.ts';
import { BANK_CODES, PARTNER_BANKS } from './partner-banks.ts';

describe('flow check', () => {
  it.each(BANK_CODES)('accepts the flow and materials of %s', (code) => {
    expect(flowProblems(PARTNER_BANKS[code].flow, PARTNER_BANKS[code].materials)).toEqual([]);
  });

  it.each<[string, StepKey[], MaterialKey[], RegExp]>([
    ['no submit', ['ACCEPT_AGREEMENTS', 'BANK_REVIEW'], [], /提交申请/],
    ['no review', ['ACCEPT_AGREEMENTS', 'SUBMIT', 'SIGN_CONTRACT'], [], /机构审核/],
    ['a step between submit and review', ['SUBMIT', 'BIND_CARD', 'BANK_REVIEW'], [], /紧接/],
    ['signing before review', ['SIGN_CONTRACT', 'SUBMIT', 'BANK_REVIEW'], [], /签署借款合同/],
    ['a repeated step', ['BIND_CARD', 'BIND_CARD', 'SUBMIT', 'BANK_REVIEW'], [], /重复/],
    ['an unknown step', ['PAY' as StepKey, 'SUBMIT', 'BANK_REVIEW'], [], /未知的流程步骤：PAY/],
    ['a material never provided', ['SUBMIT', 'BANK_REVIEW'], ['BANK_CARD'], /银行卡/],
    ['a material provided after submit', ['SUBMIT', 'BANK_REVIEW', 'BIND_CARD'], ['BANK_CARD'], /银行卡/],
    ['an unknown material', ['SUBMIT', 'BANK_REVIEW'], ['PHOTO' as MaterialKey], /未知的申请材料/],
    [
      'a repeated material',
      ['SUBMIT', 'BANK_REVIEW'],
      ['STORE_AUTHORISATION', 'STORE_AUTHORISATION'],
      /重复/,
    ],
  ])('finds %s', (_, flow, materials, message) => {
    expect(flowProblems(flow, materials).join('；')).toMatch(message);
  });

  it('needs no step for the store authorisation', () => {
    expect(flowProblems(['SUBMIT', 'BANK_REVIEW'], ['STORE_AUTHORISATION'])).toEqual([]);
  });
});
