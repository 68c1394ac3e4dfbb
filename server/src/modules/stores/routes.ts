import { API, ok } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import { type App, NEEDS_TOKEN } from '../../http.ts';
import { currentSession, requestMeta } from '../../plugins/session.ts';
import { envelope } from '../../schemas/envelope.ts';
import { AgainMwsTokenBody, MwsTokenCheckResultSchema } from '../../schemas/store.ts';
import { againMwsToken, mwsTokenCheck } from './service.ts';

const TAGS = ['店铺授权'];

export function storeRoutes(app: App, ctx: AppContext): void {
  const base = ctx.config.apiBase;

  app.get(
    `${base}${API.mwsTokenCheck}`,
    {
      config: { auth: 'user' },
      schema: {
        tags: TAGS,
        summary: '查询店铺授权状态（向电商平台核实）',
        description:
          'shopAuth：01 未授权；02 授权中；03 已授权；04 授权已过期（365天）或已撤销；05 店铺受限。电商平台无响应时保留上次的状态。',
        security: NEEDS_TOKEN,
        response: { 200: envelope(MwsTokenCheckResultSchema) },
      },
    },
    async (request) => ok(await mwsTokenCheck(ctx, currentSession(request).user.id)),
  );

  app.post(
    `${base}${API.againMwsToken}`,
    {
      // credentials are guessed here as at sign-in: the same per-IP limit (2004)
      config: { auth: 'user', authRateLimit: true },
      schema: {
        tags: TAGS,
        summary: '授权或重新授权店铺（卖家编号 + 授权令牌）',
        description:
          '格式不正确 1001（rspDesc 为具体原因）；密文无法解析 1003；卖家编号或令牌不正确 3202；店铺受限 3203；该店铺已被其他账号授权 3204；电商平台无响应 3205；同一 IP 每分钟次数过多 2004。令牌加密保存，从不返回。',
        security: NEEDS_TOKEN,
        body: AgainMwsTokenBody,
        response: { 200: envelope(MwsTokenCheckResultSchema) },
      },
    },
    async (request) => {
      const { user } = currentSession(request);
      return ok(await againMwsToken(ctx, user.id, user.loginId, request.body, requestMeta(request)));
    },
  );
}
