import {
  API,
  FEES_DUE_SOON_LABEL,
  FEES_OVERDUE_LABEL,
  FEES_PAID_GROSS_LABEL,
  OWED_LABEL,
  owedSentence,
} from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { signedInRoutes } from '../../plugins/signed-in-routes.ts';
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
  const signedIn = signedInRoutes(app, ctx, FEE_TAGS);

  signedIn.get(
    API.feeList,
    {
      summary: `我的服务费：合计（${OWED_LABEL}、${FEES_DUE_SOON_LABEL}、${FEES_OVERDUE_LABEL}、${FEES_PAID_GROSS_LABEL}、已退款）与服务费项目，按应缴日期排列`,
      description: `${owedSentence()}可按状态、贷款、应缴日期筛选；按 nextCursor 翻页（不透明，仅本人有效）；游标、日期或条数不合法返回 1001 并说明原因。`,
      querystring: FeeListQuerystring,
      result: FeeListResultSchema,
    },
    (request, user) => feeList(ctx, user, request.query),
  );

  signedIn.get(
    API.feeDetail,
    {
      summary: '服务费项目详情：金额、优惠、已缴、退款，及其支付与退款记录',
      description: '不存在或他人的服务费项目一律返回 3701。',
      querystring: FeeDetailQuerystring,
      result: FeeDetailSchema,
    },
    (request, user) => feeDetail(ctx, user, request.query.feeId),
  );

  signedIn.get(
    API.coupons,
    {
      tags: COUPON_TAGS,
      summary: '我的优惠券：可用在前，含状态（可用、锁定、已使用、已过期）与即将过期标记',
      querystring: CouponListQuerystring,
      result: CouponListResultSchema,
    },
    (request, user) => listCoupons(ctx, user, request.query.status),
  );

  signedIn.get(
    API.couponOptions,
    {
      tags: COUPON_TAGS,
      summary: '可用于所选服务费项目的优惠券及各自抵扣金额，最优在前',
      description: '项目编号格式不正确返回 1001；含不存在或他人的项目返回 3701。',
      querystring: CouponOptionsQuerystring,
      result: CouponOptionsResultSchema,
    },
    (request, user) => couponOptionsFor(ctx, user, request.query.feeIds),
  );
}
