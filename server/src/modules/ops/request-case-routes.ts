import { OPS_API } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { opsRoutes } from '../../plugins/ops-routes.ts';
import { requestMeta } from '../../plugins/session.ts';
import { RequestMadeSchema } from '../../schemas/ops-requests.ts';
import {
  FailedRefundsSchema,
  FailureDecideBody,
  WaivableQuery,
  WaivableSchema,
  WaiverBody,
} from '../../schemas/ops-waivers.ts';
import { askWaiver, waivableForBorrower } from './fee-waivers.ts';
import { decideFailedRefund, failedRefunds } from './refund-failures.ts';

/** 退款失败 (resend or close) and 申请减免 (a fee or a penalty): each a request a second operator confirms. */
export function registerRequestCaseRoutes(ops: ReturnType<typeof opsRoutes>, ctx: AppContext): void {
  ops.get(
    OPS_API.refundFailures,
    {
      summary: '退款失败：支付渠道未退成功的退款（最早失败的在前），附失败原因与已提交的处理',
      permission: 'refund.review',
      result: FailedRefundsSchema,
    },
    (_request, operator) => failedRefunds(ctx, operator),
  );
  ops.post(
    OPS_API.refundFailureDecide,
    {
      summary: '对退款失败提交处理：重新发起或关闭，待另一位有复核权限的同事确认后生效',
      description:
        '退款不在「退款失败」状态时 3909；同一退款已有待复核的申请时 2310；关闭须填写原因。确认重新发起后，退款进入「退款中」，由退款任务以退款单号为幂等键向支付渠道发起一次。',
      permission: 'refund.review',
      body: FailureDecideBody,
      result: RequestMadeSchema,
    },
    (request, operator) => decideFailedRefund(ctx, operator, request.body, requestMeta(request)),
  );
  ops.get(
    OPS_API.borrowerWaivable,
    {
      summary: '借款人可减免的款项：尚欠的服务费项目、逾期期次截至今日的罚息',
      permission: 'fee.waive',
      querystring: WaivableQuery,
      result: WaivableSchema,
    },
    (request, operator) => waivableForBorrower(ctx, operator, request.query.loginId),
  );
  ops.post(
    OPS_API.waiverRequest,
    {
      summary: '申请减免服务费或罚息（全部或部分），待另一位有“复核退款决定”权限的同事确认后生效',
      description:
        '金额不超过当前尚欠（3732）；金额格式 3731；同一款项已有待复核的减免时 2310。确认时若借款人已还款致尚欠少于申请金额，则拒绝确认（3732），请驳回后重新申请；有支付中的订单时 3733。',
      permission: 'fee.waive',
      body: WaiverBody,
      result: RequestMadeSchema,
    },
    (request, operator) => askWaiver(ctx, operator, request.body, requestMeta(request)),
  );
}
