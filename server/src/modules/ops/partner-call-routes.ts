import { OPS_API } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { opsRoutes } from '../../plugins/ops-routes.ts';
import { requestMeta } from '../../plugins/session.ts';
import {
  PartnerCallListSchema,
  PartnerCallQuery,
  PartnerCallRetryBody,
  PartnerCallRetrySchema,
} from '../../schemas/ops-partner-calls.ts';
import { partnerCallQueue, retryPartnerCall } from './partner-call-queue.ts';

/** 合作方调用: the partner calls still unanswered or refused, and asking one again now with its own key. */
export function opsPartnerCallRoutes(app: App, ctx: AppContext): void {
  const ops = opsRoutes(app, ctx, ['运营后台：合作方调用']);
  ops.get(
    OPS_API.partnerCalls,
    {
      summary: '未得到答复（或被拒绝）的合作方调用',
      permission: 'partner-call.resolve',
      querystring: PartnerCallQuery,
      result: PartnerCallListSchema,
    },
    (request) => partnerCallQueue(ctx, request.query.state ?? 'OPEN'),
  );
  ops.post(
    OPS_API.partnerCallRetry,
    {
      summary: '立即重试（以原幂等键再次询问合作方，不会重复执行）',
      description: '仍有调用方在等待答复时 3504；已结束的调用不能重试。',
      permission: 'partner-call.resolve',
      body: PartnerCallRetryBody,
      result: PartnerCallRetrySchema,
    },
    (request, operator) => retryPartnerCall(ctx, operator, request.body.callId, requestMeta(request)),
  );
}
