import { API, ok } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { requestMeta } from '../../plugins/session.ts';
import { EmptyEnvelope } from '../../schemas/envelope.ts';
import { FindPwdBody, SendFindPwdCodeBody } from '../../schemas/requests.ts';
import { findPwd, sendFindPwdCode } from './service.ts';

const TAGS = ['找回密码'];

export function passwordResetRoutes(app: App, ctx: AppContext): void {
  const base = ctx.config.apiBase;

  app.post(
    `${base}${API.sendFindPwdCode}`,
    {
      config: { authRateLimit: true },
      schema: {
        tags: TAGS,
        summary: '发送找回密码验证码（短信或邮件）',
        description:
          '无论账号是否存在都返回成功；同一账号 60 秒内只能发送一次 2009，每天（北京时间）最多 10 次 2013。',
        body: SendFindPwdCodeBody,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await sendFindPwdCode(ctx, request.body, requestMeta(request));
      return ok(null);
    },
  );

  app.post(
    `${base}${API.findPwd}`,
    {
      config: { authRateLimit: true },
      schema: {
        tags: TAGS,
        summary: '用验证码重置密码',
        description:
          '验证码错误、过期、已使用或错误超过 5 次 → 2003（rspDesc 分别说明原因）；同一账号当天（北京时间）错误满 20 次后 → 2014；' +
          '不符合密码规则 2006。成功后注销该账号全部会话并解除锁定。',
        body: FindPwdBody,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await findPwd(ctx, request.body, requestMeta(request));
      return ok(null);
    },
  );
}
