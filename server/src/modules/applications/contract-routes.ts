import { API, RSP } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { ApiError } from '../../lib/api-error.ts';
import { signedInRoutes } from '../../plugins/signed-in-routes.ts';
import { LoanContractQuerystring, LoanContractViewSchema } from '../../schemas/contract.ts';
import { loanContractOf } from './contract.ts';
import { previewContractFile, signedContractFile } from './contract-documents.ts';
import { keptContract } from './contract-kept.ts';
import { notFound, ownApplication, parseRowId } from './lookup.ts';

const TAGS = ['融资申请'];
const NOT_FOUND_NOTE = '不存在、他人的或编号格式不正确的申请一律返回 3005（不透露是否存在）。';

/** The loan contract: read (and previewed as a PDF) before signing, and the signed one as a PDF. */
export function contractRoutes(app: App, ctx: AppContext): void {
  const signedIn = signedInRoutes(app, ctx, TAGS);
  const rowIdOf = (text: string) => {
    const id = parseRowId(text);
    if (id === null) throw notFound();
    return id;
  };

  signedIn.get(
    API.loanContract,
    {
      summary: '借款合同：审批通过后按本笔借款的审批条件生成；签署后为留存的签署文本',
      description:
        '审批通过（APPROVED）时按当前条件生成合同全文、关键信息与还款计划，附阅读凭证 readToken 和至少阅读秒数；' +
        '超过签署期限时 expired 为 true、readToken 为空。已签署的申请返回签署时留存的合同（signed 不为空）。' +
        `其他状态 3001。${NOT_FOUND_NOTE}`,
      querystring: LoanContractQuerystring,
      result: LoanContractViewSchema,
    },
    (request, user) => loanContractOf(ctx, user, rowIdOf(request.query.rowId)),
  );

  signedIn.file(
    API.loanContractPdf,
    {
      summary: '已签署借款合同（PDF）',
      description: `成功时直接返回 PDF 文件（签署时留存的合同全文与签署记录）；尚未签署或留存的合同无法读取时 3407，返回 JSON 信封。${NOT_FOUND_NOTE}`,
      querystring: LoanContractQuerystring,
    },
    async (request, user) => {
      const row = await ownApplication(ctx.db, user.id, rowIdOf(request.query.rowId));
      const kept = await keptContract(ctx.db, row.id);
      if (!kept) throw new ApiError(RSP.CONTRACT_NOT_SIGNED);
      return signedContractFile(ctx, kept);
    },
  );

  signedIn.file(
    API.loanContractPreviewPdf,
    {
      summary: '借款合同预览（PDF，签署前）',
      description:
        '审批通过、尚未签署时返回按当前条件生成的合同 PDF，每页带“预览（未签署）”水印，无印章和验证码；' +
        `已签署 3001（请下载已签署合同）；其他状态与合同接口相同。成功时直接返回 PDF 文件，否则返回 JSON 信封。${NOT_FOUND_NOTE}`,
      querystring: LoanContractQuerystring,
    },
    async (request, user) => previewContractFile(ctx, user, rowIdOf(request.query.rowId)),
  );
}
