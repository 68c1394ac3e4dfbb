import { API, FEES_OWED_LABEL, owedSentence } from '@loan/domain';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { currentSession, requestMeta } from '../../plugins/session.ts';
import { signedInRoutes } from '../../plugins/signed-in-routes.ts';
import {
  AccountOverviewSchema,
  ChangeContactBody,
  ChangeContactResultSchema,
  SecurityViewSchema,
  SendContactCodeBody,
  SignOutOthersResultSchema,
} from '../../schemas/my-account.ts';
import { changeContact, sendContactCode } from './contact.ts';
import { accountOverview } from './profile.ts';
import { securityView, signOutOthers } from './security.ts';

const TAGS = ['我的账户'];
const CONTACT_RULES = '手机号格式不正确 1103；邮箱格式不正确 2203；与当前相同 2201；已被其他账号使用 2202。';

/** My account (/account/myAccount): what I owe, profile, security, contact changes. Only the caller's own data. */
export function accountRoutes(app: App, ctx: AppContext): void {
  const signedIn = signedInRoutes(app, ctx, TAGS);

  signedIn.get(
    API.accountOverview,
    {
      summary: '我的账户总览：下期应还、未还本金、逾期（含罚息）、待缴服务费；资料；可用优惠券数',
      description: `逾期：已过到期日未还清的各期（罚息计至今日）；下期应还：今日及以后最早到期日的各期（含其分期服务费）；${FEES_OWED_LABEL}：${owedSentence()}`,
      result: AccountOverviewSchema,
    },
    (_request, user) => accountOverview(ctx, user),
  );

  signedIn.get(
    API.accountSecurity,
    {
      summary: '账户安全：密码修改时间（超过 90 天提醒）、最近 10 次登录、其他在线会话数',
      result: SecurityViewSchema,
    },
    (request, user) => securityView(ctx, user, currentSession(request).tokenHash),
  );

  signedIn.post(
    API.signOutOthers,
    {
      summary: '退出其他设备：注销本账号除当前会话外的全部会话',
      result: SignOutOthersResultSchema,
    },
    (request, user) => signOutOthers(ctx, user, currentSession(request).tokenHash, requestMeta(request)),
  );

  signedIn.post(
    API.sendContactCode,
    {
      summary: '更换手机号或邮箱：向新的手机号或邮箱发送验证码',
      description: `${CONTACT_RULES}60 秒内重复发送 2009；当日发送次数上限 2013。`,
      body: SendContactCodeBody,
      result: Type.Null(),
      config: { authRateLimit: true },
    },
    async (request, user) => {
      await sendContactCode(ctx, user, request.body, requestMeta(request));
      return null;
    },
  );

  signedIn.post(
    API.changeContact,
    {
      summary: '更换手机号或邮箱：凭当前登录密码和发送到新号码/邮箱的验证码修改，原号码/邮箱收到通知',
      description: `${CONTACT_RULES}当前登录密码（字段加密）错误 2007，与修改密码共用错误次数，过多 2012 并锁定账号；验证码不正确、已过期、已失效或错误次数过多 2003（rspDesc 分别说明）；当日错误次数上限 2014。`,
      body: ChangeContactBody,
      result: ChangeContactResultSchema,
      config: { authRateLimit: true },
    },
    (request, user) => changeContact(ctx, user, request.body, requestMeta(request)),
  );
}
