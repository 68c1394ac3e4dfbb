import { describe, expect, it } from 'vitest';
import { fail, isSuccess, ok } from './envelope.ts';
import { ALL_RSP_CODES, RSP, rspText } from './rsp-codes.ts';

describe('envelope', () => {
  it('succeeds only on 0000', () => {
    expect(isSuccess(ok({ a: 1 }))).toBe(true);
    expect(isSuccess(fail(RSP.INVALID_INPUT))).toBe(false);
    expect(isSuccess({ response: { rspCode: 0 } })).toBe(false);
    expect(isSuccess(null)).toBe(false);
  });
  it('carries the catalogue text unless told otherwise', () => {
    expect(fail(RSP.WRONG_CREDENTIALS).response).toEqual({ rspCode: '2001', rspDesc: '账号或密码错误' });
    expect(fail(RSP.INVALID_INPUT, '手机号格式不正确').response.rspDesc).toBe('手机号格式不正确');
  });
  it('every code is unique, four digits, and has Chinese text', () => {
    expect(new Set(ALL_RSP_CODES).size).toBe(ALL_RSP_CODES.length);
    for (const code of ALL_RSP_CODES) {
      expect(code).toMatch(/^\d{4}$/);
      expect(rspText(code)).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
