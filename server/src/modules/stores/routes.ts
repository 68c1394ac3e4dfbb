import { API } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { requestMeta } from '../../plugins/session.ts';
import { signedInRoutes } from '../../plugins/signed-in-routes.ts';
import { AgainMwsTokenBody, MwsTokenCheckResultSchema } from '../../schemas/store.ts';
import { againMwsToken, mwsTokenCheck } from './service.ts';

const TAGS = ['店铺授权'];

export function storeRoutes(app: App, ctx: AppContext): void {
  const signedIn = signedInRoutes(app, ctx, TAGS);

  signedIn.get(
    API.mwsTokenCheck,
    {
      summary: '查询店铺授权状态（向电商平台核实）',
      description:
        'shopAuth：01 未授权；02 授权中；03 已授权；04 授权已过期（365天）或已撤销；05 店铺受限。电商平台无响应时保留上次的状态。',
      result: MwsTokenCheckResultSchema,
    },
    (_request, user) => mwsTokenCheck(ctx, user.id),
  );

  signedIn.post(
    API.againMwsToken,
    {
      summary: '授权或重新授权店铺（卖家编号 + 店铺授权令牌）',
      description:
        '格式不正确 1001（rspDesc 为具体原因）；密文无法解析 1003；卖家编号或令牌不正确 3202；店铺受限 3203；该店铺已被其他账号授权 3204；电商平台无响应 3205；同一 IP 每分钟次数过多 2004。令牌加密保存，从不返回。',
      body: AgainMwsTokenBody,
      result: MwsTokenCheckResultSchema,
      // credentials are guessed here as at sign-in: the same per-IP limit (2004)
      config: { authRateLimit: true },
    },
    (request, user) => againMwsToken(ctx, user.id, user.loginId, request.body, requestMeta(request)),
  );
}
