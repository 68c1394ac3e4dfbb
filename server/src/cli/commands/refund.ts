import { fenToYuan, REFUND_STATE_DISPLAY } from '@loan/domain';
import type { RefundRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { closeRefund, retryRefund } from '../../modules/refunds/failed.ts';
import { reviewRefund } from '../../modules/refunds/review.ts';
import { actorOf, type Command, CommandError, clock, database, type Values } from './shared.ts';

const USAGE =
  '用法 / usage: refund approve <refundNo> | refund reject <refundNo> --reason 原因 | refund resend <refundNo> | refund close <refundNo> --reason 原因';

type Action = (
  env: Parameters<Command['run']>[0],
  refundNo: string,
  reason: string | null,
) => Promise<RefundRow>;

/** Each action through its one service, as the operator (every move recorded in the refund's timeline). */
const ACTIONS: Record<string, { needsReason: boolean; run: Action; next?: string }> = {
  approve: {
    needsReason: false,
    run: (env, refundNo, reason) =>
      reviewRefund(database(env), {
        refundNo,
        decision: 'APPROVE',
        actor: 'OPERATOR',
        actorRef: actorOf(env),
        reason,
        now: clock(env),
      }),
    next: '服务将在数秒内向支付渠道发起原路退款 / the server sends the refund to the gateway within seconds',
  },
  reject: {
    needsReason: true,
    run: (env, refundNo, reason) =>
      reviewRefund(database(env), {
        refundNo,
        decision: 'REJECT',
        actor: 'OPERATOR',
        actorRef: actorOf(env),
        reason,
        now: clock(env),
      }),
  },
  resend: {
    needsReason: false,
    run: (env, refundNo) => {
      const now = clock(env);
      return database(env).transaction((tx) =>
        retryRefund(tx, refundNo, 'OPERATOR', { now, actorRef: actorOf(env), sendAt: now }),
      );
    },
    next: '服务将在数秒内重新向支付渠道发起退款 / the server sends the refund again within seconds',
  },
  close: {
    needsReason: true,
    run: (env, refundNo, reason) =>
      database(env).transaction((tx) =>
        closeRefund(tx, refundNo, { now: clock(env), actorRef: actorOf(env), reason: reason ?? '' }),
      ),
  },
};

/**
 * refund approve | reject: an operator reviews a submitted refund application (an approved one is sent to the
 * gateway by the running server within seconds); refund resend | close: a failed refund is sent again, or
 * closed with a reason.
 */
export const refund: Command = {
  needsDb: true,
  async run(env, positionals, values: Values) {
    const [name, refundNo] = positionals;
    const action = name ? ACTIONS[name] : undefined;
    if (!action || !Object.hasOwn(ACTIONS, name ?? '')) throw new CommandError(USAGE);
    if (!refundNo) throw new CommandError('缺少退款单号 / missing <refundNo>');
    const reason = values.reason?.trim() || null;
    if (action.needsReason && !reason) throw new CommandError('须给出原因 / missing --reason');
    try {
      const row = await action.run(env, refundNo, reason);
      const label = REFUND_STATE_DISPLAY[row.status].label;
      env.print(`${row.refundNo} ${fenToYuan(row.amountFen)} 元：${label} / ${row.status}`);
      if (action.next && (row.status === 'APPROVED' || row.status === 'REFUNDING')) env.print(action.next);
    } catch (error) {
      if (error instanceof ApiError)
        throw new CommandError(`${error.rspDesc ?? error.rspCode} (${error.rspCode})`);
      throw error;
    }
  },
};
