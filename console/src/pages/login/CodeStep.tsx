import type { OpsSignedIn } from '@loan/domain';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { OpsApiError } from '../../api/http';
import { signInSteps } from '../../api/ops';

/** The second step: the authenticator's six digits, or one of the recovery codes. */
export function CodeStep({
  challenge,
  mode,
  onSwitch,
  onSignedIn,
  onChallengeEnded,
}: {
  challenge: string;
  mode: 'totp' | 'recovery';
  onSwitch: () => void;
  onSignedIn: (signedIn: OpsSignedIn) => void;
  onChallengeEnded: (code: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const totp = mode === 'totp';
  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    setError(null);
    try {
      onSignedIn(
        totp
          ? await signInSteps.totp(challenge, code.trim())
          : await signInSteps.recovery(challenge, code.trim()),
      );
    } catch (e) {
      if (e instanceof OpsApiError) {
        setError(e.desc);
        onChallengeEnded(e.code);
      } else setError('验证失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form<{ code: string }> key={mode} layout="vertical" onFinish={submit} requiredMark={false}>
      <Typography.Paragraph>
        {totp
          ? '请打开验证器（如 Google Authenticator、Microsoft Authenticator），输入“贷款门户运营后台”的 6 位动态验证码。'
          : '手机不在身边时，可用绑定验证器时保存的恢复码登录，每个恢复码只能使用一次。'}
      </Typography.Paragraph>
      <Form.Item
        label={totp ? '动态验证码' : '恢复码'}
        name="code"
        rules={[
          totp
            ? { required: true, pattern: /^\d{6}$/, message: '请输入 6 位数字动态验证码' }
            : {
                required: true,
                pattern: /^[0-9A-Fa-f]{5}-?[0-9A-Fa-f]{5}$/,
                message: '请输入恢复码，如 1a2b3-4c5d6',
              },
        ]}
        validateStatus={error ? 'error' : undefined}
        help={error ?? undefined}
      >
        <Input
          autoComplete="one-time-code"
          inputMode={totp ? 'numeric' : 'text'}
          maxLength={totp ? 6 : 11}
          size="large"
          autoFocus
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        登录
      </Button>
      <Button type="link" block onClick={onSwitch} style={{ marginTop: 8 }}>
        {totp ? '手机不在身边？使用恢复码' : '使用验证器动态验证码'}
      </Button>
    </Form>
  );
}
