import { API, type UserInfo } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { currentSession, requestMeta } from '../../plugins/session.ts';
import { signedInRoutes } from '../../plugins/signed-in-routes.ts';
import { ModifyPwdBody } from '../../schemas/requests.ts';
import { ModifyPwdResultSchema, UserAllCheckResultSchema, UserInfoSchema } from '../../schemas/results.ts';
import { contactsOf } from '../contacts/contacts.ts';
import { modifyPassword, userAllCheck, userInfo } from './service.ts';
import { USER_INFO_VIEW, userInfoExtras } from './user-info-view.ts';

const TAGS = ['用户'];

/**
 * getUserInfo's answer by the session lookup it was made from: a lookup answered from the session cache is the
 * same object until a change drops it (session-cache.ts), so its answer is made once, its contacts opened once.
 */
const answers = new WeakMap<object, UserInfo>();

export function userRoutes(app: App, ctx: AppContext): void {
  const signedIn = signedInRoutes(app, ctx, TAGS);

  signedIn.get(
    API.getUserInfo,
    {
      summary: '当前用户信息',
      result: UserInfoSchema,
      // the session's statement reads the rest of the answer: one round trip
      config: { beforePasswordChange: true, sessionView: USER_INFO_VIEW },
    },
    async (request, user) => {
      const { extras } = currentSession(request);
      let answer = answers.get(extras);
      if (!answer) {
        const { couponsCount, receiving } = userInfoExtras(extras);
        answer = userInfo(user, contactsOf(ctx, user), couponsCount, receiving);
        answers.set(extras, answer);
      }
      return answer;
    },
  );

  signedIn.get(
    API.toUserAllCheck,
    {
      summary: '申请前还需完成的步骤',
      result: UserAllCheckResultSchema,
    },
    (_request, user) => userAllCheck(ctx, user),
  );

  signedIn.post(
    API.modifyPwd,
    {
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
