import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { OpsLoginResult } from '@loan/domain';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { OpsApiError } from '../../api/http';
import { signInSteps } from '../../api/ops';

interface Values {
  loginId: string;
  password: string;
}

export function PasswordStep({
  notice,
  onPassed,
}: {
  notice: string | null;
  onPassed: (result: OpsLoginResult) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      onPassed(await signInSteps.password(values.loginId.trim(), values.password));
    } catch (e) {
      setError(e instanceof OpsApiError ? e.desc : '登录失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form<Values> layout="vertical" onFinish={submit} requiredMark={false} aria-label="运营人员登录">
      {notice && <Alert type="info" showIcon title={notice} style={{ marginBottom: 16 }} />}
      <Form.Item
        label="登录账号"
        name="loginId"
        rules={[{ required: true, whitespace: true, message: '请输入登录账号' }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" maxLength={32} size="large" />
      </Form.Item>
      <Form.Item
        label="密码"
        name="password"
        rules={[{ required: true, message: '请输入密码' }]}
        validateStatus={error ? 'error' : undefined}
        help={error ?? undefined}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          maxLength={128}
          size="large"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        下一步
      </Button>
    </Form>
  );
}
