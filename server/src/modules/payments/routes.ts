import { API } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { signedInRoutes } from '../../plugins/signed-in-routes.ts';
import {
  CreatedOrderSchema,
  CreateOrderBody,
  NoQuerystring,
  OutTradeNoBody,
  OutTradeNoQuerystring,
  PaymentOrderListSchema,
  PaymentOrderSchema,
  RepayNowBody,
  SandboxCashierBody,
} from '../../schemas/payments.ts';
import { createFeeOrder, repayNow } from './create-orders.ts';
import { closeByBorrower, sandboxCashier } from './order-actions.ts';
import { receiptPdf } from './receipt.ts';
import { orderView, ownOrder, paidOrders } from './views.ts';

const TAGS = ['支付'];
const ORDER_NOTE =
  '同一服务费项目或同一期同时只有一个待支付订单：相同内容再次发起返回原订单，不同内容则先在支付渠道关闭原订单（已重新发起支付）；' +
  '原订单已在收银台支付的，按支付入账、不再下单，有一笔支付正在确认中或支付渠道无响应时 3815。' +
  '订单 30 分钟未支付自动关闭。不存在或他人的订单一律 3801。';

export function paymentRoutes(app: App, ctx: AppContext): void {
  const signedIn = signedInRoutes(app, ctx, TAGS);

  signedIn.post(
    API.payCreateOrder,
    {
      summary: '缴纳服务费：为同一笔贷款的一项或多项服务费下单，可用一张优惠券',
      description: `${ORDER_NOTE} 服务费项目不存在或他人的 3802；已缴清 3803；优惠券不可用 3804；支付渠道无响应 3814。全额抵扣时订单直接完成，无需支付。`,
      body: CreateOrderBody,
      result: CreatedOrderSchema,
    },
    (request, user) => createFeeOrder(ctx, user, request.body),
  );

  signedIn.post(
    API.payRepayNow,
    {
      summary: '主动还款：为某一期（逾期、到期或下一期）按今日应还金额下单（罚息、利息、服务费、本金）',
      description: `${ORDER_NOTE} 贷款不存在或他人的 3601；已结清 3602；该期无需还款 3807；提前结清处理中 3504。有待支付订单期间自动扣款跳过该期，且不能申请提前结清（3808）。`,
      body: RepayNowBody,
      result: CreatedOrderSchema,
    },
    (request, user) => repayNow(ctx, user, request.body),
  );

  signedIn.get(
    API.payOrder,
    {
      summary: '支付订单详情（收银台轮询支付结果）',
      description: '不存在或他人的订单 3801。',
      querystring: OutTradeNoQuerystring,
      result: PaymentOrderSchema,
    },
    async (request, user) => {
      const order = await ownOrder(ctx.db, user.id, request.query.outTradeNo);
      return orderView(ctx.db, order);
    },
  );

  signedIn.post(
    API.payCloseOrder,
    {
      summary: '取消支付：关闭待支付订单，优惠券退回',
      description:
        '先在支付渠道关闭。不存在或他人的订单 3801；已支付（含刚在收银台支付的，按支付入账）或已关闭 3805；支付渠道无响应 3815。',
      body: OutTradeNoBody,
      result: PaymentOrderSchema,
    },
    (request, user) => closeByBorrower(ctx, user, request.body.outTradeNo),
  );

  signedIn.post(
    API.paySandboxCashier,
    {
      summary: '沙箱收银台：确认支付（PAY）或模拟失败（FAIL），仅沙箱支付环境',
      description:
        '非沙箱支付环境 3812；不存在或他人的订单 3801；已支付或已关闭 3805。支付结果由支付通知异步送达。',
      body: SandboxCashierBody,
      result: PaymentOrderSchema,
    },
    (request, user) => sandboxCashier(ctx, user, request.body),
  );

  signedIn.get(
    API.payOrders,
    {
      summary: '我的已支付订单（最新在前，最多 100 条），供申请退款时选择',
      querystring: NoQuerystring,
      result: PaymentOrderListSchema,
    },
    (_request, user) => paidOrders(ctx.db, user.id),
  );

  signedIn.file(
    API.payReceipt,
    {
      summary: '电子回单（PDF）',
      description: '成功时直接返回 PDF 文件；不存在或他人的订单 3801、尚未支付 3813 时返回 JSON 信封。',
      querystring: OutTradeNoQuerystring,
    },
    async (request, user) => {
      const order = await ownOrder(ctx.db, user.id, request.query.outTradeNo);
      return {
        type: 'application/pdf',
        fileName: `电子回单-${order.outTradeNo}.pdf`,
        asciiName: `receipt-${order.outTradeNo}.pdf`,
        body: await receiptPdf(ctx, order, ctx.now()),
      };
    },
  );
}
