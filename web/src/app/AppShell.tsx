import { useEffect, useMemo, useRef } from 'react';
import { type Location, Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { registerNavigate } from '../api/runtime';
import { type AppNavigation, AppNavigationProvider } from '../components/AppLink';
import { readSession } from '../session/session';
import { decide, type GuardDecision, type GuardSession } from './guard';
import { usePageTitleOverride } from './page-title';
import { LOGIN_PATH, loginPathBack, ROOT_PATH } from './paths';
import { documentTitle } from './route-handle';

/** Id of the catch-all route: a location that only it matches is "unmatched" for the guard. */
export const CATCH_ALL_ROUTE_ID = 'catch-all';

export function guardSession(): GuardSession {
  const session = readSession();
  return {
    token: session.accessToken,
    loginId: session.loginId,
    pwdTime: session.pwdTime,
    onlyPages: session.userInfo?.onlyPages,
  };
}

/** A deep link that needs a session goes to login with `redirect`, so the user comes back after signing in. */
function redirectTarget(to: string, location: Location): string {
  if (to !== LOGIN_PATH) return to;
  const back = `${location.pathname}${location.search}`;
  return back === ROOT_PATH ? to : loginPathBack(back);
}

/**
 * The root route's element. For every navigation it asks the guard (guard.ts) before the target page renders:
 * the decision is taken once per location, with the previous committed path as `from` — '/' on the first load,
 * and unchanged by a redirect, as in the original router. It also sets document.title from the route's title (or
 * from the one the shown page gave itself, page-title.ts) and gives the HTTP layer and the AppLinks the router's
 * navigate.
 */
export function AppShell({ preload }: { preload: (path: string) => void }) {
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const fromPath = useRef(ROOT_PATH);
  const decided = useRef<{ key: string; decision: GuardDecision } | null>(null);
  const navigation = useMemo<AppNavigation>(
    () => ({ navigate: (to) => void navigate(to), preload }),
    [navigate, preload],
  );

  useEffect(
    () =>
      registerNavigate((to) => {
        void navigate(to, { replace: true });
      }),
    [navigate],
  );

  if (decided.current?.key !== location.key) {
    const matched = !matches.some((match) => match.id === CATCH_ALL_ROUTE_ID);
    decided.current = {
      key: location.key,
      decision: decide({ path: location.pathname, matched }, fromPath.current, guardSession()),
    };
  }
  const { decision } = decided.current;
  const pageTitle = usePageTitleOverride();
  const title = pageTitle ?? documentTitle(matches);

  useEffect(() => {
    if (decision.kind !== 'proceed') return;
    fromPath.current = location.pathname;
    document.title = title;
  }, [decision, location.pathname, title]);

  if (decision.kind === 'redirect') return <Navigate to={redirectTarget(decision.to, location)} replace />;
  return (
    <AppNavigationProvider navigation={navigation}>
      <Outlet />
    </AppNavigationProvider>
  );
}

/** The catch-all route renders nothing: the guard sends every unmatched path to /404. */
export function CatchAll() {
  return null;
}
