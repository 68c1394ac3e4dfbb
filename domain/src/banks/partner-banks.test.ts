import { describe, expect, it } from 'vitest';
import { APPLICATION_STEPS, STEP_INFO } from './application-steps.ts';
import { MATERIAL_INFO, MATERIALS } from './materials.ts';
import { BANK_CODES, BANK_ROUTE_PARAMS, isBankCode, PARTNER_BANKS } from './partner-banks.ts';

const banks = BANK_CODES.map((code) => PARTNER_BANKS[code]);
const chinese = /[\u4e00-\u9fa5]/;

describe('step and material catalogues', () => {
  it('describe every step in Chinese under its own key', () => {
    expect(Object.keys(STEP_INFO)).toEqual([...APPLICATION_STEPS]);
    for (const key of APPLICATION_STEPS) {
      expect(STEP_INFO[key].key).toBe(key);
      expect(STEP_INFO[key].title).toMatch(chinese);
      expect(STEP_INFO[key].description).toMatch(chinese);
    }
    expect(APPLICATION_STEPS.filter((k) => STEP_INFO[k].by === 'BANK')).toEqual(['BANK_REVIEW']);
    expect(APPLICATION_STEPS.filter((k) => STEP_INFO[k].simulated)).toEqual(['FACE_VERIFY']);
  });

  it('describe every material in Chinese under its own key', () => {
    expect(Object.keys(MATERIAL_INFO)).toEqual([...MATERIALS]);
    for (const key of MATERIALS) {
      expect(MATERIAL_INFO[key].key).toBe(key);
      expect(MATERIAL_INFO[key].title).toMatch(chinese);
      expect(MATERIAL_INFO[key].description).toMatch(chinese);
    }
    expect(MATERIALS.map((k) => MATERIAL_INFO[k].title)).toEqual(
      expect.arrayContaining(['营业执照', '法人身份证正反面', '银行卡', '店铺授权']),
    );
  });
});

describe('partner banks', () => {
  it('are the five of docs/PRODUCT.md §1, each under its own code with a Chinese name', () => {
    expect(Object.keys(PARTNER_BANKS)).toEqual(['YNIT', 'CGB', 'FUIOU', 'SHRB', 'CRBANK']);
    for (const bank of banks) expect(bank.name).toMatch(chinese);
    expect(banks.map((b) => b.code)).toEqual([...BANK_CODES]);
    expect(isBankCode('CGB')).toBe(true);
    expect(isBankCode('cgb')).toBe(false);
    expect(isBankCode('toString')).toBe(false);
  });

  it('identify applications by the route parameters of docs/PRODUCT.md §2.2', () => {
    for (const bank of banks) expect(bank.routeParams).toBe(BANK_ROUTE_PARAMS[bank.code]);
    expect(Object.fromEntries(banks.map((b) => [b.code, b.routeParams.join('/')]))).toEqual({
      YNIT: 'rowId/productCode/productType',
      CGB: 'rowId/productCode',
      FUIOU: 'rowId/productCode',
      SHRB: 'rowId/productCode/productType',
      CRBANK: 'mcOrderNo',
    });
  });

  it.each(banks)(
    '$code: a flow of distinct steps with SUBMIT before BANK_REVIEW before SIGN_CONTRACT',
    (bank) => {
      const { flow } = bank;
      expect(new Set(flow).size).toBe(flow.length);
      for (const step of flow) expect(APPLICATION_STEPS).toContain(step);
      const submit = flow.indexOf('SUBMIT');
      const review = flow.indexOf('BANK_REVIEW');
      expect(submit).toBeGreaterThanOrEqual(0);
      expect(review).toBe(submit + 1);
      expect(flow.indexOf('SIGN_CONTRACT')).toBeGreaterThan(review);
      expect(flow[0]).toBe('ACCEPT_AGREEMENTS');
    },
  );

  it.each(banks)('$code: every material is provided by a step of its flow before SUBMIT', (bank) => {
    expect(new Set(bank.materials).size).toBe(bank.materials.length);
    expect(bank.materials).toContain('STORE_AUTHORISATION');
    const beforeSubmit = bank.flow.slice(0, bank.flow.indexOf('SUBMIT'));
    for (const material of bank.materials) {
      const step = MATERIAL_INFO[material].providedBy;
      if (step !== null) expect(beforeSubmit, `${bank.code} ${material}`).toContain(step);
    }
  });

  it('differ in data: no two banks share a flow and materials', () => {
    const shapes = banks.map((b) => `${b.flow.join(',')} | ${b.materials.join(',')}`);
    expect(new Set(shapes).size).toBe(banks.length);
    expect(PARTNER_BANKS.YNIT.flow).toContain('FACE_VERIFY');
    expect(PARTNER_BANKS.CRBANK.flow).not.toContain('FACE_VERIFY');
  });
});
