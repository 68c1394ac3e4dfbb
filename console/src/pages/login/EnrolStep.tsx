import type { OpsEnrolment, OpsSignedIn } from '@loan/domain';
import { Alert, Button, Form, Input, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { OpsApiError } from '../../api/http';
import { signInSteps } from '../../api/ops';

/** The first sign-in: bind an authenticator by its QR code (or the secret typed in), then confirm with a code. */
export function EnrolStep({
  challenge,
  onEnrolled,
  onChallengeEnded,
}: {
  challenge: string;
  onEnrolled: (signedIn: OpsSignedIn) => void;
  onChallengeEnded: (code: string) => void;
}) {
  const [enrolment, setEnrolment] = useState<OpsEnrolment | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    signInSteps.enrolStart(challenge).then(
      (answer) => live && setEnrolment(answer),
      (e: unknown) => {
        if (!live) return;
        setLoadError(e instanceof OpsApiError ? e.desc : '无法获取绑定二维码，请重新登录');
        if (e instanceof OpsApiError) onChallengeEnded(e.code);
      },
    );
    return () => {
      live = false;
    };
  }, [challenge, onChallengeEnded]);

  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    setError(null);
    try {
      onEnrolled(await signInSteps.enrolConfirm(challenge, code.trim()));
    } catch (e) {
      if (e instanceof OpsApiError) {
        setError(e.desc);
        onChallengeEnded(e.code);
      } else setError('绑定失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  if (loadError) return <Alert type="error" showIcon title={loadError} />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="warning"
        showIcon
        title="首次登录须绑定验证器"
        description="运营后台的每次登录都需要密码和验证器的动态验证码。请用手机上的验证器扫描下方二维码。"
      />
      {enrolment ? (
        <div className="ops-enrol-qr">
          <img src={enrolment.qrDataUrl} alt="绑定验证器的二维码" width={180} height={180} />
          <Typography.Text type="secondary">无法扫码时，在验证器中手动输入密钥：</Typography.Text>
          <Typography.Text code copyable={{ text: enrolment.secret }} data-testid="totp-secret">
            {enrolment.secret}
          </Typography.Text>
        </div>
      ) : (
        <Skeleton.Image active style={{ width: 180, height: 180 }} />
      )}
      <Form<{ code: string }> layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label="验证器显示的 6 位动态验证码"
          name="code"
          rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位数字动态验证码' }]}
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} disabled={!enrolment}>
          完成绑定
        </Button>
      </Form>
    </Space>
  );
}
