import {
  ALL_PERMISSIONS,
  BANK_CODES,
  type OpsEnrolment,
  type OpsLoginRequest,
  type OpsLoginResult,
  type OpsOperator,
  type OpsSignedIn,
  type Permission,
} from '@loan/domain';
import { Type } from 'typebox';
import { LoginIdField, requiredText } from './fields.ts';
import { Cursor, DateTime, NullableString, PageSize, strict } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

const ChallengeField = requiredText(128, '登录第一步返回的 challenge', /^[A-Za-z0-9_-]{16,128}$/);
const TotpCodeField = requiredText(6, '验证器中的 6 位动态验证码', /^\d{6}$/);

export const OpsLoginBody = Type.Object(
  { loginId: LoginIdField, password: Type.String({ minLength: 1, maxLength: 128, description: '密码' }) },
  strict,
);
export const OpsChallengeBody = Type.Object({ challenge: ChallengeField }, strict);
export const OpsPasswordChangeBody = Type.Object(
  {
    challenge: ChallengeField,
    newPassword: Type.String({ minLength: 1, maxLength: 64, description: '新密码' }),
  },
  strict,
);
export const OpsCodeBody = Type.Object({ challenge: ChallengeField, code: TotpCodeField }, strict);
export const OpsRecoveryBody = Type.Object(
  {
    challenge: ChallengeField,
    recoveryCode: requiredText(11, '恢复码（如 1a2b3-4c5d6）', /^[0-9A-Fa-f]{5}-?[0-9A-Fa-f]{5}$/),
  },
  strict,
);

export const OpsLoginResultSchema = Type.Object({
  next: Type.Union([Type.Literal('TOTP'), Type.Literal('ENROL'), Type.Literal('CHANGE_PASSWORD')]),
  challenge: Type.String(),
});
export const OpsEnrolmentSchema = Type.Object({
  secret: Type.String(),
  otpauthUrl: Type.String(),
  qrDataUrl: Type.String(),
});
const PermissionSchema = Type.Unsafe<Permission>(Type.Union(ALL_PERMISSIONS.map((p) => Type.Literal(p))));
const RoleSummary = Type.Object({ code: Type.String(), name: Type.String() });
export const OpsOperatorSchema = Type.Object({
  loginId: Type.String(),
  name: Type.String(),
  roles: Type.Array(RoleSummary),
  permissions: Type.Array(PermissionSchema),
});
export const OpsSignedInSchema = Type.Object({
  opsToken: Type.String(),
  operator: OpsOperatorSchema,
  recoveryCodes: Type.Union([Type.Array(Type.String()), Type.Null()]),
});

export const OperatorListSchema = Type.Array(
  Type.Object({
    loginId: Type.String(),
    name: Type.String(),
    disabled: Type.Boolean(),
    totpEnrolled: Type.Boolean(),
    invitationPending: Type.Boolean({ description: '尚未用邀请中的初始密码设置自己的密码' }),
    email: Type.Union([Type.String(), Type.Null()], { description: '工作邮箱（命令行创建的账号没有）' }),
    createdAt: DateTime,
    roles: Type.Array(RoleSummary),
  }),
);
export const RoleListSchema = Type.Array(
  Type.Object({
    code: Type.String(),
    name: Type.String(),
    permissions: Type.Array(PermissionSchema),
    bankScope: Type.Union([Type.Array(Type.Enum([...BANK_CODES])), Type.Null()], {
      description: '数据范围：可见的合作机构代码；null 为全部合作机构',
    }),
  }),
);

export const AuditSearchQuery = Type.Object(
  {
    action: Type.Optional(
      Type.String({ maxLength: 64, description: '动作（如 ops.login.success），前缀匹配' }),
    ),
    loginId: Type.Optional(Type.String({ maxLength: 32, description: '借款人或运营人员的登录账号' })),
    actor: Type.Optional(
      Type.Union([Type.Literal('borrower'), Type.Literal('operator'), Type.Literal('system')], {
        description: '操作方：借款人、运营人员或系统',
      }),
    ),
    subject: Type.Optional(
      Type.String({ maxLength: 80, description: '对象，如 borrower:demo、operator:ops-admin、refund:RF…' }),
    ),
    from: Type.Optional(Type.String({ maxLength: 32, description: '起始时间（ISO 8601）' })),
    to: Type.Optional(Type.String({ maxLength: 32, description: '截止时间（ISO 8601，不含）' })),
    cursor: Cursor,
    limit: PageSize,
  },
  strict,
);
export const AuditExportQuery = Type.Object(
  {
    action: AuditSearchQuery.properties.action,
    loginId: AuditSearchQuery.properties.loginId,
    actor: AuditSearchQuery.properties.actor,
    subject: AuditSearchQuery.properties.subject,
    from: AuditSearchQuery.properties.from,
    to: AuditSearchQuery.properties.to,
  },
  strict,
);
export const AuditSearchResultSchema = Type.Object({
  entries: Type.Array(
    Type.Object({
      id: Type.Integer(),
      at: DateTime,
      action: Type.String(),
      actor: Type.Union([Type.Literal('borrower'), Type.Literal('operator'), Type.Literal('system')]),
      loginId: NullableString,
      ip: NullableString,
      detail: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    }),
  ),
  nextCursor: NullableString,
});

export type OpsChecks = CheckAll<
  SameEach<
    [
      [typeof OpsLoginBody, OpsLoginRequest],
      [typeof OpsLoginResultSchema, OpsLoginResult],
      [typeof OpsEnrolmentSchema, OpsEnrolment],
      [typeof OpsOperatorSchema, OpsOperator],
      [typeof OpsSignedInSchema, OpsSignedIn],
    ]
  >
>;
