import { LockOutlined } from '@ant-design/icons';
import { checkPassword, type OpsLoginResult } from '@loan/domain';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { OpsApiError } from '../../api/http';
import { signInSteps } from '../../api/ops';

interface Values {
  newPassword: string;
  again: string;
}

/**
 * The first sign-in with a password someone else chose (the invitation's, create-admin's): the operator sets their
 * own before binding an authenticator, so whoever saw the first one cannot finish the sign-in with it.
 */
export function ChangePasswordStep({
  challenge,
  onChanged,
  onChallengeEnded,
}: {
  challenge: string;
  onChanged: (result: OpsLoginResult) => void;
  onChallengeEnded: (code: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async ({ newPassword }: Values) => {
    setBusy(true);
    setError(null);
    try {
      onChanged(await signInSteps.changePassword(challenge, newPassword));
    } catch (e) {
      if (e instanceof OpsApiError) {
        setError(e.desc);
        onChallengeEnded(e.code);
      } else setError('设置失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="warning"
        showIcon
        title="请设置您自己的登录密码"
        description="初始密码只能用于首次登录。设置后，下一步绑定手机验证器。"
      />
      <Form<Values> layout="vertical" onFinish={submit} requiredMark={false} aria-label="设置登录密码">
        <Form.Item
          label="新密码"
          name="newPassword"
          extra="8-64 位，须含字母和数字，不能与登录账号或初始密码相同"
          rules={[
            { required: true, message: '请输入新密码' },
            {
              validator: (_rule, value: string | undefined) => {
                const problem = value ? checkPassword(value) : null;
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={64} size="large" />
        </Form.Item>
        <Form.Item
          label="再次输入新密码"
          name="again"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={64} size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          设置密码并继续
        </Button>
      </Form>
    </Space>
  );
}
