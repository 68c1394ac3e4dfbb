import { OPS_API, RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { createTestApp, signInAttempt, type TestApp } from './helpers/app.ts';
import { makeReadyBorrower, READY_COMPANY, type ReadyBorrower } from './helpers/borrower.ts';
import { makeOperator, ok, opsCall, type SignedInOperator } from './helpers/operators.ts';

let t: TestApp;
let ready: ReadyBorrower;
let support: SignedInOperator;
let risk: SignedInOperator;

beforeAll(async () => {
  t = await createTestApp();
  ready = await makeReadyBorrower(t, 'seller_360');
  support = await makeOperator(t, 'support-360', ['support']);
  risk = await makeOperator(t, 'risk-360', ['collections']);
});
afterAll(() => t.close());

type Found = Array<{ loginId: string; name: string; companyName: string | null; locked: boolean }>;
const search = (q: string, who = support) =>
  opsCall<Found>(t, 'GET', OPS_API.borrowerSearch, { q }, who.opsToken);
const detail = (loginId: string, who = support) =>
  opsCall<Record<string, unknown> & { locked: boolean; certification: Record<string, string> | null }>(
    t,
    'GET',
    OPS_API.borrowerDetail,
    { loginId },
    who.opsToken,
  );

describe('finding a borrower and seeing them on one page', () => {
  it.each([
    ['the login id', 'demo', 'demo'],
    ['the beginning of the login id', 'seller_3', 'seller_360'],
    ['the phone, through its lookup hash', '13800000001', 'demo'],
    ['the e-mail, through its lookup hash', 'DEMO@example.com', 'demo'],
    ['the USCC', READY_COMPANY.uscc.toLowerCase(), 'seller_360'],
    ['part of the company name', '跨境优选', 'seller_360'],
  ])('finds them by %s', async (_how, q, loginId) => {
    const found = ok(await search(q));
    expect(found.map((f) => f.loginId)).toContain(loginId);
    const row = found.find((f) => f.loginId === loginId);
    expect(row?.name).toMatch(/\*/);
  });

  it('asks for two characters at least', async () => {
    const answer = await search('x');
    expect(answer.response.rspCode).toBe(RSP.INVALID_INPUT);
    expect(answer.response.rspDesc).toContain('至少 2 个字符');
  });

  it('shows the borrower masked: no ID number, phone or legal name in the clear', async () => {
    const page = ok(await detail('seller_360'));
    expect(page.certification).toMatchObject({
      companyName: READY_COMPANY.companyName,
      legalName: '王*',
    });
    expect(page.certification?.idNumber).toBe('110***********002X');
    const text = JSON.stringify(page);
    for (const secret of ['11010519491231002X', '13800138000', '王其']) expect(text).not.toContain(secret);
    expect((await detail('nobody-here')).response.rspCode).toBe(RSP.OPS_BORROWER_NOT_FOUND);
  });

  it('reveals one field for a stated reason, audited; not without the permission or a reason', async () => {
    const refused = await opsCall(
      t,
      'POST',
      OPS_API.borrowerReveal,
      { loginId: 'seller_360', field: 'idNumber', reason: '核对身份' },
      support.opsToken,
    );
    expect(refused.status).toBe(403);
    const noReason = await opsCall(
      t,
      'POST',
      OPS_API.borrowerReveal,
      { loginId: 'seller_360', field: 'idNumber', reason: ' ' },
      risk.opsToken,
    );
    expect(noReason.response.rspCode).toBe(RSP.INVALID_INPUT);
    const shown = ok(
      await opsCall<{ value: string }>(
        t,
        'POST',
        OPS_API.borrowerReveal,
        { loginId: 'seller_360', field: 'idNumber', reason: '逾期催收核对身份' },
        risk.opsToken,
      ),
    );
    expect(shown.value).toBe('11010519491231002X');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ops.borrower.pii_revealed'));
    expect(entry).toMatchObject({
      loginId: 'risk-360',
      userId: ready.userId,
      detail: { borrower: 'seller_360', field: 'idNumber', reason: '逾期催收核对身份' },
    });
    expect(JSON.stringify(entry)).not.toContain('11010519491231002X');
    // the borrower's own page lists it among the entries about them
    const page = ok(await detail('seller_360'));
    expect(JSON.stringify(page.audit)).toContain('查看借款人完整信息');
  });

  it('unlocks a borrower locked out by wrong passwords', async () => {
    for (let i = 0; i < 5; i++) await signInAttempt(t.app, 'seller_360', 'Wrong9999', '10.1.1.1');
    expect((await signInAttempt(t.app, 'seller_360', 'Ready1234', '10.1.1.1')).response.rspCode).toBe(
      RSP.ACCOUNT_LOCKED,
    );
    expect(ok(await detail('seller_360')).locked).toBe(true);
    expect(ok(await search('seller_360')).find((f) => f.loginId === 'seller_360')?.locked).toBe(true);
    const done = ok(
      await opsCall<{ removed: number }>(
        t,
        'POST',
        OPS_API.borrowerUnlock,
        { loginId: 'seller_360' },
        support.opsToken,
      ),
    );
    expect(done.removed).toBeGreaterThan(0);
    expect(ok(await detail('seller_360')).locked).toBe(false);
    expect((await signInAttempt(t.app, 'seller_360', 'Ready1234', '10.1.1.1')).response.rspCode).toBe(RSP.OK);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'login.unlock_by_operator'));
    expect(entry).toMatchObject({ loginId: 'support-360', userId: ready.userId });
  });
});
