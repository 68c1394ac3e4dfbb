import { ok, parseIsoDate, RSP, shanghaiInstant } from '@loan/domain';
import { Type } from 'typebox';
import { setBankHold } from '../../adapters/banks/sandbox-holds.ts';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { ApiError } from '../../lib/api-error.ts';
import { loopbackOnly } from '../../plugins/loopback-only.ts';
import { envelope } from '../../schemas/envelope.ts';
import { collectDueInstalments } from '../loans/collections.ts';
import { backdateLoan } from './backdate.ts';

/** Path of the developers' collection trigger (under the API base). */
export const DEV_SANDBOX_COLLECT = '/dev/sandbox/collect';
/** Path of the developers' hold on a sandbox bank's answers about one application (under the API base). */
export const DEV_SANDBOX_BANK_HOLD = '/dev/sandbox/bankHold';
/** Path of the developers' time travel of one loan: as if disbursed some days earlier (under the API base). */
export const DEV_SANDBOX_BACKDATE = '/dev/sandbox/backdateLoan';

/**
 * For developers and testers, registered only in development
 * and answering only clients on this machine: runs the collections sandbox as if the given
 * day had come (10:00 Shanghai), so the instalments due by then are paid from the stores' payouts and the
 * records show repayments without waiting a month. The same code the background job `sandbox-collections` runs.
 */
export function devSandboxRoutes(app: App, ctx: AppContext): void {
  if (ctx.config.environment !== 'development') return;
  app.post(
    `${ctx.config.apiBase}${DEV_SANDBOX_COLLECT}`,
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ['开发者（非生产环境）'],
        summary: '还款沙箱：按指定日期收取已到期的分期（模拟时间推进）',
        body: Type.Object(
          { asOf: Type.String({ minLength: 10, maxLength: 10, description: '日期 YYYY-MM-DD（北京时间）' }) },
          { additionalProperties: false },
        ),
        response: { 200: envelope(Type.Object({ ledgerLines: Type.Integer() })) },
      },
    },
    async (request) => {
      const { asOf } = request.body;
      if (!parseIsoDate(asOf)) throw new ApiError(RSP.INVALID_INPUT, '日期格式不正确，应为 YYYY-MM-DD');
      const at = shanghaiInstant(asOf, '10:00:00');
      return ok({ ledgerLines: await collectDueInstalments(ctx, at) });
    },
  );

  app.post(
    `${ctx.config.apiBase}${DEV_SANDBOX_BANK_HOLD}`,
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ['开发者（非生产环境）'],
        summary: '银行沙箱：暂缓或放行某笔申请的银行答复（审批结果、放款），便于测试答复前的页面状态',
        body: Type.Object(
          {
            rowId: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: '申请编号' }),
            hold: Type.Boolean({ description: 'true 暂缓；false 放行（到期的答复随即送达）' }),
          },
          { additionalProperties: false },
        ),
        response: { 200: envelope(Type.Object({ rowId: Type.Integer(), held: Type.Boolean() })) },
      },
    },
    async (request) => {
      const { rowId, hold } = request.body;
      setBankHold(ctx.db, rowId, hold);
      return ok({ rowId, held: hold });
    },
  );

  app.post(
    `${ctx.config.apiBase}${DEV_SANDBOX_BACKDATE}`,
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ['开发者（非生产环境）'],
        summary: '借款沙箱：把某笔借款当作提前若干天放款（起息日与各期应还日一并提前），便于测试逾期与催收',
        body: Type.Object(
          {
            rowId: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: '申请编号' }),
            days: Type.Integer({ minimum: 1, maximum: 1000, description: '提前的天数' }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: envelope(
            Type.Object({ loanId: Type.Integer(), firstDue: Type.Union([Type.String(), Type.Null()]) }),
          ),
        },
      },
    },
    async (request) => ok(await backdateLoan(ctx.db, request.body.rowId, request.body.days)),
  );
}
