import { API, type BankCallbackResult, ok } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { rawBodyRoutes } from '../../plugins/raw-body.ts';
import { BankCallbackParams } from '../../schemas/application-requests.ts';
import { BankCallbackResultSchema } from '../../schemas/application-results.ts';
import { envelope } from '../../schemas/envelope.ts';
import { receiveBankCallback } from './service.ts';
import type { CallbackHeaders } from './verify.ts';

type ReceiveCallback = (
  ctx: AppContext,
  bank: string,
  headers: CallbackHeaders,
  rawBody: unknown,
) => Promise<BankCallbackResult>;

/** A partner bank's signed callback under /callbacks/bank/{bank}, its body kept as received for the signature. */
export function bankCallbackRoute(
  app: App,
  ctx: AppContext,
  pathAfterBank: string,
  doc: { summary: string; description: string },
  receive: ReceiveCallback,
): void {
  rawBodyRoutes(app, (scope) => {
    scope.post(
      `${ctx.config.apiBase}${API.bankCallback}/:bank${pathAfterBank}`,
      {
        schema: {
          tags: ['合作机构回调'],
          ...doc,
          params: BankCallbackParams,
          response: { 200: envelope(BankCallbackResultSchema) },
        },
      },
      async (request) => ok(await receive(ctx, request.params.bank, request.headers, request.body)),
    );
  });
}

/** The partner banks' approval and disbursement callback. */
export function bankCallbackRoutes(app: App, ctx: AppContext): void {
  bankCallbackRoute(
    app,
    ctx,
    '',
    {
      summary: '合作机构审批/放款结果回调（HMAC 签名，幂等）',
      description:
        '请求头 x-bank-timestamp（Unix 秒）与 x-bank-signature（HMAC-SHA256(密钥, 时间戳 + "." + 原始请求体) 的十六进制）。' +
        '未知机构 1001；签名错误 3501；时间戳偏差超过 5 分钟 3502；请求体格式错误 1001/1002。' +
        '同一 eventId 重复回调返回 DUPLICATE 且不再改变任何数据；不合法的状态变化返回 IGNORED。',
    },
    receiveBankCallback,
  );
}
