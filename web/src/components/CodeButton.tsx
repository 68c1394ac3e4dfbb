import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useCountdown } from './useCountdown';

export const RESEND_SECONDS = 60;

interface CodeButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** sends the code; resolve when it was sent, reject (or return false) when it was not */
  onSend: () => Promise<unknown>;
  label?: string;
  seconds?: number;
}

/** "获取验证码" with a 60 s countdown before the next send. */
export function CodeButton({
  onSend,
  label = '获取验证码',
  seconds = RESEND_SECONDS,
  ...rest
}: CodeButtonProps) {
  const { left, running, start } = useCountdown(seconds);
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      const sent = await onSend();
      if (sent !== false) {
        setSentOnce(true);
        start();
      }
    } catch {
      // the caller shows the reason
    } finally {
      setSending(false);
    }
  };

  return (
    <Button {...rest} loading={sending} disabled={rest.disabled || running} onClick={send}>
      {running ? `${left} 秒后重新获取` : sentOnce ? '重新获取' : label}
    </Button>
  );
}
