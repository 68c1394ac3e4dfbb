import { OPS_REQUEST_KINDS, type OpsRequestState } from '@loan/domain';
import { decideRefund } from '../../modules/ops/refund-decisions.ts';
import { decideFailedRefund } from '../../modules/ops/refund-failures.ts';
import type { ActingOperator } from '../../modules/ops/requests.ts';
import {
  actingOperator,
  asCommandError,
  type Command,
  CommandError,
  clock,
  database,
  type Values,
} from './shared.ts';

const USAGE =
  '用法 / usage: refund approve <refundNo> | refund reject <refundNo> --reason 原因 | refund resend <refundNo> | refund close <refundNo> --reason 原因（均须 --as <运营人员>）';

type Ask = (
  env: Parameters<Command['run']>[0],
  maker: ActingOperator,
  refundNo: string,
  reason: string | null,
) => Promise<{ requestId: number; state: OpsRequestState }>;

const ctxOf = (env: Parameters<Command['run']>[0]) => ({ db: database(env), now: () => clock(env) });
const optional = (reason: string | null) => (reason ? { reason } : {});

/** Each action asks for it through the console's service: a request that another operator confirms. */
const ACTIONS: Record<string, { needsReason: boolean; kind: keyof typeof OPS_REQUEST_KINDS; ask: Ask }> = {
  approve: {
    needsReason: false,
    kind: 'refund.approve',
    ask: (env, maker, refundNo, reason) =>
      decideRefund(ctxOf(env), maker, { refundNo, decision: 'APPROVE', ...optional(reason) }, null),
  },
  reject: {
    needsReason: true,
    kind: 'refund.reject',
    ask: (env, maker, refundNo, reason) =>
      decideRefund(ctxOf(env), maker, { refundNo, decision: 'REJECT', ...optional(reason) }, null),
  },
  resend: {
    needsReason: false,
    kind: 'refund.resend',
    ask: (env, maker, refundNo, reason) =>
      decideFailedRefund(ctxOf(env), maker, { refundNo, decision: 'RESEND', ...optional(reason) }, null),
  },
  close: {
    needsReason: true,
    kind: 'refund.close',
    ask: (env, maker, refundNo, reason) =>
      decideFailedRefund(ctxOf(env), maker, { refundNo, decision: 'CLOSE', ...optional(reason) }, null),
  },
};

/**
 * refund approve | reject (a submitted application) and refund resend | close (a failed refund), as the operator
 * given with --as: each makes the same maker-checker request as the console's 退款审核; it is done only when
 * another operator confirms it (`request confirm <id> --as <checker>`, or 待我审批 in the console).
 */
export const refund: Command = {
  needsDb: true,
  async run(env, positionals, values: Values) {
    const [name, refundNo] = positionals;
    const action = name && Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
    if (!action) throw new CommandError(USAGE);
    if (!refundNo) throw new CommandError('缺少退款单号 / missing <refundNo>');
    const reason = values.reason?.trim() || null;
    if (action.needsReason && !reason) throw new CommandError('须给出原因 / missing --reason');
    const maker = await actingOperator(env);
    try {
      const made = await action.ask(env, maker, refundNo, reason);
      env.print(
        `已提交申请 #${made.requestId}（${OPS_REQUEST_KINDS[action.kind].label} ${refundNo}），待另一位运营人员复核 / request #${made.requestId} made, waiting for a second operator`,
      );
      env.print(
        `复核 / check: npm run user -- request confirm ${made.requestId} --as <另一位运营人员>（或在运营后台「待我审批」）`,
      );
    } catch (error) {
      throw asCommandError(error);
    }
  },
};
