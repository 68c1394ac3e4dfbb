import type { UserInfo } from '@loan/domain';
import { describe, expect, it } from 'vitest';
import {
  clearSession,
  expireSession,
  hasSessionExpiredMarker,
  readSession,
  saveLogin,
  saveStoreCheck,
  saveUserInfo,
} from './session';
import { destinationAfterSignIn, safeRedirect } from './sign-in';

const INFO: UserInfo = {
  assetsCodes: ['AC001', 'AC002'],
  loginId: 'demo',
  userNameCn: '张明',
  email: 'demo@example.com',
  uptPwdTime: '2024-05-01T10:00:00+08:00',
  paidMethod: '01',
  openBank: 'CGB',
  subAccNo: '6222****1234',
  onlyPages: null,
  phone: '138****0001',
};

describe('session record (docs/PRODUCT.md §3)', () => {
  it('maps the user info onto the record', () => {
    saveLogin('tok');
    saveUserInfo(INFO);
    expect(sessionStorage.getItem('accessToken')).toBe('tok');
    expect(sessionStorage.getItem('assetsCode')).toBe('AC001');
    expect(sessionStorage.getItem('loginId')).toBe('demo');
    expect(sessionStorage.getItem('loginName')).toBe('张明');
    expect(sessionStorage.getItem('email')).toBe('demo@example.com');
    expect(sessionStorage.getItem('pwdTime')).toBe('2024-05-01T10:00:00+08:00');
    expect(sessionStorage.getItem('paidMethod')).toBe('01');
    expect(sessionStorage.getItem('openBank')).toBe('CGB');
    expect(sessionStorage.getItem('subAccNo')).toBe('6222****1234');
    expect(JSON.parse(sessionStorage.getItem('userInfo') ?? 'null')).toEqual(INFO);
    expect(sessionStorage.getItem('couponsCount')).toBe('');
    expect(JSON.parse(sessionStorage.getItem('storeInfo') ?? 'null')).toEqual({
      storeCreditStatus: '01',
      sellerId: '',
      sellerName: '',
    });
  });

  it('reads the record back, with pwdTime null when the password was never changed', () => {
    saveLogin('tok');
    saveUserInfo({ ...INFO, uptPwdTime: null, assetsCodes: [], onlyPages: [] });
    const session = readSession();
    expect(session.pwdTime).toBeNull();
    expect(sessionStorage.getItem('pwdTime')).toBeNull();
    expect(session.assetsCode).toBeNull();
    expect(session.userInfo?.onlyPages).toEqual([]);
    expect(session.storeInfo?.storeCreditStatus).toBe('01');
    expect(session).toMatchObject({
      accessToken: 'tok',
      loginId: 'demo',
      loginName: '张明',
      couponsCount: '',
    });
  });

  it('a new user info keeps the store info and coupons count it already has', () => {
    saveUserInfo(INFO);
    saveStoreCheck({ shopAuth: '02', storeInfo: { sellerId: 'A1B2', sellerName: '明星店铺' } });
    saveUserInfo({ ...INFO, userNameCn: '张明明' });
    expect(readSession().storeInfo).toEqual({
      storeCreditStatus: '02',
      sellerId: 'A1B2',
      sellerName: '明星店铺',
    });
    expect(readSession().loginName).toBe('张明明');
  });

  it('reads an empty record when nothing is stored', () => {
    expect(readSession()).toEqual({
      accessToken: null,
      assetsCode: null,
      loginId: null,
      loginName: null,
      email: null,
      pwdTime: null,
      paidMethod: null,
      openBank: null,
      subAccNo: null,
      userInfo: null,
      couponsCount: null,
      storeInfo: null,
    });
  });

  it('clearSession forgets everything', () => {
    saveLogin('tok');
    saveUserInfo(INFO);
    clearSession();
    expect(sessionStorage.length).toBe(0);
  });

  it('a 401 leaves only the point marker, which the next sign-in clears', () => {
    saveLogin('tok');
    saveUserInfo(INFO);
    expireSession();
    expect({ ...sessionStorage }).toEqual({ point: '401' });
    expect(hasSessionExpiredMarker()).toBe(true);
    saveLogin('tok2');
    expect(hasSessionExpiredMarker()).toBe(false);
    expect(sessionStorage.getItem('accessToken')).toBe('tok2');
  });
});

describe('after signing in', () => {
  it('follows only same-site redirects', () => {
    expect(safeRedirect('/record/loanRecord?x=1#a')).toBe('/record/loanRecord?x=1#a');
    expect(safeRedirect('https://evil.example/')).toBeNull();
    expect(safeRedirect('//evil.example/')).toBeNull();
    expect(safeRedirect('/\\evil.example/')).toBeNull();
    expect(safeRedirect('javascript:alert(1)')).toBeNull();
    expect(safeRedirect('/bmss/toLogin')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });

  it('sends a user who never changed the password to /account/reset, else to redirect or /', () => {
    const changed = { info: INFO, mustChangePassword: false };
    expect(destinationAfterSignIn({ info: INFO, mustChangePassword: true }, '/record/loanRecord')).toEqual({
      to: '/account/reset',
      mustChangePassword: true,
    });
    expect(destinationAfterSignIn(changed, '/record/loanRecord').to).toBe('/record/loanRecord');
    expect(destinationAfterSignIn(changed, 'https://evil.example').to).toBe('/');
    expect(destinationAfterSignIn(changed, null, '/application/enter').to).toBe('/application/enter');
  });
});
