import { Form, type FormRule } from 'antd';
import { PasswordInput } from './AccountInputs';
import { confirmPasswordRules, newPasswordRules, PASSWORD_HINT } from './password-rules';

interface Props {
  /** the login id the policy compares with, read when the rule runs */
  loginId: () => string | null | undefined;
  /** further rules on the new password (e.g. not the same as the old one) */
  extraRules?: FormRule[];
  /** fields the new password is re-checked against when they change */
  dependencies?: string[];
}

/** 新密码 + 确认新密码, with the domain password policy; field names newPassword and confirmPassword. */
export function NewPasswordFields({ loginId, extraRules = [], dependencies }: Props) {
  return (
    <>
      <Form.Item
        name="newPassword"
        label="新密码"
        extra={PASSWORD_HINT}
        dependencies={dependencies}
        rules={[...newPasswordRules(loginId), ...extraRules]}
      >
        <PasswordInput placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label="确认新密码"
        dependencies={['newPassword']}
        rules={confirmPasswordRules('newPassword')}
      >
        <PasswordInput placeholder="请再次输入新密码" autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
