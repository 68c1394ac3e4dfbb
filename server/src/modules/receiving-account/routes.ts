import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API, ok } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import { type App, NEEDS_TOKEN } from '../../http.ts';
import { currentSession, requestMeta } from '../../plugins/session.ts';
import { BankCallbackParams } from '../../schemas/application-requests.ts';
import { BankCallbackResultSchema } from '../../schemas/application-results.ts';
import { envelope } from '../../schemas/envelope.ts';
import {
  OpenSubAccountBody,
  PaidMethodBody,
  ReceivingAccountViewSchema,
  SettlementAccountBody,
  VerifySettlementBody,
} from '../../schemas/receiving.ts';
import { receiveSubAccountCallback } from './callback.ts';
import { requestSubAccount } from './open.ts';
import { checkPayout } from './payouts.ts';
import { submitSettlementAccount, verifySettlement } from './settlement.ts';
import { choosePaidMethod, receivingAccount } from './view.ts';

const TAGS = ['收款账户'];
const VIEW = { 200: envelope(ReceivingAccountViewSchema) };

/** The receiving account (/lock/*): every answer is the whole page's view, so the page refreshes from it. */
export function receivingAccountRoutes(app: App, ctx: AppContext): void {
  const base = ctx.config.apiBase;
  const view = (request: Parameters<typeof currentSession>[0]) =>
    receivingAccount(ctx, currentSession(request).user);

  app.get(
    `${base}${API.receivingAccount}`,
    {
      config: { auth: 'user' },
      schema: {
        tags: TAGS,
        summary: '收款账户：子账户、结算账户、回款指向、还款方式与锁定状态',
        description: '完整的收款子账户账号只在此处返回给本人；其余位置一律脱敏。',
        security: NEEDS_TOKEN,
        response: VIEW,
      },
    },
    async (request) => ok(await view(request)),
  );

  app.post(
    `${base}${API.openSubAccount}`,
    {
      config: { auth: 'user' },
      schema: {
        tags: TAGS,
        summary: '在合作机构开立（或变更）收款子账户，结果由机构异步回调',
        description:
          '未完成企业认证 3401；不是正在申请或借款的机构 2101；开立中 2102；有未结清贷款或已审批申请时已锁定 2103（rspDesc 含原因与锁定期限）。',
        security: NEEDS_TOKEN,
        body: OpenSubAccountBody,
        response: VIEW,
      },
    },
    async (request) => {
      const { user } = currentSession(request);
      await requestSubAccount(ctx, user, request.body, requestMeta(request));
      return ok(await view(request));
    },
  );

  app.post(
    `${base}${API.settlementAccount}`,
    {
      config: { auth: 'user' },
      schema: {
        tags: TAGS,
        summary: '提交结算账户（对公账户），合作机构向其小额打款',
        description: '未开立收款子账户 2111；账号不是 8-30 位数字 2110；今日打款次数已达上限 2109。',
        security: NEEDS_TOKEN,
        body: SettlementAccountBody,
        response: VIEW,
      },
    },
    async (request) => {
      const { user } = currentSession(request);
      await submitSettlementAccount(ctx, user, request.body, requestMeta(request));
      return ok(await view(request));
    },
  );

  app.post(
    `${base}${API.verifySettlement}`,
    {
      config: { auth: 'user' },
      schema: {
        tags: TAGS,
        summary: '输入小额打款金额完成结算账户验证',
        description:
          '没有待验证的打款 2105；金额不对 2106（含剩余次数）；错误 3 次 2107；超过 7 天 2108；今日次数已达上限 2109。',
        security: NEEDS_TOKEN,
        body: VerifySettlementBody,
        response: VIEW,
      },
    },
    async (request) => {
      const { user } = currentSession(request);
      await verifySettlement(ctx, user, request.body, requestMeta(request));
      return ok(await view(request));
    },
  );

  app.post(
    `${base}${API.recheckPayout}`,
    {
      config: { auth: 'user' },
      schema: {
        tags: TAGS,
        summary: '重新核实店铺回款是否指向收款子账户',
        security: NEEDS_TOKEN,
        response: VIEW,
      },
    },
    async (request) => {
      await checkPayout(ctx, currentSession(request).user.id);
      return ok(await view(request));
    },
  );

  app.post(
    `${base}${API.paidMethod}`,
    {
      config: { auth: 'user' },
      schema: {
        tags: TAGS,
        summary: '选择还款方式：回款自动扣款或主动还款',
        security: NEEDS_TOKEN,
        body: PaidMethodBody,
        response: VIEW,
      },
    },
    async (request) => {
      const { user } = currentSession(request);
      await choosePaidMethod(ctx, user, request.body, requestMeta(request));
      return ok(await view(request));
    },
  );

  // the bank's signed answer: the exact bytes are kept for the signature (as /callbacks/bank/{bank})
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      `${base}${API.bankCallback}/:bank${API.subAccountCallbackSuffix}`,
      {
        schema: {
          tags: ['合作机构回调'],
          summary: '合作机构收款子账户开户结果回调（HMAC 签名，幂等）',
          description:
            '签名与 /callbacks/bank/{bank} 相同。未知机构 1001；签名错误 3501；时间戳偏差超过 5 分钟 3502；请求体格式错误 1001/1002。' +
            '同一 eventId 重复回调返回 DUPLICATE；未知请求或已不在开立中返回 IGNORED。',
          params: BankCallbackParams,
          response: { 200: envelope(BankCallbackResultSchema) },
        },
      },
      async (request) =>
        ok(await receiveSubAccountCallback(ctx, request.params.bank, request.headers, request.body)),
    );
  });
}
