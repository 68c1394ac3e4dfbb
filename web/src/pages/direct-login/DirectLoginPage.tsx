import { Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { directLogin } from '../../api/auth';
import { isApiError } from '../../api/errors';
import { LOGIN_PATH } from '../../app/paths';
import { NavButton } from '../../components/NavButton';
import { StandaloneFrame, StandaloneWaiting } from '../../components/StandaloneFrame';
import { useSignIn } from '../../session/useSignIn';

const MISSING_TICKET = '登录链接缺少登录凭证，请重新从合作方页面进入';

/** /directLogin?ticket=…: password-free login with a partner's one-time ticket. */
export default function DirectLoginPage() {
  const [searchParams] = useSearchParams();
  const ticket = searchParams.get('ticket')?.trim() ?? '';
  const signIn = useSignIn();
  const [failure, setFailure] = useState<string | null>(ticket ? null : MISSING_TICKET);
  // a ticket works once: never send it twice (React may run effects twice in development)
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!ticket || sent.current === ticket) return;
    sent.current = ticket;
    setFailure(null);
    directLogin(ticket, { silent: true })
      .then((result) => signIn(result, searchParams.get('redirect')))
      .catch((error: unknown) => {
        setFailure(isApiError(error) ? error.desc : '免密登录失败，请稍后重试');
      });
  }, [ticket, signIn, searchParams]);

  return (
    <StandaloneFrame>
      {failure ? (
        <Result
          status="warning"
          title="免密登录失败"
          subTitle={failure}
          extra={<NavButton to={LOGIN_PATH}>使用账号密码登录</NavButton>}
        />
      ) : (
        <StandaloneWaiting text="正在验证登录链接，请稍候…" />
      )}
    </StandaloneFrame>
  );
}
