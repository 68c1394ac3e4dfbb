/**
 * Request and result shapes of the calls. Password fields are always field-cipher text
 * (see cipher.ts): the browser encrypts, the server decrypts.
 */

/** The largest id a stored row can have (a PostgreSQL integer, 2^31 − 1): an id or cursor beyond it is refused. */
export const MAX_ROW_ID = 2_147_483_647;

export interface LoginRequest {
  loginId: string;
  /** field-cipher text of the password */
  password: string;
}

export interface LoginResult {
  accessToken: string;
  /** true while the user still has to change the initial password */
  mustChangePassword: boolean;
}

/** docs/PRODUCT.md §7 getUserInfo result, plus the only-page list (docs/PRODUCT.md §2.3 /403 rule). */
export interface UserInfo {
  assetsCodes: string[];
  loginId: string;
  userNameCn: string;
  email: string;
  /** ISO 8601 time of the last password change; null if never changed */
  uptPwdTime: string | null;
  paidMethod: string | null;
  openBank: string | null;
  subAccNo: string | null;
  /** pages this user may open; null when no restriction applies ("not present") */
  onlyPages: string[] | null;
  /** masked phone, e.g. 138****1234 */
  phone: string | null;
  /** coupons the user can use now (available, not expired); always sent by the server */
  couponsCount?: number;
}

export type PrerequisiteKey = 'changePassword' | 'acceptAgreements' | 'certify' | 'authoriseStore';

export interface Prerequisite {
  key: PrerequisiteKey;
  title: string;
  done: boolean;
  /** the portal path where the user completes this step */
  path: string;
  /** false while the step is not built yet: the UI must not offer it as available */
  available: boolean;
}

export interface UserAllCheckResult {
  steps: Prerequisite[];
  /** every step done: the user may apply */
  ready: boolean;
}

export interface ModifyPwdRequest {
  oldPassword: string;
  newPassword: string;
}

export interface ModifyPwdResult {
  /** all sessions are revoked on a password change; this is the new one for the caller */
  accessToken: string;
}

export type CodeChannel = 'sms' | 'email';

export interface SendFindPwdCodeRequest {
  loginId: string;
  channel: CodeChannel;
}

export interface FindPwdRequest {
  loginId: string;
  code: string;
  newPassword: string;
}

export interface DirectLoginRequest {
  ticket: string;
}

export interface SendLoginSmsRequest {
  phone: string;
}

export interface SmsLoginRequest {
  phone: string;
  code: string;
}

/** How borrowers reach customer service (SUPPORT_PHONE, SUPPORT_EMAIL, SUPPORT_HOURS on the server). */
export interface SupportContact {
  phone: string;
  email: string;
  /** e.g. 工作日 09:00–18:00 */
  hours: string;
}

export interface ClientConfig {
  /** sandbox adapters are on: the UI footer says so */
  sandbox: boolean;
  environment: 'development' | 'test' | 'production';
  /** shown wherever a text says 联系客服, on /about and in the footer */
  support: SupportContact;
}

export interface OutboxMessage {
  id: number;
  channel: CodeChannel;
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}
