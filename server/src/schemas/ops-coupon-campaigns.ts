import { Type } from 'typebox';
import { DateTime, NullableDateTime, NullableString, NullableYuan, strict, Yuan } from './fragments.ts';

/** 优惠券活动 in the console: templates, their figures, issuing from them, a borrower's coupons, 作废. */

const RowId = (description: string) => Type.Integer({ minimum: 1, maximum: 2_147_483_647, description });
const TemplateId = RowId('优惠券模板编号');
const YuanText = (description: string) =>
  Type.Optional(
    Type.Union([Type.String({ maxLength: 24 }), Type.Null()], {
      description: `${description}（元，最多两位小数）`,
    }),
  );
const Kind = Type.Union([Type.Literal('AMOUNT_OFF'), Type.Literal('PERCENT_OFF'), Type.Literal('FREE_FEE')], {
  description: 'AMOUNT_OFF 满减；PERCENT_OFF 折扣；FREE_FEE 免服务费',
});
const Scope = Type.Union([Type.Literal('ALL'), Type.Literal('BANKS'), Type.Literal('PRODUCTS')], {
  description: 'ALL 全部产品；BANKS 指定机构；PRODUCTS 指定产品',
});
const Trigger = Type.Union([Type.Literal('CERTIFIED'), Type.Null()], {
  description: 'CERTIFIED：借款人首次认证通过时自动发放（每位借款人每个模板一张）；null：仅手动发放',
});

/** The template's fields as the form sends them; their rules are checked by the service (Chinese, by field). */
const TemplateFields = {
  name: Type.String({ maxLength: 60, description: '模板名称（1–40 字），即发出的优惠券名称' }),
  kind: Kind,
  amount: YuanText('满减：减免金额'),
  threshold: YuanText('满减：使用门槛，不填为无门槛'),
  percent: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: '折扣：减免百分比 1–99' })),
  cap: YuanText('折扣：最高减免，不填为不封顶'),
  days: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], { description: '发放后有效天数 1–3650（与截止日期二选一）' }),
  ),
  lastDay: Type.Optional(
    Type.Union([Type.String({ maxLength: 10 }), Type.Null()], {
      description: '截止日期 YYYY-MM-DD（北京时间，当天有效；与有效天数二选一）',
    }),
  ),
  scope: Type.Optional(Scope),
  scopeValues: Type.Optional(
    Type.Array(Type.String({ maxLength: 32 }), { maxItems: 50, description: '机构代码或产品编号' }),
  ),
  trigger: Type.Optional(Trigger),
};

export const TemplateCreateBody = Type.Object(TemplateFields, strict);
export const TemplateUpdateBody = Type.Object({ templateId: TemplateId, ...TemplateFields }, strict);
export const TemplateActiveBody = Type.Object(
  { templateId: TemplateId, active: Type.Boolean({ description: 'false 停用；true 重新启用' }) },
  strict,
);
export const TemplateIssueBody = Type.Object(
  {
    templateId: TemplateId,
    loginIds: Type.Array(Type.String({ minLength: 1, maxLength: 32 }), {
      minItems: 1,
      maxItems: 500,
      description: '借款人登录账号；多于一位时为批量发放申请，须由有“管理优惠券模板”权限的同事复核',
    }),
  },
  strict,
);
export const CouponRevokeBody = Type.Object(
  {
    couponId: RowId('优惠券编号'),
    reason: Type.String({ maxLength: 200, description: '作废原因（1–200 字，记入审计日志）' }),
  },
  strict,
);
export const BorrowerCouponsQuery = Type.Object(
  { loginId: Type.String({ minLength: 1, maxLength: 32, description: '借款人登录账号' }) },
  strict,
);

const TemplateSchema = Type.Object({
  templateId: Type.Integer(),
  name: Type.String(),
  kind: Kind,
  kindLabel: Type.String(),
  rule: Type.String({ description: '如“满 100.00 元减 20.00 元”' }),
  amount: NullableYuan,
  threshold: NullableYuan,
  percent: Type.Union([Type.Integer(), Type.Null()]),
  cap: NullableYuan,
  days: Type.Union([Type.Integer(), Type.Null()]),
  lastDay: NullableString,
  validityText: Type.String(),
  scope: Scope,
  scopeValues: Type.Array(Type.String()),
  scopeText: Type.String(),
  trigger: Trigger,
  active: Type.Boolean(),
  version: Type.Integer(),
  updatedAt: DateTime,
});

export const TemplateResultSchema = TemplateSchema;

export const TemplateListSchema = Type.Array(
  Type.Object({
    ...TemplateSchema.properties,
    issued: Type.Integer({ description: '已发放张数' }),
    used: Type.Integer({ description: '已使用张数' }),
    revoked: Type.Integer({ description: '已作废张数' }),
    discount: Yuan,
  }),
  { description: '优惠券模板（最新的在前，至多 200 个）及其花费：discount 为已使用的券实际抵扣的服务费合计' },
);

export const TemplateOptionsSchema = Type.Array(
  Type.Object({
    templateId: Type.Integer(),
    name: Type.String(),
    rule: Type.String(),
    validityText: Type.String(),
    scopeText: Type.String(),
  }),
);

export const TemplateIssuedSchema = Type.Object({
  issued: Type.Integer({ description: '立即发放的张数（批量发放为 0，复核通过后发放）' }),
  requestId: Type.Union([Type.Integer(), Type.Null()], { description: '批量发放的复核申请编号' }),
});

export const BorrowerCouponsSchema = Type.Array(
  Type.Object({
    couponId: Type.Integer(),
    title: Type.String(),
    rule: Type.String(),
    status: Type.String(),
    statusLabel: Type.String(),
    validityText: Type.String(),
    source: Type.String(),
    templateName: NullableString,
    issuedBy: NullableString,
    createdAt: DateTime,
    usedAt: NullableDateTime,
    discount: NullableYuan,
    revokedAt: NullableDateTime,
    revokedBy: NullableString,
    revokeReason: NullableString,
  }),
);

export const CouponRevokedSchema = Type.Object({ couponId: Type.Integer(), status: Type.String() });
