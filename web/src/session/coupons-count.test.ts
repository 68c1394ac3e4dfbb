import { API, type UserInfo } from '@loan/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USER_INFO } from '../test/fixtures';
import { fakeApi, ok } from '../test/render';
import { couponsCountValue, refreshCouponsCount } from './coupons-count';
import { readSession, saveLogin, saveUserInfo } from './session';

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

const withCount = (count: unknown) => ({ ...DEMO_USER_INFO, couponsCount: count }) as UserInfo;

describe('the session coupons count', () => {
  it('is filled from getUserInfo, and stays empty when the server does not say', () => {
    saveUserInfo(DEMO_USER_INFO);
    expect(readSession().couponsCount).toBe('');
    saveUserInfo(withCount(3));
    expect(readSession().couponsCount).toBe('3');
    saveUserInfo(withCount(-1));
    expect(readSession().couponsCount).toBe('3');
  });

  it('is asked again after a payment', async () => {
    saveLogin('tok');
    api = fakeApi((r) => (r.url === API.getUserInfo ? ok(withCount(1)) : ok(null)));
    await refreshCouponsCount();
    expect(readSession().couponsCount).toBe('1');
  });

  it('reads as a number or null', () => {
    expect(couponsCountValue(null)).toBeNull();
    expect(couponsCountValue('')).toBeNull();
    expect(couponsCountValue('4')).toBe(4);
    expect(couponsCountValue('x')).toBeNull();
  });
});
