import type { LoginResult, UserInfo } from '@loan/domain';
import { getUserInfo } from '../api/user-info';
import { CHANGE_PASSWORD_PATH, LOGIN_PATH, ROOT_PATH } from '../app/paths';
import { clearSession, saveLogin, saveUserInfo } from './session';

interface SignedIn {
  info: UserInfo;
  /** the initial password was never changed: the user must change it first */
  mustChangePassword: boolean;
}

/** After any way in: keep the token, fetch the user info, keep the record (docs/PRODUCT.md §3). */
export async function completeSignIn(login: LoginResult): Promise<SignedIn> {
  clearSession();
  saveLogin(login.accessToken);
  let info: UserInfo;
  try {
    info = await getUserInfo({ silent: true });
  } catch (error) {
    clearSession();
    throw error;
  }
  saveUserInfo(info);
  return { info, mustChangePassword: Boolean(login.mustChangePassword) || !info.uptPwdTime };
}

/**
 * A `redirect` query value is followed only when it is a path on this site (no scheme, no host, no `//`)
 * and not the login page itself.
 */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const base = 'http://portal.invalid';
    const url = new URL(raw, base);
    if (url.origin !== base) return null;
    if (url.pathname === LOGIN_PATH) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

interface Destination {
  to: string;
  /** say why the user lands there */
  mustChangePassword: boolean;
}

/** Where a signed-in user goes: the password change first, else the safe `redirect`, else the fallback. */
export function destinationAfterSignIn(
  signedIn: SignedIn,
  redirect: string | null | undefined,
  fallback: string = ROOT_PATH,
): Destination {
  if (signedIn.mustChangePassword) return { to: CHANGE_PASSWORD_PATH, mustChangePassword: true };
  return { to: safeRedirect(redirect) ?? fallback, mustChangePassword: false };
}
