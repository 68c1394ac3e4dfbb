import { MobileOutlined } from '@ant-design/icons';
import { isMobilePhone, RSP } from '@loan/domain';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { sendLoginSms, smsLogin } from '../../api/auth';
import { isApiError, isRspError } from '../../api/errors';
import { useMessage } from '../../app/feedback';
import { APPLICATION_ENTER_PATH, LOGIN_PATH } from '../../app/paths';
import { AppFooterText } from '../../components/AppFooterText';
import { AuthFrame } from '../../components/AuthFrame';
import { CodeButton } from '../../components/CodeButton';
import { CodeField } from '../../components/CodeField';
import { FormError } from '../../components/FormError';
import { useSignIn } from '../../session/useSignIn';

interface SmsValues {
  phone: string;
  code: string;
}

/** /materialLogin: phone and SMS code, then on to the application entry. */
export default function MaterialLoginPage() {
  const [form] = Form.useForm<SmsValues>();
  const message = useMessage();
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(null);

  const sendCode = async () => {
    setError(null);
    const { phone } = await form.validateFields(['phone']);
    try {
      await sendLoginSms(phone, { silent: true });
      message.success('验证码已发送，请注意查收短信');
      return true;
    } catch (e) {
      if (isRspError(e)) form.setFields([{ name: 'phone', errors: [e.desc] }]);
      throw e;
    }
  };

  const login = useMutation({
    mutationFn: async ({ phone, code }: SmsValues) => {
      const result = await smsLogin(phone, code, { silent: true });
      await signIn(result, null, APPLICATION_ENTER_PATH);
    },
    onMutate: () => setError(null),
    onError: (e) => {
      if (isRspError(e) && e.code === RSP.BAD_CODE) form.setFields([{ name: 'code', errors: [e.desc] }]);
      else if (isRspError(e)) setError(e.desc);
      else if (!isApiError(e)) setError('登录失败，请稍后重试');
    },
  });

  return (
    <AuthFrame
      title="资料录入"
      subtitle="使用手机号和短信验证码登录，继续填写融资申请资料"
      footer={<AppFooterText />}
    >
      <FormError error={error} />
      <Form<SmsValues>
        form={form}
        size="large"
        requiredMark={false}
        onFinish={(values) => login.mutate(values)}
      >
        <Form.Item
          name="phone"
          rules={[
            { required: true, message: '请输入手机号' },
            {
              validator: (_rule, value: string | undefined) =>
                !value || isMobilePhone(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error('请输入正确的11位手机号')),
            },
          ]}
        >
          <Input
            prefix={<MobileOutlined />}
            placeholder="请输入手机号"
            aria-label="手机号"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
          />
        </Form.Item>
        <CodeField icon ariaLabel="验证码" button={<CodeButton onSend={sendCode} />} />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            登录
          </Button>
        </Form.Item>
      </Form>
      <div className="auth-row">
        <Link to={LOGIN_PATH}>账号密码登录</Link>
        <Link to="/application">了解融资申请</Link>
      </div>
    </AuthFrame>
  );
}
