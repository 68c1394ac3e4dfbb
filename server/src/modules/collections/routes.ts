import { OPS_API, type OverdueBucket } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { opsRoutes } from '../../plugins/ops-routes.ts';
import { requestMeta } from '../../plugins/session.ts';
import {
  ActResultSchema,
  AssignBody,
  AssigneesSchema,
  CaseQuery,
  CaseSchema,
  ContactBody,
  HardshipBody,
  HardshipDecideBody,
  NextActionBody,
  NoteBody,
  PromiseBody,
  SummaryQuery,
  SummarySchema,
  WorklistQuery,
  WorklistSchema,
} from '../../schemas/ops-collections.ts';
import {
  addContact,
  addHardship,
  addNote,
  addPromise,
  assignCase,
  decideHardship,
  setNextAction,
} from './acts.ts';
import { collectionCase } from './case-view.ts';
import { collectionAssignees, worklist, worklistSummary } from './worklist.ts';

const TAGS = ['运营后台：催收工作台'];
const ACT =
  '借款人须有逾期分期或已有进行中的案件（否则 4401）；首次跟进时建立案件。每次操作记入审计日志（主体为借款人）。';

/** 催收工作台: the worklist and its figures, a borrower's case, and the acts on it (no money moves: no maker-checker). */
export function opsCollectionRoutes(app: App, ctx: AppContext): void {
  const ops = opsRoutes(app, ctx, TAGS);
  ops.get(
    OPS_API.collectionWorklist,
    {
      summary: '逾期借款人列表（按逾期阶段、负责人筛选，分页）',
      description:
        '逾期金额含至今日的罚息，按最早逾期分期的应还日排序（逾期天数多的在前）；数据范围内的借款人。',
      permission: 'collection.view',
      querystring: WorklistQuery,
      result: WorklistSchema,
    },
    (request, operator) =>
      worklist(ctx, operator, {
        ...request.query,
        bucket: request.query.bucket as OverdueBucket | undefined,
      }),
  );
  ops.get(
    OPS_API.collectionSummary,
    {
      summary: '各逾期阶段的借款人数与逾期金额（精确到分）',
      permission: 'collection.view',
      querystring: SummaryQuery,
      result: SummarySchema,
    },
    (request, operator) => worklistSummary(ctx, operator, request.query),
  );
  ops.get(
    OPS_API.collectionAssignees,
    { summary: '可分派催收案件的运营人员', permission: 'collection.view', result: AssigneesSchema },
    () => collectionAssignees(ctx.db),
  );
  ops.get(
    OPS_API.collectionCase,
    {
      summary: '催收案件：逾期分期（罚息至今日）、跟进记录与消息发送记录',
      permission: 'collection.view',
      querystring: CaseQuery,
      result: CaseSchema,
    },
    (request, operator) => collectionCase(ctx, operator, request.query.loginId),
  );
  ops.post(
    OPS_API.collectionNote,
    {
      summary: '添加备注',
      description: ACT,
      permission: 'collection.work',
      body: NoteBody,
      result: ActResultSchema,
    },
    (request, operator) => addNote(ctx, operator, request.body, requestMeta(request)),
  );
  ops.post(
    OPS_API.collectionContact,
    {
      summary: '记录联系（方式与结果）',
      description: ACT,
      permission: 'collection.work',
      body: ContactBody,
      result: ActResultSchema,
    },
    (request, operator) => addContact(ctx, operator, request.body, requestMeta(request)),
  );
  ops.post(
    OPS_API.collectionPromise,
    {
      summary: '记录承诺还款（日期与金额），到期后由系统判定是否兑现',
      description: `${ACT} 日期须在今天起 30 天内（4405），金额不超过当前逾期金额（4406），同时只能有一笔待兑现的承诺（4407）。`,
      permission: 'collection.work',
      body: PromiseBody,
      result: ActResultSchema,
    },
    (request, operator) => addPromise(ctx, operator, request.body, requestMeta(request)),
  );
  ops.post(
    OPS_API.collectionHardship,
    {
      summary: '登记困难申请（申请的帮助与原因）',
      description: ACT,
      permission: 'collection.work',
      body: HardshipBody,
      result: ActResultSchema,
    },
    (request, operator) => addHardship(ctx, operator, request.body, requestMeta(request)),
  );
  ops.post(
    OPS_API.collectionHardshipDecide,
    {
      summary: '处理困难申请：接受或拒绝（只能处理一次）',
      description: `${ACT} 已处理 4403；不存在 4402。接受后如需减免罚息，请另行提交减免申请（须复核）。`,
      permission: 'collection.assign',
      body: HardshipDecideBody,
      result: ActResultSchema,
    },
    (request, operator) => decideHardship(ctx, operator, request.body, requestMeta(request)),
  );
  ops.post(
    OPS_API.collectionAssign,
    {
      summary: '分派案件给运营人员（null 取消分派）',
      description: `${ACT} 负责人须有“催收跟进”权限、未停用且数据范围包括该借款人（4404）。`,
      permission: 'collection.assign',
      body: AssignBody,
      result: ActResultSchema,
    },
    (request, operator) => assignCase(ctx, operator, request.body, requestMeta(request)),
  );
  ops.post(
    OPS_API.collectionNextAction,
    {
      summary: '设定下一步行动与日期（两者都为空即清除）',
      description: `${ACT} 日期须在今天起 90 天内（4408）。`,
      permission: 'collection.work',
      body: NextActionBody,
      result: ActResultSchema,
    },
    (request, operator) => setNextAction(ctx, operator, request.body, requestMeta(request)),
  );
}
