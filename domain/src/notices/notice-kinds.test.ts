import { describe, expect, it } from 'vitest';
import {
  NOTICE_KIND_RULES,
  type NoticeKind,
  noticeChannels,
  OPTIONAL_NOTICE_CATEGORIES,
  REQUIRED_NOTICE_CATEGORIES,
} from './notice-kinds.ts';

describe('notice channels and choices', () => {
  it('legal and security notices cannot be turned off', () => {
    const off = {
      OVERDUE: { sms: false, email: false },
      LOAN: { sms: false, email: false },
      ACCOUNT: { sms: false, email: false },
    };
    expect(noticeChannels('OVERDUE', off)).toEqual(['sms', 'email']);
    expect(noticeChannels('APPLICATION_APPROVED', off)).toEqual(['sms', 'email']);
    expect(noticeChannels('PASSWORD_CHANGED', off)).toEqual(['sms', 'email']);
    expect(noticeChannels('LOAN_DISBURSED', off)).toEqual([]);
    expect(noticeChannels('RECEIVING_ACCOUNT', off)).toEqual([]);
  });
  it('an optional kind goes by its default channels unless turned off one by one', () => {
    expect(noticeChannels('DUE_SOON', {})).toEqual(['sms', 'email']);
    expect(noticeChannels('DUE_SOON', { REPAYMENT: { sms: false } })).toEqual(['email']);
    expect(noticeChannels('PAYMENT_RECEIVED', { REPAYMENT: { sms: true } })).toEqual(['email']);
  });
  it('the overdue category is locked; the others can be chosen', () => {
    expect(REQUIRED_NOTICE_CATEGORIES).toEqual(['OVERDUE']);
    expect(OPTIONAL_NOTICE_CATEGORIES).toEqual(['LOAN', 'REPAYMENT', 'REFUND', 'ACCOUNT', 'STATEMENT']);
    const urgent = (Object.keys(NOTICE_KIND_RULES) as NoticeKind[]).filter(
      (k) => NOTICE_KIND_RULES[k].urgent,
    );
    expect(urgent).toEqual(['SIGN_IN', 'PASSWORD_CHANGED', 'CONTACT_CHANGED']);
  });
});
