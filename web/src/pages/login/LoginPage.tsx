import { LockOutlined, MessageOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Divider, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { userLogin } from '../../api/auth';
import { isApiError, isRspError } from '../../api/errors';
import { UI_TEXTS } from '../../app/ui-defaults';
import { AuthFrame } from '../../components/AuthFrame';
import { clearSessionExpiredMarker, hasSessionExpiredMarker } from '../../session/session';
import { useSession } from '../../session/useSession';
import { useSignIn } from '../../session/useSignIn';

interface LoginValues {
  loginId: string;
  password: string;
}

/** /bmss/toLogin: account and password. */
export default function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const signIn = useSignIn();
  const [expired, setExpired] = useState(hasSessionExpiredMarker);
  const [error, setError] = useState<string | null>(null);

  // the 401 marker is shown once
  useEffect(() => {
    if (expired) clearSessionExpiredMarker();
  }, [expired]);

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
      {error && (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          title={error}
          closable={{ onClose: () => setError(null) }}
          role="alert"
        />
      )}
      <Form<LoginValues>
        form={form}
        size="large"
        requiredMark={false}
        onFinish={(values) => login.mutate(values)}
        disabled={login.isPending}
      >
        <Form.Item name="loginId" rules={[{ required: true, whitespace: true, message: '请输入登录账号' }]}>
          <Input
            prefix={<UserOutlined />}
            placeholder="请输入登录账号"
            aria-label="登录账号"
            autoComplete="username"
            maxLength={64}
          />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="请输入密码"
            aria-label="密码"
            autoComplete="current-password"
            maxLength={64}
          />
        </Form.Item>
        <div className="auth-row">
          <span />
          <Link to="/user/forgot">忘记密码</Link>
        </div>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending} disabled={false}>
            登录
          </Button>
        </Form.Item>
      </Form>
      <Divider plain>
        <Typography.Text type="secondary">其他方式</Typography.Text>
      </Divider>
      <Link to="/materialLogin" className="auth-alt-link">
        <MessageOutlined /> 短信验证码登录 / 资料录入
      </Link>
    </AuthFrame>
  );
}
