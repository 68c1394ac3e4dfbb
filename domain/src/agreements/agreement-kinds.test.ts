import { describe, expect, it } from 'vitest';
import { RSP } from '../api/rsp-codes.ts';
import {
  AGREEMENT_KIND_INFO,
  AGREEMENT_KINDS,
  agreementKindOfRoute,
  agreementReadingProblem,
  isAgreementKind,
  readingSecondsLeft,
} from './agreement-kinds.ts';

describe('agreement kinds', () => {
  it('are the four pages of docs/PRODUCT.md §2.1 with their titles', () => {
    expect(
      Object.fromEntries(
        AGREEMENT_KINDS.map((k) => [k, `${AGREEMENT_KIND_INFO[k].route} ${AGREEMENT_KIND_INFO[k].title}`]),
      ),
    ).toEqual({
      GENERAL: '/agreement 用户服务协议',
      SERVICE: '/serviceAgreement 融资咨询服务协议',
      INFO: '/infoAgreement 信息咨询服务协议',
      RELEASE: '/releaseForm 授权书',
    });
  });

  it('are described under their own keys, in Chinese, with a reading time', () => {
    expect(Object.keys(AGREEMENT_KIND_INFO)).toEqual([...AGREEMENT_KINDS]);
    for (const kind of AGREEMENT_KINDS) {
      const info = AGREEMENT_KIND_INFO[kind];
      expect(info.kind).toBe(kind);
      expect(info.summary).toMatch(/[\u4e00-\u9fa5]/);
      expect(Number.isInteger(info.minReadSeconds) && info.minReadSeconds > 0).toBe(true);
    }
    expect(AGREEMENT_KIND_INFO.SERVICE.minReadSeconds).toBe(10);
  });

  it('are found by route', () => {
    for (const kind of AGREEMENT_KINDS)
      expect(agreementKindOfRoute(AGREEMENT_KIND_INFO[kind].route)).toBe(kind);
    expect(agreementKindOfRoute('/agreement/')).toBeNull();
    expect(agreementKindOfRoute('/about')).toBeNull();
    expect(isAgreementKind('RELEASE')).toBe(true);
    expect(isAgreementKind('release')).toBe(false);
  });

  it('count down whole seconds to the reading time', () => {
    expect(readingSecondsLeft('SERVICE', 0)).toBe(10);
    expect(readingSecondsLeft('SERVICE', 1)).toBe(10);
    expect(readingSecondsLeft('SERVICE', 1000)).toBe(9);
    expect(readingSecondsLeft('SERVICE', 9001)).toBe(1);
    expect(readingSecondsLeft('SERVICE', 10_000)).toBe(0);
    expect(readingSecondsLeft('SERVICE', 60_000)).toBe(0);
    expect(readingSecondsLeft('GENERAL', 0)).toBe(5);
    expect(readingSecondsLeft('SERVICE', -5000)).toBe(10);
    expect(readingSecondsLeft('SERVICE', Number.NaN)).toBe(10);
  });

  it('refuse an acceptance before the reading time with 3302', () => {
    expect(agreementReadingProblem('RELEASE', 4200)).toEqual({
      code: RSP.AGREEMENT_READ_TOO_SHORT,
      reason: '请完整阅读《授权书》，6 秒后可同意',
    });
    expect(agreementReadingProblem('RELEASE', 10_000)).toBeNull();
  });
});
