import type { CodeChannel } from '@loan/domain';
import type { OutgoingMessage } from '../../adapters/outbox/outbox.ts';
import type { CodePurpose } from '../../db/schema.ts';
import { CODE_RULES } from './service.ts';

const MINUTES = CODE_RULES.lifeMs / 60_000;

const TEXTS: Record<CodePurpose, { subject: string; action: string }> = {
  findPwd: { subject: '找回密码验证码', action: '找回密码' },
  smsLogin: { subject: '登录验证码', action: '登录' },
  changePhone: { subject: '更换手机号验证码', action: '将此手机号绑定到您的账户' },
  changeEmail: { subject: '更换邮箱验证码', action: '将此邮箱绑定到您的账户' },
};

/** The SMS or e-mail that carries a verification code. */
export function codeMessage(
  purpose: CodePurpose,
  channel: CodeChannel,
  recipient: string,
  code: string,
): OutgoingMessage {
  const { subject, action } = TEXTS[purpose];
  return {
    channel,
    recipient,
    subject: `【跨境融资服务平台】${subject}`,
    body: `您正在${action}，验证码 ${code}，${MINUTES}分钟内有效，请勿告诉他人。如非本人操作，请忽略。`,
    validForMs: CODE_RULES.lifeMs,
  };
}
