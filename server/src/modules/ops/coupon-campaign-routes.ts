import { OPS_API } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { opsRoutes } from '../../plugins/ops-routes.ts';
import { requestMeta } from '../../plugins/session.ts';
import {
  BorrowerCouponsQuery,
  BorrowerCouponsSchema,
  CouponRevokeBody,
  CouponRevokedSchema,
  TemplateActiveBody,
  TemplateCreateBody,
  TemplateIssueBody,
  TemplateIssuedSchema,
  TemplateListSchema,
  TemplateOptionsSchema,
  TemplateResultSchema,
  TemplateUpdateBody,
} from '../../schemas/ops-coupon-campaigns.ts';
import { borrowerCoupons, revokeFromConsole } from './coupon-revoke.ts';
import { issueTemplateFromConsole } from './coupon-template-issue.ts';
import {
  createTemplateFromConsole,
  listTemplates,
  setTemplateActiveFromConsole,
  templateOptions,
  updateTemplateFromConsole,
} from './coupon-templates.ts';

const TAGS = ['运营后台：优惠券活动'];
const RULES =
  '满减须填减免金额（不超过使用门槛）；折扣须填 1–99 的减免百分比，可设封顶；有效期为发放后天数或截止日期二选一；指定机构或产品须列出编号。不符合时 1001，说明每一处问题。';

/** 优惠券活动: templates and what each cost, issuing from a template (one at once, a list checked), 作废. */
export function opsCouponCampaignRoutes(app: App, ctx: AppContext): void {
  const ops = opsRoutes(app, ctx, TAGS);
  ops.get(
    OPS_API.couponTemplates,
    {
      summary: '优惠券模板及其花费（已发放、已使用、已作废张数，已抵扣金额）',
      permission: 'coupon.manage',
      result: TemplateListSchema,
    },
    () => listTemplates(ctx),
  );
  ops.get(
    OPS_API.couponTemplateOptions,
    {
      summary: '可用于发放的优惠券模板（已启用、未过截止日期）',
      permission: 'coupon.issue',
      result: TemplateOptionsSchema,
    },
    () => templateOptions(ctx),
  );
  ops.post(
    OPS_API.couponTemplateCreate,
    {
      summary: '新建优惠券模板',
      description: RULES,
      permission: 'coupon.manage',
      body: TemplateCreateBody,
      result: TemplateResultSchema,
    },
    (request, operator) => createTemplateFromConsole(ctx, operator, request.body, requestMeta(request)),
  );
  ops.post(
    OPS_API.couponTemplateUpdate,
    {
      summary: '修改优惠券模板（只影响之后发放的券）',
      description: `${RULES}模板不存在 3703；同时被他人修改 3708。`,
      permission: 'coupon.manage',
      body: TemplateUpdateBody,
      result: TemplateResultSchema,
    },
    (request, operator) => updateTemplateFromConsole(ctx, operator, request.body, requestMeta(request)),
  );
  ops.post(
    OPS_API.couponTemplateSetActive,
    {
      summary: '停用或重新启用优惠券模板（停用后不再发放，含自动发放；已发的券不受影响）',
      permission: 'coupon.manage',
      body: TemplateActiveBody,
      result: TemplateResultSchema,
    },
    (request, operator) => setTemplateActiveFromConsole(ctx, operator, request.body, requestMeta(request)),
  );
  ops.post(
    OPS_API.couponIssueTemplate,
    {
      summary: '按模板发放优惠券（一位借款人立即发放；多位为批量发放申请，须复核）',
      description: '模板已停用或已过截止日期 3704；同一模板、同一名单已有待复核的申请 2310。',
      permission: 'coupon.issue',
      body: TemplateIssueBody,
      result: TemplateIssuedSchema,
    },
    (request, operator) => issueTemplateFromConsole(ctx, operator, request.body, requestMeta(request)),
  );
  ops.get(
    OPS_API.borrowerCoupons,
    {
      summary: '借款人的优惠券（最新的在前，至多 200 张）',
      permission: 'borrower.read',
      querystring: BorrowerCouponsQuery,
      result: BorrowerCouponsSchema,
    },
    (request, operator) => borrowerCoupons(ctx, operator, request.query.loginId),
  );
  ops.post(
    OPS_API.couponRevoke,
    {
      summary: '作废未使用的优惠券（须填写原因，记入审计日志）',
      description: '已使用 3705；被待支付订单占用 3706；已作废 3707；不存在 3702。',
      permission: 'coupon.manage',
      body: CouponRevokeBody,
      result: CouponRevokedSchema,
    },
    (request, operator) => revokeFromConsole(ctx, operator, request.body, requestMeta(request)),
  );
}
