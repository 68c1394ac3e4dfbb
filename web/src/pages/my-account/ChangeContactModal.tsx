import { type ContactChannel, isEmail, PHONE_PATTERN, RSP } from '@loan/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { changeContact, sendContactCode } from '../../api/account';
import { preloadCipher } from '../../api/cipher';
import { isApiError, isRspError } from '../../api/errors';
import { useMessage } from '../../app/feedback';
import { RESEND_SECONDS } from '../../components/CodeButton';
import { CodeField } from '../../components/CodeField';
import { useCountdown } from '../../components/useCountdown';

interface ContactValues {
  target: string;
  code: string;
  password: string;
}

const CONTACT_TEXT: Record<ContactChannel, string> = { sms: '手机号', email: '邮箱' };

/** Codes that are about the new phone or e-mail: shown under that field. */
const TARGET_CODES: ReadonlySet<string> = new Set([
  RSP.CONTACT_UNCHANGED,
  RSP.CONTACT_TAKEN,
  RSP.INVALID_PHONE,
  RSP.INVALID_EMAIL,
]);
const CODE_CODES: ReadonlySet<string> = new Set([RSP.BAD_CODE, RSP.CODE_DAILY_TRY_LIMIT]);
/** The current password's refusal: under the password field. */
const PASSWORD_CODES: ReadonlySet<string> = new Set([RSP.WRONG_OLD_PASSWORD]);

/**
 * 修改手机号 / 修改邮箱: the new value, a code sent to it (60 s before the next), the code and the current login
 * password (sent encrypted). Errors under the field they are about; anything else in the dialog's Alert.
 */
export function ChangeContactModal({
  channel,
  current,
  onClose,
  onChanged,
}: {
  channel: ContactChannel;
  /** the masked current value, null when none */
  current: string | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [form] = Form.useForm<ContactValues>();
  const message = useMessage();
  const countdown = useCountdown(RESEND_SECONDS);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const what = CONTACT_TEXT[channel];

  const showError = (e: unknown) => {
    if (isRspError(e) && TARGET_CODES.has(e.code)) form.setFields([{ name: 'target', errors: [e.desc] }]);
    else if (isRspError(e) && CODE_CODES.has(e.code)) form.setFields([{ name: 'code', errors: [e.desc] }]);
    else if (isRspError(e) && PASSWORD_CODES.has(e.code))
      form.setFields([{ name: 'password', errors: [e.desc] }]);
    else if (isApiError(e)) setError(e.desc);
    else setError('操作失败，请稍后重试');
  };

  const send = useMutation({
    mutationFn: (target: string) => sendContactCode({ channel, target }, { silent: true }),
    onMutate: () => setError(null),
    onSuccess: (_r, target) => {
      setSentTo(target);
      countdown.start();
      message.success(`验证码已发送至新${what}`);
    },
    onError: showError,
  });

  const change = useMutation({
    mutationFn: (values: ContactValues) =>
      changeContact(
        { channel, target: values.target.trim(), code: values.code, password: values.password },
        { silent: true },
      ),
    onMutate: () => setError(null),
    onSuccess: () => {
      message.success(`${what}已修改`);
      onChanged();
      onClose();
    },
    onError: showError,
  });

  const sendCode = async () => {
    try {
      const { target } = await form.validateFields(['target']);
      send.mutate(target.trim());
    } catch {
      // the field says what is wrong
    }
  };

  const targetRule =
    channel === 'sms'
      ? { pattern: PHONE_PATTERN, message: '请输入11位手机号' }
      : {
          validator: (_r: unknown, value: string | undefined) =>
            !value || isEmail(value.trim()) ? Promise.resolve() : Promise.reject(new Error('邮箱格式不正确')),
        };

  return (
    <Modal
      open
      title={`修改${what}`}
      okText="确认修改"
      cancelText="取消"
      okButtonProps={{ loading: change.isPending }}
      onOk={() => form.submit()}
      onCancel={() => !change.isPending && onClose()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        当前{what}：{current ?? '未绑定'}。验证码将发送到新的{what}，10分钟内有效；修改后原{what}会收到通知。
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form<ContactValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => change.mutate(values)}
      >
        <Form.Item
          name="target"
          label={`新${what}`}
          rules={[{ required: true, whitespace: true, message: `请输入新${what}` }, targetRule]}
        >
          <Input
            placeholder={`请输入新${what}`}
            inputMode={channel === 'sms' ? 'numeric' : 'email'}
            autoComplete={channel === 'sms' ? 'tel' : 'email'}
            maxLength={channel === 'sms' ? 11 : 254}
          />
        </Form.Item>
        <CodeField
          label="验证码"
          extra={sentTo ? `验证码已发送至 ${sentTo}` : undefined}
          button={
            <Button onClick={() => void sendCode()} disabled={countdown.running} loading={send.isPending}>
              {countdown.running ? `${countdown.left} 秒后重新获取` : sentTo ? '重新获取' : '获取验证码'}
            </Button>
          }
        />
        <Form.Item
          name="password"
          label="当前登录密码"
          extra="为保护您的账户，修改前请验证当前登录密码"
          rules={[{ required: true, message: '请输入当前登录密码' }]}
        >
          <Input.Password
            placeholder="请输入当前登录密码"
            autoComplete="current-password"
            onFocus={preloadCipher}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
