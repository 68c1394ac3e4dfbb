import { SafetyOutlined } from '@ant-design/icons';
import { CODE_PATTERN } from '@loan/domain';
import { Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * The 6-digit verification code (form field `code`) with the button that sends it beside it, for every form
 * that signs in, recovers or confirms with a code sent by SMS or e-mail.
 */
export function CodeField({
  label,
  extra,
  icon = false,
  ariaLabel,
  button,
}: {
  label?: string;
  extra?: ReactNode;
  /** the shield in front of the input */
  icon?: boolean;
  /** names the input when there is no label */
  ariaLabel?: string;
  /** sends the code (again) */
  button: ReactNode;
}) {
  return (
    <Form.Item label={label} required extra={extra}>
      <Space.Compact block>
        <Form.Item
          name="code"
          noStyle
          rules={[
            { required: true, message: '请输入验证码' },
            { pattern: CODE_PATTERN, message: '验证码为6位数字' },
          ]}
        >
          <Input
            prefix={icon ? <SafetyOutlined /> : undefined}
            placeholder="请输入验证码"
            aria-label={ariaLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
        </Form.Item>
        {button}
      </Space.Compact>
    </Form.Item>
  );
}
