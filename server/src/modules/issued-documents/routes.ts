import { API, ok } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { VerifiedDocumentSchema, VerifyDocumentQuerySchema } from '../../schemas/documents.ts';
import { envelope } from '../../schemas/envelope.ts';
import { verifyDocument } from './verify.ts';

const TAGS = ['文件验真'];

export function issuedDocumentRoutes(app: App, ctx: AppContext): void {
  app.get(
    `${ctx.config.apiBase}${API.verifyDocument}`,
    {
      schema: {
        tags: TAGS,
        summary: '文件验真：电子回单、借款合同、结清证明（无需登录）',
        description:
          '凭文件编号和验证码返回文件的关键信息（已脱敏）。编号不存在、验证码错误或格式不对一律 4101，不透露编号是否存在。' +
          '与登录、验证码接口共用每个 IP 的频率限制，超出 2004。',
        querystring: VerifyDocumentQuerySchema,
        response: { 200: envelope(VerifiedDocumentSchema) },
      },
      config: { authRateLimit: true },
    },
    async (request) => ok(await verifyDocument(ctx.db, request.query)),
  );
}
