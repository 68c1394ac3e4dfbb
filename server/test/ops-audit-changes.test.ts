import { OPS_API } from '@loan/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { makeOperator, ok, opsCall, type SignedInOperator } from './helpers/operators.ts';

let t: TestApp;
let admin: SignedInOperator;
let admin2: SignedInOperator;

interface Entry {
  action: string;
  actor: string;
  loginId: string | null;
  detail: { subject?: string; changes?: Record<string, { before: unknown; after: unknown }> } | null;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeOperator(t, 'chg-admin', ['admin']);
  admin2 = await makeOperator(t, 'chg-admin2', ['admin']);
  await makeOperator(t, 'chg-reviewer', ['reviewer']);
});
afterAll(() => t.close());

const search = async (query: Record<string, unknown>) =>
  ok(
    await opsCall<{ entries: Entry[] }>(
      t,
      'GET',
      OPS_API.auditSearch,
      { limit: 100, ...query },
      admin.opsToken,
    ),
  ).entries;

describe('the audit trail keeps the before and after of what an act changed, searchable by subject', () => {
  it('records a role change, a stop and a reset with their before and after', async () => {
    const asked = ok(
      await opsCall<{ requestId: number }>(
        t,
        'POST',
        OPS_API.operatorSetRoles,
        { loginId: 'chg-reviewer', roles: ['finance', 'reviewer'] },
        admin.opsToken,
      ),
    );
    ok(await opsCall(t, 'POST', OPS_API.confirmRequest, { requestId: asked.requestId }, admin2.opsToken));
    ok(
      await opsCall(
        t,
        'POST',
        OPS_API.operatorSetDisabled,
        { loginId: 'chg-reviewer', disabled: true },
        admin.opsToken,
      ),
    );
    ok(await opsCall(t, 'POST', OPS_API.operatorResetTotp, { loginId: 'chg-reviewer' }, admin.opsToken));

    const entries = await search({ subject: 'operator:chg-reviewer' });
    const byAction = (action: string) => entries.find((e) => e.action === action)?.detail?.changes;
    expect(byAction('ops.operator.roles_changed')).toEqual({
      roles: { before: ['reviewer'], after: ['finance', 'reviewer'] },
    });
    expect(byAction('ops.operator.disabled')).toEqual({ disabled: { before: false, after: true } });
    expect(byAction('ops.operator.totp_reset')).toEqual({ totp: { before: true, after: false } });
    // the subject search finds this operator's entries only
    expect(entries.every((e) => e.detail?.subject === 'operator:chg-reviewer')).toBe(true);
    expect(entries.length).toBeGreaterThanOrEqual(4);
  });

  it('filters by whose act it was', async () => {
    const operatorActs = await search({ actor: 'operator' });
    expect(operatorActs.length).toBeGreaterThan(0);
    expect(operatorActs.every((e) => e.actor === 'operator')).toBe(true);
    const system = await search({ actor: 'system' });
    expect(system.every((e) => e.actor === 'system')).toBe(true);
    const bad = await opsCall(t, 'GET', OPS_API.auditSearch, { actor: 'robot' }, admin.opsToken);
    expect(bad.response.rspCode).not.toBe('0000');
    expect(bad.status).toBeLessThan(500);
  });

  it('writes the changes in the export, in Chinese', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api${OPS_API.auditExport}`,
      query: { subject: 'operator:chg-reviewer', action: 'ops.operator.roles_changed' },
      headers: { opsToken: admin.opsToken },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('审计日志');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(8).value).toBe('角色：审核 → 财务、审核');
  });
});
