import { MessageOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Divider, Form } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { userLogin } from '../../api/auth';
import { preloadCipher } from '../../api/cipher';
import { isApiError, isRspError } from '../../api/errors';
import { FORGOT_PASSWORD_PATH, LOAN_INFO_PATH, MATERIAL_LOGIN_PATH } from '../../app/paths';
import { preloadOnIntent, preloadRoute } from '../../app/preload';
import { useFieldsTypedBeforeStart, useStarted } from '../../app/prerendered';
import { UI_TEXTS } from '../../app/ui-defaults';
import { LoginIdInput, PasswordInput } from '../../components/AccountInputs';
import { AuthFrame } from '../../components/AuthFrame';
import { FormError } from '../../components/FormError';
import { hasSessionExpiredMarker } from '../../session/session';
import { safeRedirect } from '../../session/sign-in';
import { useSession } from '../../session/useSession';
import { useSignIn } from '../../session/useSignIn';

interface LoginValues {
  loginId: string;
  password: string;
}

const FIELDS = ['loginId', 'password'] as const;

/**
 * 登录, enabled once the app has started (app/prerendered.ts); a component of its own, so that change draws the
 * button again and not the whole form.
 */
function SignInButton({ loading }: { loading: boolean }) {
  const started = useStarted();
  return (
    <Button type="primary" htmlType="submit" block loading={loading} disabled={!started}>
      登录
    </Button>
  );
}

/** /bmss/toLogin: account and password. */
export default function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const signIn = useSignIn();
  const [expired, setExpired] = useState(hasSessionExpiredMarker);
  const [error, setError] = useState<string | null>(null);
  // the build renders this page ahead (app/prerendered.ts): what was typed before the scripts ran is kept
  useFieldsTypedBeforeStart(form, FIELDS);

  // typing a password is the intent to sign in: the cipher and the page a sign-in opens (the root's) start loading
  const signingIn = () => {
    preloadCipher();
    preloadRoute(safeRedirect(searchParams.get('redirect')) ?? LOAN_INFO_PATH);
  };

  const login = useMutation({
    mutationFn: async ({ loginId, password }: LoginValues) => {
      const result = await userLogin(loginId.trim(), password, { silent: true });
      await signIn(result, searchParams.get('redirect'));
    },
    onMutate: () => {
      setError(null);
      setExpired(false);
    },
    onError: (e) => {
      if (isRspError(e)) setError(e.desc);
      else if (!isApiError(e)) setError('登录失败，请稍后重试');
      // transport failures were already toasted by the HTTP layer
    },
  });

  return (
    <AuthFrame title="账号登录" subtitle="使用平台账号和密码登录">
      {expired && <Alert className="form-alert" type="warning" showIcon title={UI_TEXTS.sessionExpired} />}
      {!expired && session.accessToken && session.loginName && (
        <Alert
          className="form-alert"
          type="info"
          showIcon
          title={
            <>
              您已登录为 {session.loginName}，<Link to="/">进入系统</Link>
            </>
          }
        />
      )}
      <FormError error={error} onClose={() => setError(null)} />
      <Form<LoginValues>
        form={form}
        size="large"
        requiredMark={false}
        onFinish={(values) => login.mutate(values)}
        disabled={login.isPending}
      >
        <Form.Item name="loginId" rules={[{ required: true, whitespace: true, message: '请输入登录账号' }]}>
          <LoginIdInput aria-label="登录账号" />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <PasswordInput
            placeholder="请输入密码"
            aria-label="密码"
            autoComplete="current-password"
            onFocus={signingIn}
          />
        </Form.Item>
        <div className="auth-row">
          <span />
          <Link to={FORGOT_PASSWORD_PATH} {...preloadOnIntent(FORGOT_PASSWORD_PATH)}>
            忘记密码
          </Link>
        </div>
        <Form.Item>
          <SignInButton loading={login.isPending} />
        </Form.Item>
      </Form>
      <Divider plain>
        <span className="auth-divider-text">其他方式</span>
      </Divider>
      <Link to={MATERIAL_LOGIN_PATH} className="auth-alt-link" {...preloadOnIntent(MATERIAL_LOGIN_PATH)}>
        <MessageOutlined /> 短信验证码登录 / 资料录入
      </Link>
    </AuthFrame>
  );
}
