import {
  AUDIT_ACTOR_LABELS,
  auditChangesText,
  auditLabel,
  auditSummary,
  shanghaiDateTime,
} from '@loan/domain';
import ExcelJS from 'exceljs';
import { type AuditRow, entryOf } from './audit-search.ts';

const HEADERS = [
  '时间（北京时间）',
  '动作',
  '动作代码',
  '操作方',
  '登录账号',
  '来源地址',
  '内容',
  '变更（前 → 后）',
  '详情',
];
const WIDTHS = [20, 22, 30, 10, 16, 16, 40, 40, 60];

/** The audit entries of a search as an xlsx workbook: sheet 审计日志, newest first, the detail as JSON. */
export async function auditWorkbook(rows: readonly AuditRow[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = '运营后台';
  const sheet = book.addWorksheet('审计日志');
  sheet.columns = HEADERS.map((header, i) => ({ header, width: WIDTHS[i] }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const entry = entryOf(row);
    sheet.addRow([
      shanghaiDateTime(row.createdAt),
      auditLabel(entry.action),
      entry.action,
      AUDIT_ACTOR_LABELS[entry.actor],
      entry.loginId ?? '',
      entry.ip ?? '',
      auditSummary(entry.detail),
      auditChangesText(entry.detail),
      entry.detail ? JSON.stringify(entry.detail) : '',
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
