import {
  fenToYuan,
  OPS_REQUEST_KINDS,
  OPS_REQUEST_STATE_DISPLAY,
  opsRequestSummary,
  opsSubjectText,
  REFUND_STATE_DISPLAY,
} from '@loan/domain';
import { ACTS } from '../../modules/ops/request-acts.ts';
import { checkRequest, inboxOf, type RequestLine, requestLine } from '../../modules/ops/requests.ts';
import { findRefundByNo } from '../../modules/refunds/lookup.ts';
import {
  actingOperator,
  asCommandError,
  type Command,
  CommandError,
  clock,
  database,
  type Values,
} from './shared.ts';

export const REQUEST_USAGE =
  '用法 / usage: request list | request confirm <id> [--reason 意见] | request decline <id> --reason 原因（均须 --as <运营人员>）';

/** What the server does next once a kind is confirmed, when it is not done at once. */
const NEXT: Partial<Record<keyof typeof OPS_REQUEST_KINDS, string>> = {
  'refund.approve':
    '服务将在数秒内向支付渠道发起原路退款 / the server sends the refund to the gateway within seconds',
  'refund.resend': '服务将在数秒内重新向支付渠道发起退款 / the server sends the refund again within seconds',
};

function lineText({ request, makerName, makerLoginId }: RequestLine): string {
  const kind = OPS_REQUEST_KINDS[request.kind].label;
  const state = OPS_REQUEST_STATE_DISPLAY[request.state].label;
  return `#${request.id} ${kind} ${opsSubjectText(request.subject)}：${opsRequestSummary(request.kind, request.payload)}（${state}；提交人 ${makerName}/${makerLoginId}）`;
}

/** A refund's state after its request was confirmed, as the refund commands printed it. */
async function printRefund(env: Parameters<Command['run']>[0], refundNo: unknown): Promise<void> {
  if (typeof refundNo !== 'string') return;
  const refund = await findRefundByNo(database(env), refundNo);
  if (!refund) return;
  const { label } = REFUND_STATE_DISPLAY[refund.status];
  env.print(`${refund.refundNo} ${fenToYuan(refund.amountFen)} 元：${label} / ${refund.status}`);
}

function requestId(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647)
    throw new CommandError('缺少或不正确的申请编号 / missing or bad <id>');
  return Number(raw);
}

/**
 * request list | confirm | decline, as the operator given with --as: the 待我审批 of the console in the shell,
 * through the same service (the maker never checks their own; the checker permission; one decision; audited).
 */
export const request: Command = {
  needsDb: true,
  async run(env, positionals, values: Values) {
    const [name, raw] = positionals;
    if (name !== 'list' && name !== 'confirm' && name !== 'decline') throw new CommandError(REQUEST_USAGE);
    const operator = await actingOperator(env);
    const ctx = { db: database(env), now: () => clock(env) };
    try {
      if (name === 'list') {
        const lines = await inboxOf(ctx, operator);
        if (lines.length === 0) env.print('没有待您复核的申请 / nothing to check');
        for (const line of lines) env.print(lineText(line));
        return;
      }
      const id = requestId(raw);
      const reason = values.reason?.trim() || null;
      if (name === 'decline' && !reason) throw new CommandError('驳回须给出原因 / missing --reason');
      const decision = name === 'confirm' ? 'CONFIRM' : 'DECLINE';
      const row = await checkRequest(ctx, operator, { requestId: id, decision, reason }, ACTS, null);
      if (decision === 'CONFIRM') await printRefund(env, row.payload.refundNo);
      env.print(lineText(await requestLine(ctx.db, row.id)));
      const next = NEXT[row.kind];
      if (decision === 'CONFIRM' && next) env.print(next);
    } catch (error) {
      throw asCommandError(error);
    }
  },
};
