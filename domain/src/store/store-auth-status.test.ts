import { describe, expect, it } from 'vitest';
import { RSP } from '../api/rsp-codes.ts';
import {
  INITIAL_STORE_AUTH_STATUS,
  STORE_AUTH_STATUS_INFO,
  STORE_AUTH_STATUSES,
  storeApplyProblem,
  storeAuthInfo,
  storeAuthStatusOf,
} from './store-auth-status.ts';

describe('store authorisation status', () => {
  it('describes every code in Chinese, under its own key', () => {
    expect(Object.keys(STORE_AUTH_STATUS_INFO)).toEqual([...STORE_AUTH_STATUSES]);
    for (const code of STORE_AUTH_STATUSES) {
      const info = STORE_AUTH_STATUS_INFO[code];
      expect(info.code).toBe(code);
      for (const text of [info.label, info.explanation, info.nextAction]) {
        expect(text).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
  });

  it('labels the five codes', () => {
    expect(STORE_AUTH_STATUSES.map((c) => STORE_AUTH_STATUS_INFO[c].label)).toEqual([
      '未授权',
      '授权中',
      '已授权',
      '授权已过期/已撤销',
      '店铺受限',
    ]);
  });

  it('lets only an authorised store apply', () => {
    expect(STORE_AUTH_STATUSES.filter((c) => STORE_AUTH_STATUS_INFO[c].canApply)).toEqual(['03']);
    expect(storeApplyProblem('03')).toBeNull();
    expect(storeApplyProblem('04')).toEqual({
      code: RSP.STORE_NOT_AUTHORISED,
      reason: '店铺授权已过期/已撤销：请重新授权店铺后再申请融资',
    });
    for (const code of ['01', '02', '05'] as const) {
      expect(storeApplyProblem(code)?.code).toBe(RSP.STORE_NOT_AUTHORISED);
    }
  });

  it('offers the next step the status calls for', () => {
    expect(STORE_AUTH_STATUSES.map((c) => STORE_AUTH_STATUS_INFO[c].action)).toEqual([
      'AUTHORISE',
      'WAIT',
      'NONE',
      'REAUTHORISE',
      'CONTACT_SUPPORT',
    ]);
  });

  it('starts at "01" and treats unknown values as not authorised', () => {
    expect(INITIAL_STORE_AUTH_STATUS).toBe('01');
    for (const value of ['', '3', '06', 3, null, undefined, 'toString']) {
      expect(storeAuthStatusOf(value)).toBe('01');
      expect(storeAuthInfo(value).canApply).toBe(false);
      expect(storeApplyProblem(value)?.code).toBe(RSP.STORE_NOT_AUTHORISED);
    }
    expect(storeAuthStatusOf('05')).toBe('05');
  });
});
