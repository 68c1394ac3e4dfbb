import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API, ok } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { BankCallbackParams } from '../../schemas/application-requests.ts';
import { BankCallbackResultSchema } from '../../schemas/application-results.ts';
import { envelope } from '../../schemas/envelope.ts';
import { receiveBankCallback } from './service.ts';

/**
 * The partner banks' callback route, in its own encapsulated plugin whose JSON parser keeps the body as the
 * exact string received, so the signature is checked over those bytes (not over a re-serialisation).
 */
export function bankCallbackRoutes(app: App, ctx: AppContext): void {
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      `${ctx.config.apiBase}${API.bankCallback}/:bank`,
      {
        schema: {
          tags: ['合作机构回调'],
          summary: '合作机构审批/放款结果回调（HMAC 签名，幂等）',
          description:
            '请求头 x-bank-timestamp（Unix 秒）与 x-bank-signature（HMAC-SHA256(密钥, 时间戳 + "." + 原始请求体) 的十六进制）。' +
            '未知机构 1001；签名错误 3501；时间戳偏差超过 5 分钟 3502；请求体格式错误 1001/1002。' +
            '同一 eventId 重复回调返回 DUPLICATE 且不再改变任何数据；不合法的状态变化返回 IGNORED。',
          params: BankCallbackParams,
          response: { 200: envelope(BankCallbackResultSchema) },
        },
      },
      async (request) =>
        ok(await receiveBankCallback(ctx, request.params.bank, request.headers, request.body)),
    );
  });
}
