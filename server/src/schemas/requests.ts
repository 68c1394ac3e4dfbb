import type {
  DirectLoginRequest,
  FindPwdRequest,
  LoginRequest,
  ModifyPwdRequest,
  SendFindPwdCodeRequest,
  SendLoginSmsRequest,
  SmsLoginRequest,
} from '@loan/domain';
import { Type } from 'typebox';
import { ChannelField, CipherTextField, CodeField, LoginIdField, PhoneField, TicketField } from './fields.ts';
import { strict } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

export const LoginBody = Type.Object({ loginId: LoginIdField, password: CipherTextField }, strict);

export const ModifyPwdBody = Type.Object(
  { oldPassword: CipherTextField, newPassword: CipherTextField },
  strict,
);

export const SendFindPwdCodeBody = Type.Object({ loginId: LoginIdField, channel: ChannelField }, strict);

export const FindPwdBody = Type.Object(
  { loginId: LoginIdField, code: CodeField, newPassword: CipherTextField },
  strict,
);

export const DirectLoginBody = Type.Object({ ticket: TicketField }, strict);

export const SendLoginSmsBody = Type.Object({ phone: PhoneField }, strict);

export const SmsLoginBody = Type.Object({ phone: PhoneField, code: CodeField }, strict);

export const OutboxQuerystring = Type.Object(
  {
    recipient: Type.Optional(Type.String({ maxLength: 254, description: '收件人（手机号或邮箱）' })),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, default: 20, description: '条数，默认 20' }),
    ),
  },
  strict,
);

export type RequestChecks = CheckAll<
  SameEach<
    [
      [typeof LoginBody, LoginRequest],
      [typeof ModifyPwdBody, ModifyPwdRequest],
      [typeof SendFindPwdCodeBody, SendFindPwdCodeRequest],
      [typeof FindPwdBody, FindPwdRequest],
      [typeof DirectLoginBody, DirectLoginRequest],
      [typeof SendLoginSmsBody, SendLoginSmsRequest],
      [typeof SmsLoginBody, SmsLoginRequest],
    ]
  >
>;
