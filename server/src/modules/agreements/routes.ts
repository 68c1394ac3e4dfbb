import { AGREEMENT_KINDS, API, isAgreementKind, ok, RSP } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { ApiError } from '../../lib/api-error.ts';
import { optionalSession, requestMeta } from '../../plugins/session.ts';
import { signedInRoutes } from '../../plugins/signed-in-routes.ts';
import {
  AgreementStatusResultSchema,
  AgreementTextQuery,
  AgreementTextSchema,
  UserReadAgrBody,
  UserReadAgrResultSchema,
} from '../../schemas/agreements.ts';
import { envelope } from '../../schemas/envelope.ts';
import { acceptAgreement, agreementStatus, agreementText } from './service.ts';

const TAGS = ['协议'];

export function agreementRoutes(app: App, ctx: AppContext): void {
  const base = ctx.config.apiBase;
  const signedIn = signedInRoutes(app, base);

  app.get(
    `${base}${API.agreementText}`,
    {
      schema: {
        tags: TAGS,
        summary: '协议全文（当前版本或指定的已发布版本；未登录也可查看）',
        description:
          '带有效会话时返回阅读凭证 readToken 和本人同意时间；未登录时 readToken 为空、acceptedAt 为 null。未知类型 1001。',
        querystring: AgreementTextQuery,
        response: { 200: envelope(AgreementTextSchema) },
      },
    },
    async (request) => {
      const { kind, version } = request.query;
      if (!isAgreementKind(kind)) {
        throw new ApiError(RSP.INVALID_INPUT, `协议类型不正确，应为 ${AGREEMENT_KINDS.join('、')} 之一`);
      }
      return ok(await agreementText(ctx, kind, await optionalSession(request, ctx), version));
    },
  );

  signedIn.get(
    API.agreementStatus,
    {
      tags: TAGS,
      summary: '本人对各协议当前版本的签署情况',
      result: AgreementStatusResultSchema,
    },
    (_request, user) => agreementStatus(ctx.db, user.id),
  );

  signedIn.post(
    API.userReadAgr,
    {
      tags: TAGS,
      summary: '阅读并同意协议',
      description:
        '阅读凭证无效或超过 24 小时 1001；版本不是当前版本或正文哈希不符 3303；阅读时间不足 3302。重复同意同一版本返回首次同意时间。',
      body: UserReadAgrBody,
      result: UserReadAgrResultSchema,
    },
    (request, user) => acceptAgreement(ctx, user, request.body, requestMeta(request)),
  );
}
