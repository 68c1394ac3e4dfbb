import { type CodeChannel, RSP } from '@loan/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Radio, Result, Steps, Typography } from 'antd';
import { useState } from 'react';
import { findPwd, sendFindPwdCode } from '../../api/auth';
import { isApiError, isRspError } from '../../api/errors';
import { useMessage } from '../../app/feedback';
import { LOGIN_PATH } from '../../app/paths';
import { LoginIdInput } from '../../components/AccountInputs';
import { RESEND_SECONDS } from '../../components/CodeButton';
import { CodeField } from '../../components/CodeField';
import { FormError } from '../../components/FormError';
import { NavButton } from '../../components/NavButton';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useCountdown } from '../../components/useCountdown';

interface AccountValues {
  loginId: string;
  channel: CodeChannel;
}

interface ResetValues {
  code: string;
  newPassword: string;
  confirmPassword: string;
}

const CHANNEL_TEXT: Record<CodeChannel, string> = { sms: '手机', email: '邮箱' };

/** /user/forgot: account and channel → code and new password → done. */
export default function ForgotPasswordPage() {
  const message = useMessage();
  const [step, setStep] = useState(0);
  const [account, setAccount] = useState<AccountValues | null>(null);
  const [error, setError] = useState<string | null>(null);
  const countdown = useCountdown(RESEND_SECONDS);
  const [accountForm] = Form.useForm<AccountValues>();
  const [resetForm] = Form.useForm<ResetValues>();

  // rspDesc in the form's Alert; transport failures were already toasted by the HTTP layer
  const showError = (e: unknown) => {
    if (isRspError(e)) setError(e.desc);
    else if (!isApiError(e)) setError('操作失败，请稍后重试');
  };

  const send = useMutation({
    mutationFn: (values: AccountValues) =>
      sendFindPwdCode(values.loginId.trim(), values.channel, { silent: true }),
    onMutate: () => setError(null),
    onSuccess: (_result, values) => {
      setAccount({ ...values, loginId: values.loginId.trim() });
      setStep(1);
      countdown.start();
      message.success(`验证码已发送，请查收${CHANNEL_TEXT[values.channel]}`);
    },
    onError: (e) => showError(e),
  });

  const reset = useMutation({
    mutationFn: (values: ResetValues) => {
      if (!account) throw new Error('no account');
      return findPwd(account.loginId, values.code, values.newPassword, { silent: true });
    },
    onMutate: () => setError(null),
    onSuccess: () => setStep(2),
    onError: (e) => {
      if (isRspError(e) && e.code === RSP.BAD_CODE) resetForm.setFields([{ name: 'code', errors: [e.desc] }]);
      else if (isRspError(e) && (e.code === RSP.WEAK_PASSWORD || e.code === RSP.SAME_PASSWORD))
        resetForm.setFields([{ name: 'newPassword', errors: [e.desc] }]);
      else showError(e);
    },
  });

  const resend = () => {
    if (account) send.mutate(account);
  };

  return (
    <Card variant="borderless" className="narrow-card">
      <Typography.Title level={3} className="card-heading">
        找回密码
      </Typography.Title>
      <Steps
        current={step}
        size="small"
        className="forgot-steps"
        items={[{ title: '验证账号' }, { title: '设置新密码' }, { title: '完成' }]}
      />
      <FormError error={error} />

      {step === 0 && (
        <Form<AccountValues>
          form={accountForm}
          layout="vertical"
          requiredMark={false}
          initialValues={{ channel: 'sms' }}
          onFinish={(values) => send.mutate(values)}
        >
          <Form.Item
            name="loginId"
            label="登录账号"
            rules={[{ required: true, whitespace: true, message: '请输入登录账号' }]}
          >
            <LoginIdInput />
          </Form.Item>
          <Form.Item
            name="channel"
            label="验证方式"
            extra="验证码将发送到该账号绑定的手机或邮箱，10分钟内有效"
          >
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { label: '短信', value: 'sms' },
                { label: '邮箱', value: 'email' },
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={send.isPending}>
              获取验证码
            </Button>
          </Form.Item>
        </Form>
      )}

      {step === 1 && account && (
        <Form<ResetValues>
          form={resetForm}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => reset.mutate(values)}
        >
          <Alert
            className="form-alert"
            type="info"
            showIcon
            title={`如账号 ${account.loginId} 存在，验证码已发送至其绑定的${CHANNEL_TEXT[account.channel]}`}
          />
          <CodeField
            label="验证码"
            icon
            button={
              <Button onClick={resend} disabled={countdown.running} loading={send.isPending}>
                {countdown.running ? `${countdown.left} 秒后重新获取` : '重新获取'}
              </Button>
            }
          />
          <NewPasswordFields loginId={() => account.loginId} />
          <Flex gap={12}>
            <Button
              onClick={() => {
                setError(null);
                setStep(0);
              }}
            >
              上一步
            </Button>
            <Button type="primary" htmlType="submit" loading={reset.isPending} style={{ flex: 1 }}>
              重置密码
            </Button>
          </Flex>
        </Form>
      )}

      {step === 2 && (
        <Result
          status="success"
          title="密码已重置"
          subTitle="请使用新密码重新登录。"
          extra={<NavButton to={LOGIN_PATH}>去登录</NavButton>}
        />
      )}
    </Card>
  );
}
