import { API, RSP, shanghaiDate } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { ApiError } from '../../lib/api-error.ts';
import { requestMeta } from '../../plugins/session.ts';
import { signedInRoutes } from '../../plugins/signed-in-routes.ts';
import {
  LoanRecordDetailQuerystring,
  LoanRecordDetailSchema,
  LoanRecordPageSchema,
  LoanRecordQuerystring,
  TradingExportQuerystring,
  TradingRecordPageSchema,
  TradingRecordQuerystring,
} from '../../schemas/loans.ts';
import {
  EarlySettleBody,
  EarlySettleResultSchema,
  SettlementQuoteQuerystring,
  SettlementQuoteSchema,
} from '../../schemas/settlement.ts';
import { ledgerCsv, ledgerXlsx } from './export-file.ts';
import { loanRecordDetail, loanRecords } from './records.ts';
import { earlySettle, settlementQuote } from './settlement.ts';
import { settlementCertificateFile } from './settlement-certificate-file.ts';
import { ledgerForExport, MAX_EXPORT_ROWS, tradingRecord } from './trading.ts';

const LOAN_TAGS = ['贷款记录'];
const TRADING_TAGS = ['交易记录'];
const PAGING_NOTE =
  '按 nextCursor 翻页（不透明，仅本人有效）；游标、日期或条数不合法返回 1001 并说明原因；翻过最后一页返回空列表且 nextCursor 为 null。';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export function loanRoutes(app: App, ctx: AppContext): void {
  const signedIn = signedInRoutes(app, ctx, LOAN_TAGS);

  signedIn.get(
    API.loanRecords,
    {
      summary: '我的贷款记录：申请及其贷款，最新在前，可按状态、机构、申请日期筛选',
      description: PAGING_NOTE,
      querystring: LoanRecordQuerystring,
      result: LoanRecordPageSchema,
    },
    (request, user) => loanRecords(ctx, user, request.query),
  );

  signedIn.get(
    API.loanRecordDetail,
    {
      summary: '贷款记录详情：申请进度、贷款条款、还款计划、交易流水、已签协议',
      description: '不存在或他人的申请一律返回 3005。',
      querystring: LoanRecordDetailQuerystring,
      result: LoanRecordDetailSchema,
    },
    (request, user) => loanRecordDetail(ctx, user, request.query.rowId),
  );

  signedIn.get(
    API.settlementQuote,
    {
      summary:
        '提前结清报价：剩余本金 + 按实际天数的利息 + 已到期未付的服务费 + 罚息 − 已缴未到期期次的利息与服务费',
      description:
        '报价当日有效（validUntil，北京时间当日 23:59:59）；有待支付的提前结清订单时 openOrder 给出收银台地址。不存在或他人的贷款 3601；已结清 3602。',
      querystring: SettlementQuoteQuerystring,
      result: SettlementQuoteSchema,
    },
    (request, user) => settlementQuote(ctx, user, request.query.loanId),
  );

  signedIn.post(
    API.earlySettle,
    {
      summary: '确认提前结清：生成提前结清支付订单（金额须与最新报价一致），在收银台支付后结清',
      description:
        '返回支付订单与收银台地址；只有支付成功的通知才结清贷款并通知合作机构。金额与最新报价不一致 3603（说明中给出最新金额）；该贷款有待支付订单（含尚未支付的提前结清）3808；不存在或他人的贷款 3601；已结清 3602。',
      body: EarlySettleBody,
      result: EarlySettleResultSchema,
    },
    (request, user) => earlySettle(ctx, user, request.body, requestMeta(request)),
  );

  signedIn.get(
    API.tradingRecord,
    {
      tags: TRADING_TAGS,
      summary: '交易记录：放款、还款（本金/利息/罚息拆分）、服务费等，最新在前，含筛选范围内的合计',
      description: PAGING_NOTE,
      querystring: TradingRecordQuerystring,
      result: TradingRecordPageSchema,
    },
    (request, user) => tradingRecord(ctx, user, request.query),
  );

  signedIn.file(
    API.settlementCertificatePdf,
    {
      summary: '结清证明（PDF）',
      description:
        '已结清贷款的结清证明：借款人、贷款、合作机构、已还本金/利息/服务费/罚息、减免服务费、结清日期、印章与验证码。成功时直接返回 PDF 文件；未结清 3604；不存在或他人的贷款 3601（JSON 信封）。',
      querystring: SettlementQuoteQuerystring,
    },
    (request, user) => settlementCertificateFile(ctx, user, request.query.loanId),
  );

  signedIn.file(
    API.tradingExport,
    {
      tags: TRADING_TAGS,
      summary: '导出交易记录（CSV 或 Excel），筛选条件同交易记录',
      description: `成功时直接返回文件（CSV 为带 BOM 的 UTF-8）；超过 ${MAX_EXPORT_ROWS} 行或条件不合法时返回 1001 的 JSON 信封。`,
      querystring: TradingExportQuerystring,
    },
    async (request, user) => {
      const { format, ...filters } = request.query;
      const data = await ledgerForExport(ctx, user, filters);
      if (!data) throw new ApiError(RSP.INVALID_INPUT, '导出范围过大，请缩小日期范围');
      const day = shanghaiDate(ctx.now()).replaceAll('-', '');
      return {
        type: CONTENT_TYPES[format],
        fileName: `交易记录-${day}.${format}`,
        asciiName: `trading-${day}.${format}`,
        body: format === 'csv' ? ledgerCsv(data.lines, data.totals) : ledgerXlsx(data.lines, data.totals),
      };
    },
  );
}
