import { API } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { requestMeta } from '../../plugins/session.ts';
import { signedInRoutes } from '../../plugins/signed-in-routes.ts';
import {
  ApplicationActionBody,
  ApplicationQuerystring,
  CompleteStepBody,
  CreateApplicationBody,
  SubmitApplicationBody,
} from '../../schemas/application-requests.ts';
import { ApplicationDetailSchema, ApplicationListResultSchema } from '../../schemas/application-results.ts';
import { SignContractBody } from '../../schemas/contract.ts';
import { contractRoutes } from './contract-routes.ts';
import {
  advanceCancel,
  completeStep,
  createApplication,
  findApplication,
  listApplications,
  signContract,
  submitApplication,
} from './service.ts';

const TAGS = ['融资申请'];
const NOT_FOUND_NOTE = '不存在、他人的或编号格式不正确的申请一律返回 3005（不透露是否存在）。';

export function applicationRoutes(app: App, ctx: AppContext): void {
  const base = ctx.config.apiBase;
  const signedIn = signedInRoutes(app, base);

  signedIn.post(
    API.createApplication,
    {
      tags: TAGS,
      summary: '创建融资申请（该产品已有进行中的申请时返回原申请）',
      description: '产品不存在或已下架 3101。华润银行（CRBANK）的申请带订单号 mcOrderNo。',
      body: CreateApplicationBody,
      result: ApplicationDetailSchema,
    },
    (request, user) => createApplication(ctx, user, request.body, requestMeta(request)),
  );

  signedIn.get(
    API.applicationDetail,
    {
      tags: TAGS,
      summary: '申请详情：状态、流程步骤、进度记录、可进行的操作',
      description: `按 rowId 或 mcOrderNo 查询；给出 productCode/productType 时须与申请一致。${NOT_FOUND_NOTE}`,
      querystring: ApplicationQuerystring,
      result: ApplicationDetailSchema,
    },
    (request, user) => findApplication(ctx, user, request.query),
  );

  signedIn.get(
    API.applicationList,
    {
      tags: TAGS,
      summary: '我的融资申请（最新在前）',
      result: ApplicationListResultSchema,
    },
    (_request, user) => listApplications(ctx, user),
  );

  signedIn.post(
    API.submitApplication,
    {
      tags: TAGS,
      summary: '提交融资申请',
      description:
        '依次检查：申请归属 3005；状态 3001/3003；用途与金额格式 1001；产品规则 3102–3105；店铺授权 3201；' +
        '店铺预估可借额度（近12个月销售额的30%）3106；' +
        '协议 3301；贷款认证 3401；其他步骤 3402。通过后提交合作机构审核；合作机构暂不可达时保持“已提交”，再次提交即重试。',
      body: SubmitApplicationBody,
      result: ApplicationDetailSchema,
    },
    (request, user) => submitApplication(ctx, user, request.body, requestMeta(request)),
  );

  signedIn.post(
    API.completeStep,
    {
      tags: TAGS,
      summary: '完成沙箱模拟步骤（人脸识别）；开立收款账户在收款账户页面完成',
      description: `步骤不在该产品流程中 3402；时机不对 3001；申请已结束 3003；尚未在该机构开立收款子账户 2111。${NOT_FOUND_NOTE}`,
      body: CompleteStepBody,
      result: ApplicationDetailSchema,
    },
    (request, user) => completeStep(ctx, user, request.body, requestMeta(request)),
  );

  signedIn.post(
    API.advanceCancel,
    {
      tags: TAGS,
      summary: '取消申请：审核结束前或审批通过后至放款前，借款人结束本次申请',
      description: `已放款 3002；申请已结束 3003；合作机构拒绝取消 3001（附原因）。${NOT_FOUND_NOTE}`,
      body: ApplicationActionBody,
      result: ApplicationDetailSchema,
    },
    (request, user) => advanceCancel(ctx, user, request.body, requestMeta(request)),
  );

  signedIn.post(
    API.signContract,
    {
      tags: TAGS,
      summary: '签署借款合同（审批通过后），之后等待合作机构放款',
      description:
        '先获取借款合同（/loanMgr/loanContract），阅读后提交其 textHash 与 readToken。状态不允许 3001/3003；' +
        '签约前的步骤未完成 3402；超过签署期限 3404；阅读凭证无效 1001；阅读时间不足 3405；' +
        `合同内容已变化（条件在阅读后有变）3406。${NOT_FOUND_NOTE}`,
      body: SignContractBody,
      result: ApplicationDetailSchema,
    },
    (request, user) => signContract(ctx, user, request.body, requestMeta(request)),
  );

  contractRoutes(app, ctx);
}
