import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { InputProps } from 'antd';
import type { PasswordProps } from 'antd/es/input';
// the two inputs themselves, not antd's Input index with its TextArea, Search and OTP: the login page stays light
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';

/** The login id of a sign-in or a recovery: the user icon, at most 64 characters. */
export function LoginIdInput(props: InputProps) {
  return (
    <Input
      prefix={<UserOutlined />}
      placeholder="请输入登录账号"
      autoComplete="username"
      maxLength={64}
      {...props}
    />
  );
}

/** A password: the lock icon, at most 64 characters; `autoComplete` says which password it is. */
export function PasswordInput(props: PasswordProps & { autoComplete: 'current-password' | 'new-password' }) {
  return <Password prefix={<LockOutlined />} maxLength={64} {...props} />;
}
