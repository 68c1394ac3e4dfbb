import { OPS_API, RSP } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { makeOperator } from './helpers/operators.ts';
import { financeToken, report } from './helpers/reports.ts';

/** 每日对账's refusals: bad dates and fields in Chinese (the JSON and the export alike), 403 without report.read. */

let t: TestApp;
const DAY = '2026-03-02';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('what the reconciliation refuses', () => {
  it.each([
    [{ date: 'yesterday' }, '对账日期不是有效日期'],
    [{ date: '2026-02-30' }, '对账日期不是有效日期'],
    [{ date: '2099-01-01' }, '对账日期不能晚于今天'],
    [{ date: '2026-03-01', extra: '1' }, '不支持的字段'],
  ])('%j: 1001, %s', async (query, text) => {
    const token = await financeToken(t);
    const answer = await report(t, OPS_API.reportReconciliation, query, token);
    expect(answer.status).toBe(200);
    expect(answer.response.rspCode).toBe(RSP.INVALID_INPUT);
    expect(answer.response.rspDesc).toContain(text);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api${OPS_API.reportReconciliationExport}`,
      query: query as Record<string, string>,
      headers: { opsToken: token },
    });
    expect(file.json().response).toMatchObject({ rspCode: RSP.INVALID_INPUT });
  });

  it('is closed to an operator without report.read (403)', async () => {
    const support = await makeOperator(t, 'recon-support', ['support']);
    const answer = await report(t, OPS_API.reportReconciliation, { date: DAY }, support.opsToken);
    expect(answer.status).toBe(403);
    expect(answer.response.rspCode).toBe(RSP.OPS_FORBIDDEN);
  });
});
