import { PassThrough, type Readable } from 'node:stream';
import { LEDGER_TYPE_DISPLAY, type LedgerLine, type LedgerTotals, shanghaiDateTime } from '@loan/domain';
import ExcelJS from 'exceljs';

/** The columns of a transaction export, in order, with their Chinese headers. */
const EXPORT_HEADERS = ['时间', '类型', '金额', '本金', '利息', '罚息', '服务费', '产品', '备注'] as const;

function rowOf(line: LedgerLine): string[] {
  return [
    shanghaiDateTime(new Date(line.occurredAt)),
    LEDGER_TYPE_DISPLAY[line.type]?.label ?? line.type,
    line.amount,
    line.principal,
    line.interest,
    line.penalty,
    line.fee,
    line.productName ?? '',
    line.memo ?? '',
  ];
}

/**
 * 合计: the signed net sums of the range, each the sum of the signed column above it (what a spreadsheet's SUM
 * gives), not the worded totals of the transaction list (domain ledgerTotalFigures).
 */
function totalsRow(totals: LedgerTotals): string[] {
  return [
    `合计（${totals.count} 笔）`,
    '',
    totals.amount,
    totals.principal,
    totals.interest,
    totals.penalty,
    totals.fee,
    '',
    '',
  ];
}

function csvCell(value: string): string {
  // a leading =, +, -, @ would be read as a formula by spreadsheets: amounts are plain numbers, text is quoted
  const text = /^[=+@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** UTF-8 with BOM (Excel opens the Chinese cleanly), CRLF lines, headers, the rows, a totals row. */
export function ledgerCsv(lines: readonly LedgerLine[], totals: LedgerTotals): Buffer {
  const rows = [[...EXPORT_HEADERS], ...lines.map(rowOf), totalsRow(totals)];
  const text = rows.map((r) => r.map(csvCell).join(',')).join('\r\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\r\n`, 'utf8')]);
}

/** Widths of the columns in the workbook: the time, the type and the five amounts, the product and the memo. */
const COLUMN_WIDTHS = [20, 12, 12, 12, 12, 12, 12, 24, 24];
/** The amount columns (金额 本金 利息 罚息 服务费): numbers shown with two decimals, the figures of the ledger. */
const AMOUNT_COLUMNS = new Set([2, 3, 4, 5, 6]);
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The export as an xlsx workbook, streamed as it is written: sheet 交易记录 with the headers, one row per line
 * and the totals; amounts are numeric cells in the format #,##0.00, text is written in the sheet itself.
 */
export function ledgerXlsx(lines: readonly LedgerLine[], totals: LedgerTotals): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('交易记录');
  sheet.columns = COLUMN_WIDTHS.map((width) => ({ width }));
  sheet.addRow([...EXPORT_HEADERS]).commit();
  for (const row of [...lines.map(rowOf), totalsRow(totals)]) {
    const added = sheet.addRow(
      row.map((value, c) => (AMOUNT_COLUMNS.has(c) && DECIMAL.test(value) ? Number(value) : value)),
    );
    for (const c of AMOUNT_COLUMNS) added.getCell(c + 1).numFmt = '#,##0.00';
    added.commit();
  }
  sheet.commit();
  workbook.commit().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
