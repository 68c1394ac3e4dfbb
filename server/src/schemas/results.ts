import type {
  ClientConfig,
  LoginResult,
  ModifyPwdResult,
  OutboxMessage,
  UserAllCheckResult,
  UserInfo,
} from '@loan/domain';
import { Type } from 'typebox';
import { NullableString } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

export const LoginResultSchema = Type.Object({
  accessToken: Type.String({ description: '放入请求头 accessToken' }),
  mustChangePassword: Type.Boolean({ description: '需先修改初始密码' }),
});

export const ModifyPwdResultSchema = Type.Object({
  accessToken: Type.String({ description: '修改密码后所有会话失效，这是调用方的新会话' }),
});

export const UserInfoSchema = Type.Object({
  assetsCodes: Type.Array(Type.String()),
  loginId: Type.String(),
  userNameCn: Type.String(),
  email: Type.String(),
  uptPwdTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  paidMethod: NullableString,
  openBank: NullableString,
  subAccNo: NullableString,
  onlyPages: Type.Union([Type.Array(Type.String()), Type.Null()]),
  phone: NullableString,
  couponsCount: Type.Optional(Type.Integer({ minimum: 0, description: '可用优惠券张数（未过期）' })),
});

const PrerequisiteSchema = Type.Object({
  key: Type.Enum(['changePassword', 'acceptAgreements', 'certify', 'authoriseStore']),
  title: Type.String(),
  done: Type.Boolean(),
  path: Type.String(),
  available: Type.Boolean(),
});

export const UserAllCheckResultSchema = Type.Object({
  steps: Type.Array(PrerequisiteSchema),
  ready: Type.Boolean(),
});

export const ClientConfigSchema = Type.Object({
  sandbox: Type.Boolean(),
  environment: Type.Enum(['development', 'test', 'production']),
  support: Type.Object(
    {
      phone: Type.String({ description: '客服电话' }),
      email: Type.String({ description: '客服邮箱' }),
      hours: Type.String({ description: '客服服务时间' }),
    },
    { description: '客服联系方式（SUPPORT_PHONE、SUPPORT_EMAIL、SUPPORT_HOURS）' },
  ),
});

export const OutboxMessageSchema = Type.Object({
  id: Type.Integer(),
  channel: Type.Enum(['sms', 'email']),
  recipient: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

// The schemas are the domain contract, exactly (a type error here means they drifted apart).
export type ContractChecks = CheckAll<
  SameEach<
    [
      [typeof LoginResultSchema, LoginResult],
      [typeof ModifyPwdResultSchema, ModifyPwdResult],
      [typeof UserInfoSchema, UserInfo],
      [typeof UserAllCheckResultSchema, UserAllCheckResult],
      [typeof ClientConfigSchema, ClientConfig],
      [typeof OutboxMessageSchema, OutboxMessage],
    ]
  >
>;
