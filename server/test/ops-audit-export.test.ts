import { OPS_API, RSP } from '@loan/domain';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { AUDIT_EXPORT_MAX } from '../src/modules/ops/audit-search.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { makeOperator, ok, opsCall, type SignedInOperator } from './helpers/operators.ts';

let t: TestApp;
let admin: SignedInOperator;
let support: SignedInOperator;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeOperator(t, 'export-admin', ['admin']);
  support = await makeOperator(t, 'export-support', ['support']);
});
afterAll(() => t.close());

function exportAudit(query: Record<string, string>, token = admin.opsToken) {
  return t.app.inject({
    method: 'GET',
    url: `/api${OPS_API.auditExport}`,
    query,
    headers: { opsToken: token },
  });
}

describe('the audit search exported to xlsx', () => {
  it('holds the same entries as the search, newest first, in Chinese and Shanghai time', async () => {
    const search = ok(
      await opsCall<{ entries: Array<{ action: string; loginId: string }> }>(
        t,
        'GET',
        OPS_API.auditSearch,
        { action: 'ops.login', limit: 100 },
        admin.opsToken,
      ),
    );
    const res = await exportAudit({ action: 'ops.login' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/filename\*=UTF-8''%E5%AE%A1%E8%AE%A1/);
    expect(res.headers['cache-control']).toBe('no-store');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('审计日志');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      '时间（北京时间）',
      '动作',
      '动作代码',
      '操作方',
      '登录账号',
      '来源地址',
      '内容',
      '变更（前 → 后）',
      '详情',
    ]);
    const rows = (sheet?.getRows(2, (sheet?.rowCount ?? 1) - 1) ?? []).map((row) => row.values as unknown[]);
    expect(rows.map((r) => r[3])).toEqual(search.entries.map((e) => e.action));
    expect(rows.map((r) => r[5])).toEqual(search.entries.map((e) => e.loginId));
    const first = rows.find((r) => r[3] === 'ops.login.success');
    expect(first?.[2]).toBe('运营人员登录');
    expect(first?.[4]).toBe('运营人员');
    expect(String(first?.[1])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // the export is itself in the trail, with its filter
    const [exported] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ops.audit.exported'));
    expect(exported).toMatchObject({ loginId: 'export-admin', detail: { filter: { action: 'ops.login' } } });
  });

  it('is refused without audit.read, and above its ceiling asks for a narrower search', async () => {
    const refused = await exportAudit({}, support.opsToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().response.rspCode).toBe(RSP.OPS_FORBIDDEN);
    await t.db.execute(
      sql`insert into audit_log (action, created_at) select 'bulk.test', now() from generate_series(1, ${AUDIT_EXPORT_MAX + 1})`,
    );
    const tooMany = await exportAudit({ action: 'bulk.' });
    expect(tooMany.statusCode).toBe(200);
    expect(tooMany.json().response).toMatchObject({ rspCode: RSP.INVALID_INPUT });
    expect(tooMany.json().response.rspDesc).toContain('请缩小时间范围');
    const bad = await exportAudit({ from: '2026-13-45' });
    expect(bad.json().response.rspDesc).toContain('起始时间格式不正确');
  });
});
