import { API, ok } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import { type App, NEEDS_TOKEN } from '../../http.ts';
import { currentSession } from '../../plugins/session.ts';
import { envelope } from '../../schemas/envelope.ts';
import {
  CouponListQuerystring,
  CouponListResultSchema,
  CouponOptionsQuerystring,
  CouponOptionsResultSchema,
  FeeDetailQuerystring,
  FeeDetailSchema,
  FeeListQuerystring,
  FeeListResultSchema,
} from '../../schemas/fees.ts';
import { couponOptionsFor, listCoupons } from '../coupons/service.ts';
import { feeDetail } from './detail.ts';
import { feeList } from './list.ts';

const FEE_TAGS = ['服务费'];
const COUPON_TAGS = ['优惠券'];

export function feeRoutes(app: App, ctx: AppContext): void {
  const base = ctx.config.apiBase;
  const user = { auth: 'user' } as const;

  app.get(
    `${base}${API.feeList}`,
    {
      config: user,
      schema: {
        tags: FEE_TAGS,
        summary: '我的服务费：合计（待缴、逾期、本年已缴、已退款）与服务费项目，按应缴日期排列',
        description:
          '可按状态、贷款、应缴日期筛选；按 nextCursor 翻页（不透明，仅本人有效）；游标、日期或条数不合法返回 1001 并说明原因。',
        security: NEEDS_TOKEN,
        querystring: FeeListQuerystring,
        response: { 200: envelope(FeeListResultSchema) },
      },
    },
    async (request) => ok(await feeList(ctx, currentSession(request).user, request.query)),
  );

  app.get(
    `${base}${API.feeDetail}`,
    {
      config: user,
      schema: {
        tags: FEE_TAGS,
        summary: '服务费项目详情：金额、优惠、已缴、退款，及其支付与退款记录',
        description: '不存在或他人的服务费项目一律返回 3701。',
        security: NEEDS_TOKEN,
        querystring: FeeDetailQuerystring,
        response: { 200: envelope(FeeDetailSchema) },
      },
    },
    async (request) => ok(await feeDetail(ctx, currentSession(request).user, request.query.feeId)),
  );

  app.get(
    `${base}${API.coupons}`,
    {
      config: user,
      schema: {
        tags: COUPON_TAGS,
        summary: '我的优惠券：可用在前，含状态（可用、锁定、已使用、已过期）与即将过期标记',
        security: NEEDS_TOKEN,
        querystring: CouponListQuerystring,
        response: { 200: envelope(CouponListResultSchema) },
      },
    },
    async (request) => ok(await listCoupons(ctx, currentSession(request).user, request.query.status)),
  );

  app.get(
    `${base}${API.couponOptions}`,
    {
      config: user,
      schema: {
        tags: COUPON_TAGS,
        summary: '可用于所选服务费项目的优惠券及各自抵扣金额，最优在前',
        description: '项目编号格式不正确返回 1001；含不存在或他人的项目返回 3701。',
        security: NEEDS_TOKEN,
        querystring: CouponOptionsQuerystring,
        response: { 200: envelope(CouponOptionsResultSchema) },
      },
    },
    async (request) => ok(await couponOptionsFor(ctx, currentSession(request).user, request.query.feeIds)),
  );
}
