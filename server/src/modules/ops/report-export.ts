import {
  FEE_INCOME_LABELS,
  type FeeIncomeFigures,
  type FeeIncomeReport,
  PRINCIPAL_LABELS,
  type PrincipalFigures,
  type PrincipalReport,
  RECONCILIATION_TOTAL_LABELS,
  type ReconciliationReport,
  shanghaiDateTime,
  type Tally,
} from '@loan/domain';
import ExcelJS from 'exceljs';

/**
 * The reports as xlsx workbooks: the figures the page shows, money as numeric cells in #,##0.00 made from the
 * report's own yuan text (the ledger export's way), so a spreadsheet's SUM gives the totals.
 */

const MONEY_FORMAT = '#,##0.00';

type Cell = string | number | null;

/** A row whose cells at `money` (0-based) are yuan text written as numbers. */
function addRow(sheet: ExcelJS.Worksheet, cells: Cell[], money: readonly number[] = [], bold = false) {
  const row = sheet.addRow(cells.map((c, i) => (money.includes(i) && typeof c === 'string' ? Number(c) : c)));
  for (const i of money) row.getCell(i + 1).numFmt = MONEY_FORMAT;
  if (bold) row.font = { bold: true };
  return row;
}

async function bookOf(fill: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = '运营后台';
  fill(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** 对账: sheet 汇总 (the day, the gateway's check, each total) and sheet 差异明细 (every mismatch). */
export function reconciliationWorkbook(report: ReconciliationReport): Promise<Buffer> {
  return bookOf((book) => {
    const summary = book.addWorksheet('汇总');
    summary.columns = [{ width: 30 }, { width: 10 }, { width: 18 }];
    addRow(summary, ['对账日期（北京时间）', report.date]);
    addRow(summary, [
      '支付网关',
      report.gatewayChecked ? '已与支付网关对账单核对' : (report.gatewayNote ?? '未核对'),
    ]);
    addRow(summary, []);
    addRow(summary, ['项目', '笔数', '金额（元）'], [], true);
    const t = report.totals;
    const tally = (key: keyof typeof RECONCILIATION_TOTAL_LABELS, v: Tally | null) =>
      addRow(summary, [RECONCILIATION_TOTAL_LABELS[key], v?.count ?? '未核对', v?.amount ?? null], [2]);
    const amount = (key: keyof typeof RECONCILIATION_TOTAL_LABELS, v: string | null) =>
      addRow(summary, [RECONCILIATION_TOTAL_LABELS[key], null, v ?? '未核对'], [2]);
    tally('paidOrders', t.paidOrders);
    tally('ledgerReceipts', t.ledgerReceipts);
    amount('receiptDifference', t.receiptDifference);
    tally('refunds', t.refunds);
    tally('ledgerRefunds', t.ledgerRefunds);
    amount('refundDifference', t.refundDifference);
    tally('gatewayOrders', t.gatewayOrders);
    amount('gatewayOrderDifference', t.gatewayOrderDifference);
    tally('gatewayRefunds', t.gatewayRefunds);
    amount('gatewayRefundDifference', t.gatewayRefundDifference);
    amount('net', t.net);
    addRow(summary, ['差异笔数', report.mismatches.length, null]);

    const details = book.addWorksheet('差异明细');
    details.columns = [24, 26, 26, 16, 14, 14, 14, 16, 70].map((width) => ({ width }));
    addRow(
      details,
      [
        '差异类型',
        '订单号',
        '退款单号',
        '借款人',
        '我方金额（元）',
        '账本金额（元）',
        '网关金额（元）',
        '账本记录',
        '原因',
      ],
      [],
      true,
    );
    for (const m of report.mismatches) {
      addRow(
        details,
        [
          m.label,
          m.outTradeNo ?? '',
          m.refundNo ?? '',
          m.loginId ?? '',
          m.ours,
          m.ledger,
          m.gateway,
          m.ledgerIds.map((id) => `#${id}`).join('、'),
          m.reason,
        ],
        [4, 5, 6],
      );
    }
  });
}

const FEE_KEYS = Object.keys(FEE_INCOME_LABELS) as (keyof FeeIncomeFigures)[];

/** 服务费收入: one row per day or month of the range, then 合计. */
export function feeIncomeWorkbook(report: FeeIncomeReport): Promise<Buffer> {
  return bookOf((book) => {
    const sheet = book.addWorksheet('服务费收入');
    sheet.columns = [14, ...FEE_KEYS.map(() => 22)].map((width) => ({ width }));
    const money = FEE_KEYS.map((_, i) => i + 1);
    addRow(sheet, ['统计范围（北京时间）', `${report.from} 至 ${report.to}`]);
    addRow(
      sheet,
      [report.by === 'month' ? '月份' : '日期', ...FEE_KEYS.map((k) => `${FEE_INCOME_LABELS[k]}（元）`)],
      [],
      true,
    );
    for (const row of report.rows) addRow(sheet, [row.period, ...FEE_KEYS.map((k) => row[k])], money);
    addRow(sheet, ['合计', ...FEE_KEYS.map((k) => report.totals[k])], money, true);
  });
}

const PRINCIPAL_KEYS = Object.keys(PRINCIPAL_LABELS) as (keyof PrincipalFigures)[];
const principalCells = (f: PrincipalFigures) => PRINCIPAL_KEYS.map((k) => f[k]);

/** 本金余额: each product under its bank, each bank's 小计, then 合计. */
export function principalWorkbook(report: PrincipalReport): Promise<Buffer> {
  return bookOf((book) => {
    const sheet = book.addWorksheet('本金余额');
    sheet.columns = [18, 26, 16, 10, 12, 20, 20].map((width) => ({ width }));
    const money = [5, 6];
    addRow(sheet, ['统计时间（北京时间）', shanghaiDateTime(new Date(report.asOf))]);
    addRow(sheet, []);
    addRow(
      sheet,
      ['合作机构', '产品', '产品代码', ...PRINCIPAL_KEYS.map((k) => PRINCIPAL_LABELS[k])].map((h, i) =>
        money.includes(i) ? `${h}（元）` : h,
      ),
      [],
      true,
    );
    for (const bank of report.banks) {
      for (const row of report.rows.filter((r) => r.bank === bank.bank)) {
        addRow(sheet, [row.bankName, row.productName, row.productCode, ...principalCells(row)], money);
      }
      addRow(sheet, [`${bank.bankName} 小计`, '', '', ...principalCells(bank)], money, true);
    }
    addRow(sheet, ['合计', '', '', ...principalCells(report.totals)], money, true);
  });
}
