import type { ClientConfig } from '@loan/domain';
import { StrictMode, startTransition, useEffect, useMemo, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { userLogin } from '../api/auth';
import { preloadCipher } from '../api/cipher';
import { getClientConfig } from '../api/client-config-call';
import { registerNotifier } from '../api/runtime';
import { type AppNavigation, AppNavigationProvider } from '../components/AppLink';
import { AuthFrame } from '../components/AuthFrame';
import { FooterLine } from '../components/FooterLine';
import { PlainAlert } from '../components/PlainAlert';
import { LOGIN_TITLE, LoginPanel } from '../pages/login/LoginPanel';
import { completeSignIn, destinationAfterSignIn, safeRedirect } from '../session/sign-in';
import { LOAN_INFO_PATH } from './paths';
import type { StartOptions } from './start';
import { UI_TEXTS } from './ui-defaults';

/**
 * The sign-in page a signed-out visitor opens first, taken over from its HTML (build/prerender-pages.ts) with
 * React alone: no router, TanStack Query or antd code (the panel and frame draw antd's markup, which the first
 * stylesheet styles). A phone hydrates no more than the form, and the rest of the app loads when it is needed: on
 * the password's focus (the intent to sign in) or a pointer over a link, and is drawn in place of this page after
 * the sign-in or the click (startApp).
 */

const loadApp = () => import('./start');

/** Where a sign-in was asked to go back to (`?redirect=`; followed only when safe, session/sign-in.ts). */
const redirectParam = () => new URLSearchParams(window.location.search).get('redirect');

interface Handover {
  /** moves to `to` (replacing this page in the history, or after it) and hands the page over to the app */
  enter(to: string, replace: boolean, options?: StartOptions): Promise<void>;
}

export function SignInPage({ handover }: { handover: Handover }) {
  const [config, setConfig] = useState<ClientConfig>();
  const [transportFailure, setTransportFailure] = useState<string | null>(null);

  useEffect(() => {
    document.title = LOGIN_TITLE;
    // the HTTP layer's toasts (a failed connection) show above the form until antd's toasts have loaded
    const unregister = registerNotifier({ error: (text) => setTransportFailure(text) });
    getClientConfig({ silent: true }).then(setConfig, () => undefined);
    return unregister;
  }, []);

  const navigation = useMemo<AppNavigation>(
    () => ({
      navigate: (to) => void handover.enter(to, false, { clientConfig: config }),
      preload: (to) => void loadApp().then((app) => app.preloadRoute(to)),
    }),
    [handover, config],
  );

  return (
    // the app's base text and link styles (styles/base.css) and antd's theme variables, as FeedbackRoot gives them
    <div className="app-root loan">
      <AppNavigationProvider navigation={navigation}>
        <AuthFrame title="账号登录" subtitle="使用平台账号和密码登录" footer={<FooterLine config={config} />}>
          <LoginPanel
            signIn={async ({ loginId, password }) => {
              const signedIn = await completeSignIn(await userLogin(loginId, password, { silent: true }));
              const destination = destinationAfterSignIn(signedIn, redirectParam());
              await handover.enter(destination.to, true, {
                clientConfig: config,
                notice: destination.mustChangePassword ? UI_TEXTS.mustChangePassword : undefined,
              });
            }}
            onSubmitting={() => setTransportFailure(null)}
            onPasswordFocus={() => {
              preloadCipher();
              navigation.preload(safeRedirect(redirectParam()) ?? LOAN_INFO_PATH);
            }}
            notice={
              transportFailure && (
                <PlainAlert type="error" title={transportFailure} onClose={() => setTransportFailure(null)} />
              )
            }
          />
        </AuthFrame>
      </AppNavigationProvider>
    </div>
  );
}

/** Takes the sign-in page's HTML in `container` over; the app replaces it on a sign-in or a link. */
export function startSignIn(container: HTMLElement): void {
  let root: Root | undefined;
  const handover: Handover = {
    async enter(to, replace, options) {
      let app: Awaited<ReturnType<typeof loadApp>>;
      try {
        app = await loadApp();
      } catch {
        // the app's code did not load (a dropped connection, a newer build deployed meanwhile): the browser loads
        // the page itself; a sign-in's session is already kept in this tab
        if (replace) window.location.replace(to);
        else window.location.assign(to);
        return;
      }
      if (replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
      root?.unmount();
      await app.startApp(container, options);
    },
  };
  startTransition(() => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <SignInPage handover={handover} />
      </StrictMode>,
      { onRecoverableError: (error) => console.error('[hydrate] the sign-in page was drawn again:', error) },
    );
  });
}
