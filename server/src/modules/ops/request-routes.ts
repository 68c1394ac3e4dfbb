import { OPS_API, OPS_REQUEST_KINDS, opsRequestSummary } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { opsRoutes } from '../../plugins/ops-routes.ts';
import { requestMeta } from '../../plugins/session.ts';
import {
  DeclineBody,
  RefundDecideBody,
  RefundQueueSchema,
  RequestIdBody,
  RequestLineSchema,
  RequestListSchema,
  RequestMadeSchema,
} from '../../schemas/ops-requests.ts';
import { decideRefund, refundQueue } from './refund-decisions.ts';
import { ACTS } from './request-acts.ts';
import { registerRequestCaseRoutes } from './request-case-routes.ts';
import {
  checkRequest,
  inboxOf,
  type RequestLine,
  requestLine,
  requestsMadeBy,
  withdrawRequest,
} from './requests.ts';

const TAGS = ['运营后台：复核'];
const CHECKER_NOTE =
  '复核人须持有该申请种类的复核权限（退款决定、退款失败的处理、减免服务费或罚息：`refund.confirm`；角色变更：`operator.manage`；启用借款人：`borrower.enable`），且不能是提交人。';

function lineOf({ request, makerName, makerLoginId, checkerName }: RequestLine) {
  return {
    requestId: request.id,
    kind: request.kind,
    kindLabel: OPS_REQUEST_KINDS[request.kind].label,
    summary: opsRequestSummary(request.kind, request.payload),
    subject: request.subject,
    payload: request.payload,
    state: request.state,
    makerName,
    makerLoginId,
    checkerName: checkerName ?? null,
    checkReason: request.checkReason,
    createdAt: request.createdAt.toISOString(),
    expiresAt: request.expiresAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
  };
}

/** Maker-checker in the console: the refund queue and its decisions, the 待我审批 inbox, confirm, decline, withdraw. */
export function opsRequestRoutes(app: App, ctx: AppContext): void {
  const ops = opsRoutes(app, ctx, TAGS);

  ops.get(
    OPS_API.refundQueue,
    { summary: '待审核的退款申请（最早的在前）', permission: 'refund.review', result: RefundQueueSchema },
    (_request, operator) => refundQueue(ctx, operator),
  );
  ops.post(
    OPS_API.refundDecide,
    {
      summary: '提交退款决定（同意或拒绝），待另一位有复核权限的同事确认后生效',
      description: '同一退款已有待复核的决定时 2310；退款不在待审核状态时 3909；拒绝须填写原因。',
      permission: 'refund.review',
      body: RefundDecideBody,
      result: RequestMadeSchema,
    },
    (request, operator) => decideRefund(ctx, operator, request.body, requestMeta(request)),
  );
  registerRequestCaseRoutes(ops, ctx);
  ops.get(
    OPS_API.inbox,
    {
      summary: '待我审批：我可以复核的、他人提交的待复核申请',
      permission: null,
      result: RequestListSchema,
    },
    async (_request, operator) => (await inboxOf(ctx, operator)).map(lineOf),
  );
  ops.get(
    OPS_API.myRequests,
    { summary: '我提交的申请（最近 50 条）', permission: null, result: RequestListSchema },
    async (_request, operator) => (await requestsMadeBy(ctx.db, operator)).map(lineOf),
  );
  ops.post(
    OPS_API.confirmRequest,
    {
      summary: '复核通过：执行申请的操作',
      description: `${CHECKER_NOTE}已处理 2308；自己提交的 2309。`,
      permission: null,
      body: RequestIdBody,
      result: RequestLineSchema,
    },
    async (request, operator) => {
      await checkRequest(
        ctx,
        operator,
        { requestId: request.body.requestId, decision: 'CONFIRM', reason: null },
        ACTS,
        requestMeta(request),
      );
      return lineOfId(ctx, request.body.requestId);
    },
  );
  ops.post(
    OPS_API.declineRequest,
    {
      summary: '驳回申请（须填写原因）',
      description: CHECKER_NOTE,
      permission: null,
      body: DeclineBody,
      result: RequestLineSchema,
    },
    async (request, operator) => {
      await checkRequest(
        ctx,
        operator,
        {
          requestId: request.body.requestId,
          decision: 'DECLINE',
          reason: request.body.reason.trim() || null,
        },
        ACTS,
        requestMeta(request),
      );
      return lineOfId(ctx, request.body.requestId);
    },
  );
  ops.post(
    OPS_API.withdrawRequest,
    {
      summary: '撤回自己提交、尚未复核的申请',
      permission: null,
      body: RequestIdBody,
      result: RequestLineSchema,
    },
    async (request, operator) => {
      const row = await withdrawRequest(ctx, operator, request.body.requestId, requestMeta(request));
      return lineOfId(ctx, row.id);
    },
  );
}

async function lineOfId(ctx: AppContext, requestId: number) {
  return lineOf(await requestLine(ctx.db, requestId));
}
