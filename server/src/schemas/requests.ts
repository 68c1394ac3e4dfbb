import type {
  DirectLoginRequest,
  FindPwdRequest,
  LoginRequest,
  ModifyPwdRequest,
  SendFindPwdCodeRequest,
  SendLoginSmsRequest,
  SmsLoginRequest,
} from '@loan/domain';
import { type Static, Type } from 'typebox';
import { ChannelField, CipherTextField, CodeField, LoginIdField, PhoneField, TicketField } from './fields.ts';
import { strict } from './fragments.ts';
import type { Check, Same } from './same.ts';

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

export type RequestChecks = [
  Check<Same<Static<typeof LoginBody>, LoginRequest>>,
  Check<Same<Static<typeof ModifyPwdBody>, ModifyPwdRequest>>,
  Check<Same<Static<typeof SendFindPwdCodeBody>, SendFindPwdCodeRequest>>,
  Check<Same<Static<typeof FindPwdBody>, FindPwdRequest>>,
  Check<Same<Static<typeof DirectLoginBody>, DirectLoginRequest>>,
  Check<Same<Static<typeof SendLoginSmsBody>, SendLoginSmsRequest>>,
  Check<Same<Static<typeof SmsLoginBody>, SmsLoginRequest>>,
];
