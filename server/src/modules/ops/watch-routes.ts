import { OPS_API } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { opsRoutes } from '../../plugins/ops-routes.ts';
import {
  AccessListSchema,
  DivertedListSchema,
  UnappliedListSchema,
  WaitingListSchema,
} from '../../schemas/ops-queues.ts';
import { divertedPayouts, stoppedOrLocked, unappliedMoney, waitingOnBank } from './watch-queues.ts';

/** 待处理事项: what is worth a look today, each list under the permission of the one who acts on it. */
export function opsWatchRoutes(app: App, ctx: AppContext): void {
  const ops = opsRoutes(app, ctx, ['运营后台：待处理事项']);
  ops.get(
    OPS_API.queueUnapplied,
    { summary: '未入账款项及其自动原路退款', permission: 'refund.confirm', result: UnappliedListSchema },
    (_request, operator) => unappliedMoney(ctx, operator),
  );
  ops.get(
    OPS_API.queueDiverted,
    {
      summary: '店铺回款未指向收款子账户（有未结清借款时）',
      permission: 'borrower.read',
      result: DivertedListSchema,
    },
    (_request, operator) => divertedPayouts(ctx, operator),
  );
  ops.get(
    OPS_API.queueWaiting,
    { summary: '等待合作机构审批超过 24 小时的申请', permission: 'borrower.read', result: WaitingListSchema },
    (_request, operator) => waitingOnBank(ctx, operator),
  );
  ops.get(
    OPS_API.queueAccess,
    { summary: '已停用或登录被锁定的借款人', permission: 'borrower.read', result: AccessListSchema },
    (_request, operator) => stoppedOrLocked(ctx, operator),
  );
}
