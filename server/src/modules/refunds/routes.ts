import { API, REFUND_NO_PATTERN, RSP } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { ApiError } from '../../lib/api-error.ts';
import { requestMeta } from '../../plugins/session.ts';
import { signedInRoutes } from '../../plugins/signed-in-routes.ts';
import {
  RefundApplyBody,
  RefundCancelBody,
  RefundDetailQuerystring,
  RefundDetailSchema,
  RefundListQuerystring,
  RefundPageSchema,
} from '../../schemas/refunds.ts';
import { applyForRefund, cancelRefund } from './apply.ts';
import { ownRefund } from './lookup.ts';
import { refundDetailOf, refundList } from './views.ts';

const TAGS = ['退款'];
const NOT_FOUND_NOTE = '不存在或他人的退款单一律返回 3901。';

function refundNo(text: string): string {
  if (!REFUND_NO_PATTERN.test(text)) throw new ApiError(RSP.REFUND_NOT_FOUND);
  return text;
}

export function refundRoutes(app: App, ctx: AppContext): void {
  const base = ctx.config.apiBase;
  const signedIn = signedInRoutes(app, base);

  signedIn.post(
    API.refundApply,
    {
      tags: TAGS,
      summary: '申请退款：选择一笔已支付的订单，金额不超过可退金额（已付 − 已退 − 处理中），填写原因',
      description:
        '他人或不存在的订单 3902；订单未支付 3903；金额超过可退金额 3904（说明中给出可退金额）；该订单已有处理中的退款 3905；金额格式不正确 3906；原因为空或超过 200 字 3907；凭证文件不存在或非本人 3912。',
      body: RefundApplyBody,
      result: RefundDetailSchema,
    },
    (request, user) => applyForRefund(ctx, user, request.body, requestMeta(request)),
  );

  signedIn.post(
    API.refundCancel,
    {
      tags: TAGS,
      summary: '撤销退款申请（仅审核前）',
      description: `${NOT_FOUND_NOTE}已审核 3908；已结束 3910。`,
      body: RefundCancelBody,
      result: RefundDetailSchema,
    },
    (request, user) => cancelRefund(ctx, user, refundNo(request.body.refundNo), requestMeta(request)),
  );

  signedIn.get(
    API.refundList,
    {
      tags: TAGS,
      summary: '我的退款申请，最新在前，可按状态筛选',
      description: '按 nextCursor 翻页（不透明，仅本人有效）；游标或条数不合法返回 1001。',
      querystring: RefundListQuerystring,
      result: RefundPageSchema,
    },
    (request, user) => refundList(ctx, user, request.query),
  );

  signedIn.get(
    API.refundDetail,
    {
      tags: TAGS,
      summary: '退款详情：金额、原因、对应支付及其可退金额、凭证、处理时间线（谁、何时、为何）',
      description: NOT_FOUND_NOTE,
      querystring: RefundDetailQuerystring,
      result: RefundDetailSchema,
    },
    async (request, user) => {
      const row = await ownRefund(ctx.db, user.id, refundNo(request.query.refundNo));
      return refundDetailOf(ctx.db, row);
    },
  );
}
