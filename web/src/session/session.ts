import type { UserInfo } from '@loan/domain';

/**
 * The session record of docs/PRODUCT.md §3, kept in sessionStorage. Values are strings; a value that is null
 * (pwdTime when the password was never changed, an account field not set yet) is not stored at all,
 * so it reads back as null.
 */
export const SESSION_KEYS = {
  accessToken: 'accessToken',
  assetsCode: 'assetsCode',
  loginId: 'loginId',
  loginName: 'loginName',
  email: 'email',
  pwdTime: 'pwdTime',
  paidMethod: 'paidMethod',
  openBank: 'openBank',
  subAccNo: 'subAccNo',
  /** raw result of the user-info call, JSON */
  userInfo: 'userInfo',
  /** coupons count, initially empty */
  couponsCount: 'couponsCount',
  /** store info, JSON: { storeCreditStatus, sellerId, sellerName } */
  storeInfo: 'storeInfo',
  /** set to "401" when a call found the session expired; the login page says so until the next sign-in */
  point: 'point',
} as const;

const POINT_SESSION_EXPIRED = '401';

/** Store credit status before the token check says otherwise (docs/PRODUCT.md §3, §4). */
const INITIAL_STORE_CREDIT_STATUS = '01';

interface StoreInfo {
  storeCreditStatus: string;
  sellerId: string;
  sellerName: string;
}

export interface SessionRecord {
  accessToken: string | null;
  assetsCode: string | null;
  loginId: string | null;
  loginName: string | null;
  email: string | null;
  pwdTime: string | null;
  paidMethod: string | null;
  openBank: string | null;
  subAccNo: string | null;
  userInfo: UserInfo | null;
  couponsCount: string | null;
  storeInfo: StoreInfo | null;
}

const CHANGE_EVENT = 'loan-portal:session-change';

type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

/** Where there is no window (a page rendered at build time, src/prerender.tsx) nobody is signed in. */
const NO_WINDOW_STORAGE: SessionStorage = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
  clear: () => undefined,
};

function storage(): SessionStorage {
  return typeof window === 'undefined' ? NO_WINDOW_STORAGE : window.sessionStorage;
}

function put(key: string, value: string | null | undefined) {
  if (value === null || value === undefined) storage().removeItem(key);
  else storage().setItem(key, value);
}

function readJson<T>(key: string): T | null {
  const text = storage().getItem(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Tells subscribers (the header, the guard's readers) that the record changed. */
function notifySessionChange() {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function subscribeSession(listener: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

/** After a successful sign-in (or password change): keeps the new access token. */
export function saveLogin(accessToken: string) {
  // a new session: the login page no longer says the last one expired
  storage().removeItem(SESSION_KEYS.point);
  put(SESSION_KEYS.accessToken, accessToken);
  notifySessionChange();
}

/** The user info's count of usable coupons, when the server sent one. */
export function couponsCountOf(info: UserInfo): number | null {
  const count = (info as UserInfo & { couponsCount?: unknown }).couponsCount;
  return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? count : null;
}

/** Maps the user-info result onto the record (docs/PRODUCT.md §3) and keeps the raw result. */
export function saveUserInfo(info: UserInfo) {
  put(SESSION_KEYS.assetsCode, info.assetsCodes?.[0] ?? null);
  put(SESSION_KEYS.loginId, info.loginId);
  put(SESSION_KEYS.loginName, info.userNameCn);
  put(SESSION_KEYS.email, info.email);
  put(SESSION_KEYS.pwdTime, info.uptPwdTime || null);
  put(SESSION_KEYS.paidMethod, info.paidMethod);
  put(SESSION_KEYS.openBank, info.openBank);
  put(SESSION_KEYS.subAccNo, info.subAccNo);
  put(SESSION_KEYS.userInfo, JSON.stringify(info));
  const count = couponsCountOf(info);
  if (count !== null) put(SESSION_KEYS.couponsCount, String(count));
  else if (storage().getItem(SESSION_KEYS.couponsCount) === null) put(SESSION_KEYS.couponsCount, '');
  if (storage().getItem(SESSION_KEYS.storeInfo) === null) {
    const initial: StoreInfo = {
      storeCreditStatus: INITIAL_STORE_CREDIT_STATUS,
      sellerId: '',
      sellerName: '',
    };
    put(SESSION_KEYS.storeInfo, JSON.stringify(initial));
  }
  notifySessionChange();
}

/** The store check (GET /seller/mwsTokenCheck): storeCreditStatus from shopAuth, seller from storeInfo. */
export function saveStoreCheck(check: {
  shopAuth: string;
  storeInfo?: { sellerId?: string | null; sellerName?: string | null } | null;
}) {
  const store: StoreInfo = {
    storeCreditStatus: check.shopAuth,
    sellerId: check.storeInfo?.sellerId ?? '',
    sellerName: check.storeInfo?.sellerName ?? '',
  };
  put(SESSION_KEYS.storeInfo, JSON.stringify(store));
  notifySessionChange();
}

export function saveCouponsCount(count: number | null) {
  put(SESSION_KEYS.couponsCount, count === null ? '' : String(count));
  notifySessionChange();
}

export function readSession(): SessionRecord {
  const get = (key: string) => storage().getItem(key);
  return {
    accessToken: get(SESSION_KEYS.accessToken) || null,
    assetsCode: get(SESSION_KEYS.assetsCode),
    loginId: get(SESSION_KEYS.loginId),
    loginName: get(SESSION_KEYS.loginName),
    email: get(SESSION_KEYS.email),
    pwdTime: get(SESSION_KEYS.pwdTime) || null,
    paidMethod: get(SESSION_KEYS.paidMethod),
    openBank: get(SESSION_KEYS.openBank),
    subAccNo: get(SESSION_KEYS.subAccNo),
    userInfo: readJson<UserInfo>(SESSION_KEYS.userInfo),
    couponsCount: get(SESSION_KEYS.couponsCount),
    storeInfo: readJson<StoreInfo>(SESSION_KEYS.storeInfo),
  };
}

/** Logout: forgets everything this tab kept. */
export function clearSession() {
  storage().clear();
  notifySessionChange();
}

/** A 401: clears all of sessionStorage and leaves the marker the login page reads (docs/PRODUCT.md §4). */
export function expireSession() {
  storage().clear();
  storage().setItem(SESSION_KEYS.point, POINT_SESSION_EXPIRED);
  notifySessionChange();
}

/** Whether the last session ended with a 401: the login page says so until the user signs in again (saveLogin). */
export function hasSessionExpiredMarker(): boolean {
  return storage().getItem(SESSION_KEYS.point) === POINT_SESSION_EXPIRED;
}
