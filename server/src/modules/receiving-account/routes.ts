import { API } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { requestMeta } from '../../plugins/session.ts';
import { signedInRoutes } from '../../plugins/signed-in-routes.ts';
import {
  OpenSubAccountBody,
  PaidMethodBody,
  ReceivingAccountViewSchema,
  SettlementAccountBody,
  VerifySettlementBody,
} from '../../schemas/receiving.ts';
import { bankCallbackRoute } from '../bank-callbacks/routes.ts';
import { receiveSubAccountCallback } from './callback.ts';
import { requestSubAccount } from './open.ts';
import { checkPayout } from './payouts.ts';
import { submitSettlementAccount, verifySettlement } from './settlement.ts';
import { choosePaidMethod, receivingAccount } from './view.ts';

const TAGS = ['收款账户'];
/** The receiving account (/lock/*): every answer is the whole page's view, so the page refreshes from it. */
export function receivingAccountRoutes(app: App, ctx: AppContext): void {
  const base = ctx.config.apiBase;
  const signedIn = signedInRoutes(app, base);

  signedIn.get(
    API.receivingAccount,
    {
      tags: TAGS,
      summary: '收款账户：子账户、结算账户、回款指向、还款方式与锁定状态',
      description: '完整的收款子账户账号只在此处返回给本人；其余位置一律脱敏。',
      result: ReceivingAccountViewSchema,
    },
    (_request, user) => receivingAccount(ctx, user),
  );

  signedIn.post(
    API.openSubAccount,
    {
      tags: TAGS,
      summary: '在合作机构开立（或变更）收款子账户，结果由机构异步回调',
      description:
        '未完成企业认证 3401；不是正在申请或借款的机构 2101；开立中 2102；有未结清贷款或已审批申请时已锁定 2103（rspDesc 含原因与锁定期限）。',
      body: OpenSubAccountBody,
      result: ReceivingAccountViewSchema,
    },
    async (request, user) => {
      await requestSubAccount(ctx, user, request.body, requestMeta(request));
      return receivingAccount(ctx, user);
    },
  );

  signedIn.post(
    API.settlementAccount,
    {
      tags: TAGS,
      summary: '提交结算账户（对公账户），合作机构向其小额打款',
      description: '未开立收款子账户 2111；账号不是 8-30 位数字 2110；今日打款次数已达上限 2109。',
      body: SettlementAccountBody,
      result: ReceivingAccountViewSchema,
    },
    async (request, user) => {
      await submitSettlementAccount(ctx, user, request.body, requestMeta(request));
      return receivingAccount(ctx, user);
    },
  );

  signedIn.post(
    API.verifySettlement,
    {
      tags: TAGS,
      summary: '输入小额打款金额完成结算账户验证',
      description:
        '没有待验证的打款 2105；金额不对 2106（含剩余次数）；错误 3 次 2107；超过 7 天 2108；今日次数已达上限 2109。',
      body: VerifySettlementBody,
      result: ReceivingAccountViewSchema,
    },
    async (request, user) => {
      await verifySettlement(ctx, user, request.body, requestMeta(request));
      return receivingAccount(ctx, user);
    },
  );

  signedIn.post(
    API.recheckPayout,
    {
      tags: TAGS,
      summary: '重新核实店铺回款是否指向收款子账户',
      result: ReceivingAccountViewSchema,
    },
    async (_request, user) => {
      await checkPayout(ctx, user.id);
      return receivingAccount(ctx, user);
    },
  );

  signedIn.post(
    API.paidMethod,
    {
      tags: TAGS,
      summary: '选择还款方式：回款自动扣款或主动还款',
      body: PaidMethodBody,
      result: ReceivingAccountViewSchema,
    },
    async (request, user) => {
      await choosePaidMethod(ctx, user, request.body, requestMeta(request));
      return receivingAccount(ctx, user);
    },
  );

  // the bank's signed answer: the exact bytes are kept for the signature (as /callbacks/bank/{bank})
  bankCallbackRoute(
    app,
    ctx,
    API.subAccountCallbackSuffix,
    {
      summary: '合作机构收款子账户开户结果回调（HMAC 签名，幂等）',
      description:
        '签名与 /callbacks/bank/{bank} 相同。未知机构 1001；签名错误 3501；时间戳偏差超过 5 分钟 3502；请求体格式错误 1001/1002。' +
        '同一 eventId 重复回调返回 DUPLICATE；未知请求或已不在开立中返回 IGNORED。',
    },
    receiveSubAccountCallback,
  );
}
