import { shanghaiDate, shanghaiInstant } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { auditLog, feeItems } from '../../src/db/schema.ts';
import { login, type TestApp } from './app.ts';
import { okResult } from './applications.ts';
import type { ReadyBorrower } from './borrower.ts';
import { makeOperator, opsCall } from './operators.ts';
import { deliverNotifies, payCalls } from './payments.ts';
import { deliverGatewayNotifies, refundCalls, runRefundJob } from './refunds.ts';

/** The console's reports in tests: signing finance in, calling a report, opening its export. */

let signIns = 0;

/**
 * A finance operator (财务: report.read) signed in now. Console sessions end after 15 idle minutes: after the clock
 * moves, sign a new one in.
 */
export async function financeToken(t: TestApp): Promise<string> {
  signIns += 1;
  return (await makeOperator(t, `report-fin-${signIns}`, ['finance'])).opsToken;
}

export function report<T>(t: TestApp, path: string, query: Record<string, unknown>, opsToken: string) {
  return opsCall<T>(t, 'GET', path, query, opsToken);
}

/** A report's export, opened with exceljs (a refusal fails the test with its JSON). */
export async function exportedBook(
  t: TestApp,
  path: string,
  query: Record<string, string>,
  opsToken: string,
): Promise<ExcelJS.Workbook> {
  const res = await t.app.inject({ method: 'GET', url: `/api${path}`, query, headers: { opsToken } });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.xlsx"; filename\*=UTF-8''/);
  expect(res.headers['cache-control']).toBe('no-store');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}

/** The values of a sheet's rows (index 0 is exceljs's empty slot), each row from column 1. */
export function sheetRows(book: ExcelJS.Workbook, name: string): unknown[][] {
  const sheet = book.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** The row whose first cell is `label`. */
export function rowOf(rows: unknown[][], label: string): unknown[] {
  const row = rows.find((r) => r[0] === label);
  if (!row) throw new Error(`no row ${label}`);
  return row;
}

/** A money cell as the API's yuan text ("1234.50"): the workbook holds numbers with two places. */
export function cellYuan(value: unknown): string | null {
  return typeof value === 'number'
    ? value.toFixed(2)
    : value === undefined || value === null
      ? null
      : String(value);
}

/** The newest audit entry of a report's export. */
export async function lastExportAudit(t: TestApp) {
  const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ops.report.exported'));
  return rows.at(-1);
}

/** Moves the clock to a Shanghai wall-clock time ("HH:mm:ss") of a date (never backwards). */
export function moveClockTo(t: TestApp, date: string, time: string): void {
  const target = shanghaiInstant(date, time).getTime();
  const now = t.clock.now().getTime();
  if (target < now) throw new Error(`the clock is past ${date} ${time}`);
  t.clock.advance(target - now);
}

/** Whether an instant falls on a Shanghai day (or in a month "YYYY-MM"). */
export const inPeriod = (at: Date | null, period: string) =>
  at !== null && shanghaiDate(at).startsWith(period);

/** A fresh session of a borrower (theirs idle out when the clock moves). */
export async function relogin(t: TestApp, b: ReadyBorrower): Promise<ReadyBorrower> {
  return { ...b, token: await login(t.app, b.loginId, b.password) };
}

/** The upfront fee of a loan paid now at the sandbox cashier (optionally with a coupon), the notify delivered. */
export async function payUpfrontFee(t: TestApp, b: ReadyBorrower, loanId: number, couponId?: number) {
  const [fee] = await t.db
    .select()
    .from(feeItems)
    .where(and(eq(feeItems.loanId, loanId), eq(feeItems.seq, 0)));
  if (!fee) throw new Error('no upfront fee item');
  const pay = payCalls(t);
  const created = okResult(
    await pay.create(b.token, { feeIds: [fee.id], channel: 'ALIPAY', ...(couponId ? { couponId } : {}) }),
  );
  if (created.order.status === 'CREATED') {
    okResult(await pay.cashier(b.token, created.order.outTradeNo));
    await deliverNotifies(t);
  }
  return created.order.outTradeNo;
}

/** A refund of `amount` of a paid order: applied for, approved by the sandbox rule, made by the gateway. */
export async function refundNow(t: TestApp, b: ReadyBorrower, outTradeNo: string, amount: string) {
  const applied = okResult(await refundCalls(t).apply(b.token, { outTradeNo, amount, reason: '重复缴费' }));
  t.clock.advance(3500);
  await runRefundJob(t);
  await deliverGatewayNotifies(t);
  return applied.refund.refundNo;
}
