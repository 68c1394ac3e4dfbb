import { CODE_PATTERN, LOGIN_ID_PATTERN, PHONE_PATTERN } from '@loan/domain';
import { Type } from 'typebox';

/** Request fields shared by the calls; every string has a maxLength. */
export const LoginIdField = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: LOGIN_ID_PATTERN.source,
  description: '登录账号（3–32 位字母、数字、_ . -，不区分大小写）',
});

export const CipherTextField = Type.String({
  minLength: 1,
  maxLength: 4096,
  description: '字段加密后的密文（AES-128-CBC，零填充，base64）',
});

export const CodeField = Type.String({
  minLength: 1,
  maxLength: 6,
  pattern: CODE_PATTERN.source,
  description: '6 位数字验证码',
});

export const PhoneField = Type.String({
  minLength: 1,
  maxLength: 11,
  pattern: PHONE_PATTERN.source,
  description: '11 位手机号',
});

export const ChannelField = Type.Enum(['sms', 'email'], { description: '验证码发送渠道：短信或邮箱' });

export const TicketField = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: '合作方签发的一次性免密登录票据',
});
