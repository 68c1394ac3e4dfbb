import { API, ok } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { rawBodyRoutes } from '../../plugins/raw-body.ts';
import { envelope } from '../../schemas/envelope.ts';
import { NotifyResultSchema } from '../../schemas/payments.ts';
import { receivePaymentNotify, receiveRefundNotify } from './notify.ts';

const SIGNED =
  '请求头 x-pay-timestamp（Unix 秒）与 x-pay-signature（HMAC-SHA256(PAYMENT_NOTIFY_SECRET, 时间戳 + "." + 原始请求体) 的十六进制）。' +
  '签名错误 3809；时间戳偏差超过 5 分钟 3810；请求体不是 JSON 1002、格式不符 1001；订单或金额与本平台不符 3811（记录并审计）。' +
  '同一 notifyId 重复通知返回 DUPLICATE，不再改变任何数据。';

/**
 * The payment gateway's notify routes, their bodies kept as received so the signature is checked over those
 * bytes. No session: the signature is the authentication.
 */
export function paymentNotifyRoutes(app: App, ctx: AppContext): void {
  rawBodyRoutes(app, (scope) => {
    scope.post(
      `${ctx.config.apiBase}${API.paymentNotify}`,
      {
        schema: {
          tags: ['支付通知'],
          summary: '支付网关的支付结果通知（HMAC 签名，幂等）',
          description: `${SIGNED} 已关闭订单的到账记录为未抵扣款项并自动原路退款。`,
          response: { 200: envelope(NotifyResultSchema) },
        },
      },
      async (request) => ok(await receivePaymentNotify(ctx, request.headers, request.body)),
    );
    scope.post(
      `${ctx.config.apiBase}${API.refundNotify}`,
      {
        schema: {
          tags: ['支付通知'],
          summary: '支付网关的退款结果通知（HMAC 签名，幂等）',
          description: SIGNED,
          response: { 200: envelope(NotifyResultSchema) },
        },
      },
      async (request) => ok(await receiveRefundNotify(ctx, request.headers, request.body)),
    );
  });
}
