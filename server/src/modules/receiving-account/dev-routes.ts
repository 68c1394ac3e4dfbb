import { ok, RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import { sandboxPayoutPointings, sellerStores, users } from '../../db/schema.ts';
import type { App } from '../../http.ts';
import { ApiError } from '../../lib/api-error.ts';
import { loopbackOnly } from '../../plugins/loopback-only.ts';
import { envelope } from '../../schemas/envelope.ts';
import { PayoutViewSchema } from '../../schemas/receiving.ts';
import { openAccountNo, openSubAccount } from './accounts.ts';
import { checkPayout } from './payouts.ts';

/** Path of the developers' payout-pointing shortcut (under the API base). */
export const DEV_POINT_PAYOUTS = '/dev/sandbox/pointPayouts';

/**
 * For developers, testers and the page's sandbox shortcut (模拟在卖家后台完成指向), registered only in development
 * and answering only clients on this machine: sets where the sandbox marketplace says the borrower's store
 * payouts go (SUB_ACCOUNT: the OPEN sub-account; OTHER: another account; PENDING: a change being verified),
 * then checks the payouts as 重新核实 does.
 */
export function devReceivingRoutes(app: App, ctx: AppContext): void {
  if (ctx.config.environment !== 'development') return;
  app.post(
    `${ctx.config.apiBase}${DEV_POINT_PAYOUTS}`,
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ['开发者（非生产环境）'],
        summary: '电商平台沙箱：设置店铺回款去向（模拟在卖家后台完成指向）',
        body: Type.Object(
          {
            loginId: Type.String({ minLength: 1, maxLength: 64 }),
            to: Type.Enum(['SUB_ACCOUNT', 'OTHER', 'PENDING']),
          },
          { additionalProperties: false },
        ),
        response: { 200: envelope(PayoutViewSchema) },
      },
    },
    async (request) => {
      const { loginId, to } = request.body;
      const [user] = await ctx.db.select().from(users).where(eq(users.loginId, loginId.toLowerCase()));
      if (!user) throw new ApiError(RSP.INVALID_INPUT, '用户不存在');
      const [store] = await ctx.db.select().from(sellerStores).where(eq(sellerStores.userId, user.id));
      if (!store) throw new ApiError(RSP.INVALID_INPUT, '该用户尚未授权店铺');
      let accountNo: string | null = null;
      if (to === 'SUB_ACCOUNT') {
        const sub = await openSubAccount(ctx.db, user.id);
        if (!sub?.accountNoEnc) throw new ApiError(RSP.SUB_ACCOUNT_NOT_OPEN);
        accountNo = openAccountNo(ctx.config, sub.id, sub.accountNoEnc);
      }
      const now = ctx.now();
      await ctx.db
        .insert(sandboxPayoutPointings)
        .values({ sellerId: store.sellerId, target: to, accountNo, updatedAt: now })
        .onConflictDoUpdate({
          target: sandboxPayoutPointings.sellerId,
          set: { target: to, accountNo, updatedAt: now },
        });
      return ok(await checkPayout(ctx, user.id));
    },
  );
}
