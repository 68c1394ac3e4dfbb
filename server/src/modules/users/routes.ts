import { API } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { requestMeta } from '../../plugins/session.ts';
import { signedInRoutes } from '../../plugins/signed-in-routes.ts';
import { ModifyPwdBody } from '../../schemas/requests.ts';
import { ModifyPwdResultSchema, UserAllCheckResultSchema, UserInfoSchema } from '../../schemas/results.ts';
import { availableCouponCount } from '../coupons/service.ts';
import { receivingSummary } from '../receiving-account/view.ts';
import { contactsOf } from './contacts.ts';
import { modifyPassword, userAllCheck, userInfo } from './service.ts';

const TAGS = ['用户'];

export function userRoutes(app: App, ctx: AppContext): void {
  const base = ctx.config.apiBase;
  const signedIn = signedInRoutes(app, base);

  signedIn.get(
    API.getUserInfo,
    {
      tags: TAGS,
      summary: '当前用户信息',
      result: UserInfoSchema,
      config: { beforePasswordChange: true },
    },
    async (_request, user) => {
      const coupons = await availableCouponCount(ctx.db, user.id, ctx.now());
      return userInfo(user, contactsOf(ctx, user), coupons, await receivingSummary(ctx.db, user.id));
    },
  );

  signedIn.get(
    API.toUserAllCheck,
    {
      tags: TAGS,
      summary: '申请前还需完成的步骤',
      result: UserAllCheckResultSchema,
    },
    (_request, user) => userAllCheck(ctx, user),
  );

  signedIn.post(
    API.modifyPwd,
    {
      tags: TAGS,
      summary: '修改密码（注销全部会话，返回新会话）',
      description:
        '原密码错误 2007（15 分钟内第 5 次：全部会话失效、账号锁定 15 分钟，2012）；不符合密码规则 2006（rspDesc 为具体原因）；与原密码相同 2010。',
      body: ModifyPwdBody,
      result: ModifyPwdResultSchema,
      config: { beforePasswordChange: true, authRateLimit: true },
    },
    (request, user) => modifyPassword(ctx, user, request.body, requestMeta(request)),
  );
}
