import { RSP } from '@loan/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError, isRspError } from '../../api/errors';
import { getUserInfo } from '../../api/user-info';
import { modifyPwd } from '../../api/users';
import { useMessage } from '../../app/feedback';
import { LOAN_INFO_PATH, LOGIN_PATH } from '../../app/paths';
import { UI_TEXTS } from '../../app/ui-defaults';
import { PasswordInput } from '../../components/AccountInputs';
import { FormError } from '../../components/FormError';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { clearSession, saveLogin, saveUserInfo } from '../../session/session';
import { useSession } from '../../session/useSession';

/** Where the borrower goes once the password is changed. */
const AFTER_PASSWORD_CHANGE_PATH = LOAN_INFO_PATH;

interface ChangeValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** /account/reset: old password, new password twice. */
export default function ChangePasswordPage() {
  const [form] = Form.useForm<ChangeValues>();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const message = useMessage();
  const [error, setError] = useState<string | null>(null);
  const neverChanged = Boolean(session.accessToken) && !session.pwdTime;

  const change = useMutation({
    mutationFn: async ({ oldPassword, newPassword }: ChangeValues) => {
      const { accessToken } = await modifyPwd(oldPassword, newPassword, { silent: true });
      // every session was revoked by the change; this is the new one
      saveLogin(accessToken);
      saveUserInfo(await getUserInfo());
    },
    onMutate: () => setError(null),
    onSuccess: () => {
      queryClient.clear();
      message.success('密码修改成功');
      navigate(AFTER_PASSWORD_CHANGE_PATH, { replace: true });
    },
    onError: (e) => {
      if (isRspError(e) && e.code === RSP.PASSWORD_CHANGE_LOCKED) {
        // too many wrong old passwords: the server ended every session and locked sign-in for 15 minutes
        clearSession();
        queryClient.clear();
        message.error(e.desc, 8);
        navigate(LOGIN_PATH, { replace: true });
      } else if (isRspError(e) && e.code === RSP.WRONG_OLD_PASSWORD)
        form.setFields([{ name: 'oldPassword', errors: [e.desc] }]);
      else if (isRspError(e) && (e.code === RSP.WEAK_PASSWORD || e.code === RSP.SAME_PASSWORD))
        form.setFields([{ name: 'newPassword', errors: [e.desc] }]);
      else if (isRspError(e)) setError(e.desc);
      else if (!isApiError(e)) setError('修改失败，请稍后重试');
    },
  });

  return (
    <Card variant="borderless">
      <div className="form-column">
        {neverChanged && (
          <Alert
            className="form-alert"
            type="info"
            showIcon
            title={UI_TEXTS.mustChangePassword}
            description="您的账号仍在使用初始密码。为了账户安全，修改密码后才能使用平台的其他功能。"
          />
        )}
        <FormError error={error} />
        <Form<ChangeValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => change.mutate(values)}
        >
          <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
            <PasswordInput placeholder="请输入原密码" autoComplete="current-password" />
          </Form.Item>
          <NewPasswordFields
            loginId={() => session.loginId}
            dependencies={['oldPassword']}
            extraRules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  value && value === getFieldValue('oldPassword')
                    ? Promise.reject(new Error('新密码不能与原密码相同'))
                    : Promise.resolve(),
              }),
            ]}
          />
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={change.isPending}>
              确认修改
            </Button>
          </Form.Item>
        </Form>
      </div>
    </Card>
  );
}
