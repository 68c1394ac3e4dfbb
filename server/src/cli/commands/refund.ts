import { fenToYuan, REFUND_STATE_DISPLAY } from '@loan/domain';
import { ApiError } from '../../lib/api-error.ts';
import { type ReviewDecision, reviewRefund } from '../../modules/refunds/review.ts';
import { type Command, CommandError, clock, database } from './shared.ts';

const OPERATOR = process.env.USER ? `cli:${process.env.USER}` : 'cli';

/**
 * refund approve <refundNo> [--reason 审核意见] | refund reject <refundNo> --reason 原因: an operator reviews a
 * submitted refund application. An approved refund is sent to the gateway by the running server within seconds.
 */
export const refund: Command = {
  needsDb: true,
  async run(env, positionals, values) {
    const [action, refundNo] = positionals;
    const decision: ReviewDecision | null =
      action === 'approve' ? 'APPROVE' : action === 'reject' ? 'REJECT' : null;
    if (!decision)
      throw new CommandError(
        '用法 / usage: refund approve <refundNo> | refund reject <refundNo> --reason 原因',
      );
    if (!refundNo) throw new CommandError('缺少退款单号 / missing <refundNo>');
    const reason = values.reason?.trim() || null;
    if (decision === 'REJECT' && !reason) throw new CommandError('拒绝须给出原因 / missing --reason');
    try {
      const row = await reviewRefund(database(env), {
        refundNo,
        decision,
        actor: 'OPERATOR',
        actorRef: OPERATOR,
        reason,
        now: clock(env),
      });
      const label = REFUND_STATE_DISPLAY[row.status].label;
      env.print(`${row.refundNo} ${fenToYuan(row.amountFen)} 元：${label} / ${row.status}`);
      if (row.status === 'APPROVED') {
        env.print(
          '服务将在数秒内向支付渠道发起原路退款 / the server sends the refund to the gateway within seconds',
        );
      }
    } catch (error) {
      if (error instanceof ApiError)
        throw new CommandError(`${error.rspDesc ?? error.rspCode} (${error.rspCode})`);
      throw error;
    }
  },
};
