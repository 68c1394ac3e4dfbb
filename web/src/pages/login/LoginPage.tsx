import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { userLogin } from '../../api/auth';
import { preloadCipher } from '../../api/cipher';
import { LOAN_INFO_PATH, ROOT_PATH } from '../../app/paths';
import { preloadRoute } from '../../app/preload';
import { UI_TEXTS } from '../../app/ui-defaults';
import { AppFooterText } from '../../components/AppFooterText';
import { AppLink } from '../../components/AppLink';
import { AuthFrame } from '../../components/AuthFrame';
import { PlainAlert } from '../../components/PlainAlert';
import { hasSessionExpiredMarker } from '../../session/session';
import { safeRedirect } from '../../session/sign-in';
import { useSession } from '../../session/useSession';
import { useSignIn } from '../../session/useSignIn';
import { LoginPanel } from './LoginPanel';

/**
 * /bmss/toLogin inside the app: the page a signed-out borrower is sent to, and the one drawn for someone told
 * their session expired (登录已失效) or already signed in (您已登录为…). A first visit by someone signed out takes
 * over the page's HTML without the app (app/sign-in-start.tsx); both draw LoginPanel.
 */
export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const session = useSession();
  const signIn = useSignIn();
  const [expired, setExpired] = useState(hasSessionExpiredMarker);
  const redirect = searchParams.get('redirect');

  return (
    <AuthFrame title="账号登录" subtitle="使用平台账号和密码登录" footer={<AppFooterText />}>
      <LoginPanel
        signIn={async ({ loginId, password }) => {
          const result = await userLogin(loginId, password, { silent: true });
          await signIn(result, redirect);
        }}
        onSubmitting={() => setExpired(false)}
        // typing a password is the intent to sign in: the cipher and the page a sign-in opens start loading
        onPasswordFocus={() => {
          preloadCipher();
          preloadRoute(safeRedirect(redirect) ?? LOAN_INFO_PATH);
        }}
        notice={
          expired ? (
            <PlainAlert type="warning" title={UI_TEXTS.sessionExpired} />
          ) : (
            session.accessToken &&
            session.loginName && (
              <PlainAlert
                type="info"
                title={
                  <>
                    您已登录为 {session.loginName}，<AppLink to={ROOT_PATH}>进入系统</AppLink>
                  </>
                }
              />
            )
          )
        }
      />
    </AuthFrame>
  );
}
