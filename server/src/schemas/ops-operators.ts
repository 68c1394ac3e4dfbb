import { Type } from 'typebox';
import { DateTime, NullableString, strict } from './fragments.ts';

const OperatorLoginId = Type.String({ minLength: 1, maxLength: 32, description: '运营人员登录账号' });

export const OperatorCreateBody = Type.Object(
  {
    loginId: OperatorLoginId,
    name: Type.String({ minLength: 1, maxLength: 32, description: '姓名' }),
    email: Type.String({ minLength: 3, maxLength: 128, description: '工作邮箱（邀请与初始密码发往此处）' }),
  },
  strict,
);
export const OperatorRolesBody = Type.Object(
  {
    loginId: OperatorLoginId,
    roles: Type.Array(Type.String({ minLength: 1, maxLength: 32 }), {
      maxItems: 20,
      description: '角色代码',
    }),
  },
  strict,
);
export const OperatorDisabledBody = Type.Object(
  { loginId: OperatorLoginId, disabled: Type.Boolean({ description: 'true 停用；false 启用' }) },
  strict,
);
export const OperatorLoginBody = Type.Object({ loginId: OperatorLoginId }, strict);
export const SessionEndBody = Type.Object(
  { ref: Type.String({ minLength: 1, maxLength: 64, description: '会话列表中的 ref' }) },
  strict,
);

export const OperatorCreatedSchema = Type.Object({
  loginId: Type.String(),
  email: Type.String(),
  expiresAt: Type.String({ format: 'date-time', description: '初始密码的有效期' }),
});
export const OperatorDisabledSchema = Type.Object({ loginId: Type.String(), disabled: Type.Boolean() });
export const OperatorRefSchema = Type.Object({ loginId: Type.String() });
export const SessionListSchema = Type.Array(
  Type.Object({
    ref: Type.String(),
    loginId: Type.String(),
    name: Type.String(),
    ip: NullableString,
    userAgent: NullableString,
    createdAt: DateTime,
    lastSeenAt: DateTime,
    current: Type.Boolean(),
  }),
);
export const SessionEndedSchema = Type.Object({ ended: Type.Boolean() });
