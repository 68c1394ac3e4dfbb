import { PRERENDERED_ATTRIBUTE } from './app/prerendered';
import { hasSessionExpiredMarker, readSession } from './session/session';
// antd's styles, written at build time (build/antd-static-css.ts), before the app's own
import 'virtual:antd.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * The build wrote this page's HTML ahead (src/app/prerendered.ts) for a visitor who is not signed in: the sign-in
 * page takes it over (hydrates it) with no more than its own code (app/sign-in-start.tsx). Someone signed in, or
 * told their session expired, sees more than that HTML, so the app draws the page anew, as on every other page.
 */
function takesOverPrerenderedPage(): boolean {
  if (container?.getAttribute(PRERENDERED_ATTRIBUTE) !== window.location.pathname) return false;
  return !readSession().accessToken && !hasSessionExpiredMarker();
}

if (takesOverPrerenderedPage())
  void import('./app/sign-in-start').then((page) => page.startSignIn(container));
else void import('./app/start').then((app) => app.startApp(container));
