import { ok, parseIsoDate, RSP, shanghaiInstant, statementMonthDue } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import type { App } from '../../http.ts';
import { ApiError } from '../../lib/api-error.ts';
import { loopbackOnly } from '../../plugins/loopback-only.ts';
import { envelope } from '../../schemas/envelope.ts';
import { makeDueStatements, makeStatement } from './make.ts';

/** Path of the developers' statement trigger (under the API base). */
export const DEV_MAKE_STATEMENTS = '/dev/sandbox/statements';

/**
 * For developers and testers, registered only in development and answering only clients on this machine: makes
 * the 月度对账单 due on the given day (10:00 Shanghai), i.e. of the month before it, as the background job
 * `monthly-statements` would on that day; for one borrower (loginId) or for all. With the collections trigger
 * (/dev/sandbox/collect) a statement with repayments is seen without waiting a month. A month not over yet is
 * made from the ledger as it stands.
 */
export function devStatementRoutes(app: App, ctx: AppContext): void {
  if (ctx.config.environment !== 'development') return;
  app.post(
    `${ctx.config.apiBase}${DEV_MAKE_STATEMENTS}`,
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ['开发者（非生产环境）'],
        summary: '月度对账单：按指定日期生成上一个月的对账单（模拟时间推进）',
        body: Type.Object(
          {
            asOf: Type.String({ minLength: 10, maxLength: 10, description: '日期 YYYY-MM-DD（北京时间）' }),
            loginId: Type.Optional(
              Type.String({ minLength: 1, maxLength: 64, description: '只为该用户生成' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: envelope(Type.Object({ month: Type.String(), made: Type.Integer() })) },
      },
    },
    async (request) => {
      const { asOf, loginId } = request.body;
      if (!parseIsoDate(asOf)) throw new ApiError(RSP.INVALID_INPUT, '日期格式不正确，应为 YYYY-MM-DD');
      const month = statementMonthDue(shanghaiInstant(asOf, '10:00:00'));
      if (loginId === undefined) return ok(await makeDueStatements(ctx, undefined, month));
      const [user] = await ctx.db.select().from(users).where(eq(users.loginId, loginId.toLowerCase()));
      if (!user) throw new ApiError(RSP.INVALID_INPUT, '用户不存在');
      const made = await makeStatement(ctx, user.id, month, ctx.now());
      return ok({ month, made: made ? 1 : 0 });
    },
  );
}
