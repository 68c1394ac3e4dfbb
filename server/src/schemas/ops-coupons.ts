import { Type } from 'typebox';
import { strict } from './fragments.ts';

const YuanText = (description: string) =>
  Type.Optional(Type.String({ maxLength: 24, description: `${description}（元，最多两位小数）` }));

export const CouponIssueBody = Type.Object(
  {
    loginIds: Type.Array(Type.String({ minLength: 1, maxLength: 32 }), {
      minItems: 1,
      maxItems: 500,
      description: '借款人登录账号；多于一位时须由有“管理优惠券模板”权限的同事复核',
    }),
    kind: Type.Union([Type.Literal('AMOUNT_OFF'), Type.Literal('PERCENT_OFF'), Type.Literal('FREE_FEE')], {
      description: 'AMOUNT_OFF 满减；PERCENT_OFF 折扣；FREE_FEE 免服务费',
    }),
    title: Type.String({ minLength: 1, maxLength: 40, description: '名称' }),
    amount: YuanText('满减：减免金额'),
    threshold: YuanText('满减：使用门槛'),
    percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 99, description: '折扣：减免百分比' })),
    cap: YuanText('折扣：最高减免'),
    days: Type.Integer({ minimum: 1, maximum: 3650, description: '有效天数' }),
    scope: Type.Optional(Type.Union([Type.Literal('ALL'), Type.Literal('BANKS'), Type.Literal('PRODUCTS')])),
    scopeValues: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { maxItems: 50 })),
  },
  strict,
);
export const CouponIssuedSchema = Type.Object({
  issued: Type.Integer(),
  requestId: Type.Union([Type.Integer(), Type.Null()]),
});
