import { CODE_PATTERN, LOGIN_ID_PATTERN, PHONE_PATTERN } from '@loan/domain';
import { Type } from 'typebox';

/** A required string of at most maxLength characters, of the pattern when one is given. */
export const requiredText = (maxLength: number, description: string, pattern?: RegExp) =>
  Type.String({ minLength: 1, maxLength, ...(pattern ? { pattern: pattern.source } : {}), description });

/** Request fields shared by the calls; every string has a maxLength. */
export const LoginIdField = requiredText(
  32,
  '登录账号（3–32 位字母、数字、_ . -，不区分大小写）',
  LOGIN_ID_PATTERN,
);

export const CipherTextField = requiredText(4096, '字段加密后的密文（AES-128-CBC，零填充，base64）');

export const CodeField = requiredText(6, '6 位数字验证码', CODE_PATTERN);

export const PhoneField = requiredText(11, '11 位手机号', PHONE_PATTERN);

export const ChannelField = Type.Enum(['sms', 'email'], { description: '验证码发送渠道：短信或邮箱' });

export const TicketField = requiredText(2048, '合作方签发的一次性免密登录票据');
