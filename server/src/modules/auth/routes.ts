import { API, ok } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import { type App, NEEDS_TOKEN } from '../../http.ts';
import { currentSession, requestMeta } from '../../plugins/session.ts';
import { EmptyEnvelope, envelope } from '../../schemas/envelope.ts';
import { DirectLoginBody, LoginBody, SendLoginSmsBody, SmsLoginBody } from '../../schemas/requests.ts';
import { ClientConfigSchema, LoginResultSchema } from '../../schemas/results.ts';
import { AUDIT, recordUserAudit } from '../audit/record.ts';
import { directLogin } from './direct-login.ts';
import { passwordLogin } from './password-login.ts';
import { revokeSession } from './sessions.ts';
import { sendLoginSms, smsLogin } from './sms-login.ts';

const TAGS = ['登录与会话'];
const LoginEnvelope = envelope(LoginResultSchema);

export function authRoutes(app: App, ctx: AppContext): void {
  const base = ctx.config.apiBase;

  app.post(
    `${base}${API.userLogin}`,
    {
      config: { authRateLimit: true },
      schema: {
        tags: TAGS,
        summary: '账号密码登录',
        description:
          '错误密码 2001；同一账号 15 分钟内 5 次错误（或同时涌入超过 5 次）锁定 15 分钟 2002（未知账号同样处理）；' +
          '修改密码时原密码连错 5 次同样锁定；停用 2011；同一 IP 每分钟超过 AUTH_RATE_LIMIT_PER_MINUTE 次 2004。',
        body: LoginBody,
        response: { 200: LoginEnvelope },
      },
    },
    async (request) => ok(await passwordLogin(ctx, request.body, requestMeta(request))),
  );

  app.get(
    `${base}${API.userLogout}`,
    {
      config: { auth: 'user', beforePasswordChange: true, changes: true },
      schema: {
        tags: TAGS,
        summary: '退出登录（注销当前会话）',
        security: NEEDS_TOKEN,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const { tokenHash, user } = currentSession(request);
      const now = ctx.now();
      // the revocation and its audit row stand or fall together
      await ctx.db.transaction(async (tx) => {
        await revokeSession(tx, tokenHash, now);
        await recordUserAudit(tx, user, requestMeta(request), AUDIT.logout, now);
      });
      return ok(null);
    },
  );

  app.post(
    `${base}${API.directLogin}`,
    {
      config: { authRateLimit: true },
      schema: {
        tags: TAGS,
        summary: '合作方免密登录（一次性签名票据）',
        description:
          '票据 = base64url(JSON {loginId, exp, nonce}) + "." + base64url(HMAC-SHA256(DIRECT_LOGIN_SECRET, 前半部分))；' +
          '过期、签名错误、未知用户或重复使用 → 2008。',
        body: DirectLoginBody,
        response: { 200: LoginEnvelope },
      },
    },
    async (request) => ok(await directLogin(ctx, request.body.ticket, requestMeta(request))),
  );

  app.post(
    `${base}${API.sendLoginSms}`,
    {
      config: { authRateLimit: true },
      schema: {
        tags: TAGS,
        summary: '发送短信登录验证码（资料录入入口）',
        description:
          '无论手机号是否注册都返回成功；同一手机号 60 秒内只能发送一次 2009，每天（北京时间）最多 10 次 2013。',
        body: SendLoginSmsBody,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await sendLoginSms(ctx, request.body.phone, requestMeta(request));
      return ok(null);
    },
  );

  app.post(
    `${base}${API.smsLogin}`,
    {
      config: { authRateLimit: true },
      schema: {
        tags: TAGS,
        summary: '手机号 + 短信验证码登录',
        description:
          '验证码错误、过期、已使用或错误超过 5 次 → 2003（rspDesc 分别说明原因）；同一手机号当天（北京时间）错误满 20 次后 → 2014。',
        body: SmsLoginBody,
        response: { 200: LoginEnvelope },
      },
    },
    async (request) => ok(await smsLogin(ctx, request.body, requestMeta(request))),
  );

  app.get(
    `${base}${API.clientConfig}`,
    {
      schema: {
        tags: ['系统'],
        summary: '前端运行配置（沙箱标识、环境、客服联系方式）',
        response: { 200: envelope(ClientConfigSchema) },
      },
    },
    async () =>
      ok({ sandbox: ctx.outbox.sandbox, environment: ctx.config.environment, support: ctx.config.support }),
  );
}
