import { API, ok } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import { type App, NEEDS_TOKEN } from '../../http.ts';
import { currentSession, requestMeta } from '../../plugins/session.ts';
import { envelope } from '../../schemas/envelope.ts';
import { ModifyPwdBody } from '../../schemas/requests.ts';
import { ModifyPwdResultSchema, UserAllCheckResultSchema, UserInfoSchema } from '../../schemas/results.ts';
import { availableCouponCount } from '../coupons/service.ts';
import { receivingSummary } from '../receiving-account/view.ts';
import { contactsOf } from './contacts.ts';
import { modifyPassword, userAllCheck, userInfo } from './service.ts';

const TAGS = ['用户'];

export function userRoutes(app: App, ctx: AppContext): void {
  const base = ctx.config.apiBase;

  app.get(
    `${base}${API.getUserInfo}`,
    {
      config: { auth: 'user', beforePasswordChange: true },
      schema: {
        tags: TAGS,
        summary: '当前用户信息',
        security: NEEDS_TOKEN,
        response: { 200: envelope(UserInfoSchema) },
      },
    },
    async (request) => {
      const { user } = currentSession(request);
      const coupons = await availableCouponCount(ctx.db, user.id, ctx.now());
      return ok(userInfo(user, contactsOf(ctx, user), coupons, await receivingSummary(ctx.db, user.id)));
    },
  );

  app.get(
    `${base}${API.toUserAllCheck}`,
    {
      config: { auth: 'user' },
      schema: {
        tags: TAGS,
        summary: '申请前还需完成的步骤',
        security: NEEDS_TOKEN,
        response: { 200: envelope(UserAllCheckResultSchema) },
      },
    },
    async (request) => ok(await userAllCheck(ctx, currentSession(request).user)),
  );

  app.post(
    `${base}${API.modifyPwd}`,
    {
      config: { auth: 'user', beforePasswordChange: true, authRateLimit: true },
      schema: {
        tags: TAGS,
        summary: '修改密码（注销全部会话，返回新会话）',
        description:
          '原密码错误 2007（15 分钟内第 5 次：全部会话失效、账号锁定 15 分钟，2012）；不符合密码规则 2006（rspDesc 为具体原因）；与原密码相同 2010。',
        security: NEEDS_TOKEN,
        body: ModifyPwdBody,
        response: { 200: envelope(ModifyPwdResultSchema) },
      },
    },
    async (request) =>
      ok(await modifyPassword(ctx, currentSession(request).user, request.body, requestMeta(request))),
  );
}
