import {
  ABOUT_PATH,
  AGREEMENT_PATH,
  APPLICATION_ENTER_PATH,
  APPLICATION_PATH,
  CHANGE_PASSWORD_PATH,
  DIRECT_LOGIN_PATH,
  FORBIDDEN_PATH,
  FORGOT_PASSWORD_PATH,
  LOADING_PATH,
  LOGIN_PATH,
  MATERIAL_LOGIN_PATH,
  NOT_FOUND_PATH,
  ROOT_PATH,
  VERIFY_PATH,
} from './paths';

/**
 * The route guard of docs/PRODUCT.md §2 as one pure function. The app shell (AppShell.tsx) feeds it the target,
 * the path the user came from ('/' on the first load, as in the original router) and the session.
 */

/** Paths that open without a session: those docs/PRODUCT.md §2 lists, and the public check of a document. */
export const OPEN_PATHS: readonly string[] = [
  FORGOT_PASSWORD_PATH,
  APPLICATION_PATH,
  MATERIAL_LOGIN_PATH,
  LOADING_PATH,
  AGREEMENT_PATH,
  ABOUT_PATH,
  DIRECT_LOGIN_PATH,
  LOGIN_PATH,
  NOT_FOUND_PATH,
  FORBIDDEN_PATH,
  APPLICATION_ENTER_PATH,
  VERIFY_PATH,
];

/** Open paths whose pages take a path segment: everything under them opens too (/verify/{docNo}). */
const OPEN_SECTIONS: readonly string[] = [VERIFY_PATH];

/** Whether a (normalised) path opens without a session. */
const isOpen = (path: string) =>
  OPEN_PATHS.includes(path) || OPEN_SECTIONS.some((section) => path.startsWith(`${section}/`));

/** With a token these always open (docs/PRODUCT.md §2). */
const ALWAYS_OPEN_WITH_TOKEN: readonly string[] = [NOT_FOUND_PATH, FORBIDDEN_PATH, LOGIN_PATH];

interface GuardTarget {
  /** the path being opened */
  path: string;
  /** whether any route of the app matches it */
  matched: boolean;
}

export interface GuardSession {
  token: string | null;
  loginId: string | null;
  pwdTime: string | null;
  /** the only-page list of the user info; null or undefined when not present */
  onlyPages: readonly string[] | null | undefined;
}

export type GuardDecision = { kind: 'proceed' } | { kind: 'redirect'; to: string };

const proceed: GuardDecision = { kind: 'proceed' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** '/about/' and '/about' are the same page. */
export function normalisePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed || ROOT_PATH;
}

export function decide(target: GuardTarget, fromPath: string, session: GuardSession): GuardDecision {
  const path = normalisePath(target.path);
  const open = isOpen(path);

  if (open) return proceed;

  if (!session.token) return redirect(target.matched ? LOGIN_PATH : NOT_FOUND_PATH);

  if (ALWAYS_OPEN_WITH_TOKEN.includes(path)) return proceed;
  if (!target.matched) return redirect(NOT_FOUND_PATH);

  const fromRoot = normalisePath(fromPath) === ROOT_PATH;
  const neverChangedPassword = !session.pwdTime;
  const onlyPagesPresentButEmpty = Array.isArray(session.onlyPages) && session.onlyPages.length === 0;
  if (
    fromRoot &&
    session.loginId &&
    neverChangedPassword &&
    path !== CHANGE_PASSWORD_PATH &&
    onlyPagesPresentButEmpty
  ) {
    return redirect(FORBIDDEN_PATH);
  }
  return proceed;
}

/**
 * Would the guard let this page open on a fresh load (a typed URL)? The side menu offers only such pages, so an
 * entry never leads where typing its address would answer /403 (a user who must first change the password).
 */
export function mayOpen(path: string, session: GuardSession): boolean {
  return decide({ path, matched: true }, ROOT_PATH, session).kind === 'proceed';
}
