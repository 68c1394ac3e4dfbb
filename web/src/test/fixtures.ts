import type { UserInfo } from '@loan/domain';

/** The getUserInfo result of the seeded demo borrower, who has changed the password. */
export const DEMO_USER_INFO: UserInfo = {
  assetsCodes: ['AC001'],
  loginId: 'demo',
  userNameCn: '张明',
  email: 'demo@example.com',
  uptPwdTime: '2024-05-01T10:00:00+08:00',
  paidMethod: null,
  openBank: null,
  subAccNo: null,
  onlyPages: null,
  phone: null,
};

/** The seeded newbie: never changed the password, empty only-page list (the /403 rule). */
export const NEWBIE_USER_INFO: UserInfo = {
  ...DEMO_USER_INFO,
  loginId: 'newbie',
  userNameCn: '李新',
  uptPwdTime: null,
  onlyPages: [],
};
