import { OPS_API, RSP } from '@loan/domain';
import { desc, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../src/cli/ops-commands.ts';
import { auditLog, opsRoles, users } from '../src/db/schema.ts';
import { ApiError } from '../src/lib/api-error.ts';
import { assertBorrowerInScope, isBorrowerInScope } from '../src/modules/ops/data-scope.ts';
import type { TestApp } from './helpers/app.ts';
import { applicationCalls, okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { makeOperator, ok, opsCall, type SignedInOperator } from './helpers/operators.ts';
import { type PaidFee, type refundCalls, refundSetup } from './helpers/refunds.ts';

/**
 * 数据范围: a role scoped to partner banks sees only the borrowers with an application at one of them; a borrower
 * (or their refund) out of scope answers exactly as one that does not exist; an unscoped operator sees everyone.
 */
let t: TestApp;
let api: ReturnType<typeof refundCalls>;
let ynitBorrower: ReadyBorrower;
let cgbBorrower: ReadyBorrower;
let paid: PaidFee;
let cgbStaff: SignedInOperator;
let ynitStaff: SignedInOperator;
let support: SignedInOperator;
let finance: SignedInOperator;
let refundNo: string;

const SCOPED_PERMISSIONS = [
  'borrower.read',
  'borrower.unlock',
  'borrower.enable',
  'refund.review',
  'refund.confirm',
  'coupon.issue',
  'fee.waive',
];

beforeAll(async () => {
  ({ t, api, b: ynitBorrower, paid } = await refundSetup('scope_ynit'));
  cgbBorrower = await makeReadyBorrower(t, 'scope_cgb', { uscc: '91440300MA5FYYYY1Y' });
  const cgbApplication = okResult(await applicationCalls(t).create(cgbBorrower.token, 'CGB-KJED'));
  expect(cgbApplication.application.bank).toBe('CGB');
  await t.db.insert(opsRoles).values([
    {
      code: 'cgb-staff',
      name: '广发专员',
      permissions: SCOPED_PERMISSIONS,
      bankScope: ['CGB'],
      createdAt: t.clock.now(),
    },
    {
      code: 'ynit-staff',
      name: '云南信托专员',
      permissions: SCOPED_PERMISSIONS,
      bankScope: ['YNIT'],
      createdAt: t.clock.now(),
    },
  ]);
  cgbStaff = await makeOperator(t, 'scope-cgb', ['cgb-staff']);
  ynitStaff = await makeOperator(t, 'scope-ynit', ['ynit-staff']);
  support = await makeOperator(t, 'scope-support', ['support']);
  finance = await makeOperator(t, 'scope-finance', ['finance']);
  refundNo = okResult(
    await api.apply(ynitBorrower.token, {
      outTradeNo: paid.outTradeNo,
      amount: '100.00',
      reason: '重复缴费',
    }),
  ).refund.refundNo;
});
afterAll(() => t.close());

/** A console call answered as is: status and body text, to compare two refusals byte for byte. */
async function raw(
  who: SignedInOperator,
  method: 'GET' | 'POST',
  path: string,
  payload: Record<string, unknown>,
) {
  const request: InjectOptions = { method, url: `/api${path}`, headers: { opsToken: who.opsToken } };
  if (method === 'GET')
    request.query = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]));
  else request.payload = payload;
  const res = await t.app.inject(request);
  return { status: res.statusCode, body: res.body };
}

type Found = Array<{ loginId: string }>;
const found = async (who: SignedInOperator) =>
  ok(await opsCall<Found>(t, 'GET', OPS_API.borrowerSearch, { q: 'scope_' }, who.opsToken)).map(
    (f) => f.loginId,
  );

describe('borrowers in and out of an operator’s data scope', () => {
  it('finds only the borrowers with an application at a bank of the scope; unscoped, everyone', async () => {
    expect(await found(cgbStaff)).toEqual(['scope_cgb']);
    expect(await found(ynitStaff)).toEqual(['scope_ynit']);
    expect(await found(support)).toEqual(['scope_cgb', 'scope_ynit']);
  });

  it('opens the borrower in scope, and an unscoped operator opens both', async () => {
    const page = ok(
      await opsCall<{ loginId: string }>(
        t,
        'GET',
        OPS_API.borrowerDetail,
        { loginId: 'scope_cgb' },
        cgbStaff.opsToken,
      ),
    );
    expect(page.loginId).toBe('scope_cgb');
    ok(await opsCall(t, 'GET', OPS_API.borrowerActivity, { loginId: 'scope_cgb' }, cgbStaff.opsToken));
    for (const loginId of ['scope_cgb', 'scope_ynit'])
      ok(await opsCall(t, 'GET', OPS_API.borrowerDetail, { loginId }, support.opsToken));
  });

  it.each([
    ['detail', 'GET', OPS_API.borrowerDetail, {}],
    ['activity', 'GET', OPS_API.borrowerActivity, {}],
    ['unlock', 'POST', OPS_API.borrowerUnlock, {}],
    ['disable', 'POST', OPS_API.borrowerDisable, { reason: '核实身份' }],
    ['coupons', 'GET', OPS_API.borrowerCoupons, {}],
    ['waivable items', 'GET', OPS_API.borrowerWaivable, {}],
  ] as const)(
    'answers the %s of a borrower out of scope exactly as an unknown login id (2313)',
    async (_what, method, path, extra) => {
      const outOfScope = await raw(cgbStaff, method, path, { loginId: 'scope_ynit', ...extra });
      const unknown = await raw(cgbStaff, method, path, { loginId: 'scope_nobody', ...extra });
      expect(outOfScope).toEqual(unknown);
      expect(JSON.parse(outOfScope.body).response.rspCode).toBe(RSP.OPS_BORROWER_NOT_FOUND);
    },
  );

  it('tells the rule itself: all, a bank of the borrower’s applications, or refused as not found', async () => {
    expect(await isBorrowerInScope(t.db, { bankScope: null }, ynitBorrower.userId)).toBe(true);
    expect(await isBorrowerInScope(t.db, { bankScope: ['YNIT', 'SHRB'] }, ynitBorrower.userId)).toBe(true);
    expect(await isBorrowerInScope(t.db, { bankScope: [] }, ynitBorrower.userId)).toBe(false);
    const refused = assertBorrowerInScope(t.db, { bankScope: ['CGB'] }, ynitBorrower.userId);
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ rspCode: RSP.OPS_BORROWER_NOT_FOUND });
  });
});

describe('the watch queues in scope', () => {
  it('lists stopped borrowers only to operators whose scope holds them', async () => {
    await t.db
      .update(users)
      .set({ disabled: true })
      .where(inArray(users.id, [ynitBorrower.userId, cgbBorrower.userId]));
    const stopped = async (who: SignedInOperator) =>
      ok(
        await opsCall<Array<{ loginId: string }>>(t, 'GET', OPS_API.queueAccess, undefined, who.opsToken),
      ).map((row) => row.loginId);
    expect(await stopped(cgbStaff)).toEqual(['scope_cgb']);
    expect(await stopped(ynitStaff)).toEqual(['scope_ynit']);
    expect(await stopped(support)).toEqual(expect.arrayContaining(['scope_cgb', 'scope_ynit']));
    await t.db
      .update(users)
      .set({ disabled: false })
      .where(inArray(users.id, [ynitBorrower.userId, cgbBorrower.userId]));
  });
});

describe('refunds in and out of scope', () => {
  type Queue = Array<{ refundNo: string }>;
  const queue = async (who: SignedInOperator) =>
    ok(await opsCall<Queue>(t, 'GET', OPS_API.refundQueue, {}, who.opsToken)).map((r) => r.refundNo);

  it('lists the refund only to operators whose scope holds its borrower', async () => {
    expect(await queue(ynitStaff)).toContain(refundNo);
    expect(await queue(cgbStaff)).not.toContain(refundNo);
  });

  it('refuses a decision on a refund out of scope exactly as one on an unknown refund number', async () => {
    const unknownNo = `RF${'9'.repeat(20)}`;
    const outOfScope = await raw(cgbStaff, 'POST', OPS_API.refundDecide, { refundNo, decision: 'APPROVE' });
    const unknown = await raw(cgbStaff, 'POST', OPS_API.refundDecide, {
      refundNo: unknownNo,
      decision: 'APPROVE',
    });
    expect(outOfScope).toEqual(unknown);
    expect(JSON.parse(outOfScope.body).response.rspCode).toBe(RSP.REFUND_NOT_FOUND);
  });

  it('keeps a request about a borrower out of scope from the checker: not in the inbox, confirmed as unknown', async () => {
    const made = ok(
      await opsCall<{ requestId: number }>(
        t,
        'POST',
        OPS_API.refundDecide,
        { refundNo, decision: 'APPROVE' },
        ynitStaff.opsToken,
      ),
    );
    type Inbox = Array<{ requestId: number }>;
    const inbox = async (who: SignedInOperator) =>
      ok(await opsCall<Inbox>(t, 'GET', OPS_API.inbox, {}, who.opsToken)).map((r) => r.requestId);
    expect(await inbox(cgbStaff)).not.toContain(made.requestId);
    expect(await inbox(finance)).toContain(made.requestId);
    const outOfScope = await raw(cgbStaff, 'POST', OPS_API.confirmRequest, { requestId: made.requestId });
    const unknown = await raw(cgbStaff, 'POST', OPS_API.confirmRequest, { requestId: 999_999 });
    expect(outOfScope).toEqual(unknown);
    expect(JSON.parse(outOfScope.body).response.rspCode).toBe(RSP.OPS_REQUEST_NOT_FOUND);
    const confirmed = ok(
      await opsCall<{ state: string }>(
        t,
        'POST',
        OPS_API.confirmRequest,
        { requestId: made.requestId },
        finance.opsToken,
      ),
    );
    expect(confirmed.state).toBe('CONFIRMED');
  });
});

describe('setting a role’s scope from the server host', () => {
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runOpsCommand(argv, { db: t.db, print: (l) => lines.push(l), now: t.clock.now });
    return lines;
  };

  it('widens a role to more banks, then to all, each change audited; refuses a bad scope or role', async () => {
    expect(await run('role-scope', 'cgb-staff', 'cgb,ynit')).toEqual([
      expect.stringMatching(/cgb-staff.*：.+ → 云南国际信托、.+/),
    ]);
    expect(await found(cgbStaff)).toEqual(['scope_cgb', 'scope_ynit']);
    await run('role-scope', 'cgb-staff', 'all');
    const [role] = await t.db.select().from(opsRoles).where(eq(opsRoles.code, 'cgb-staff'));
    expect(role?.bankScope).toBeNull();
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ops.role.scope_changed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.detail).toMatchObject({
      subject: 'role:cgb-staff',
      changes: { bankScope: { before: ['YNIT', 'CGB'], after: null } },
    });
    await expect(run('role-scope', 'cgb-staff', 'CGB,XYZ')).rejects.toThrow(/不认识：XYZ/);
    await expect(run('role-scope', 'cgb-staff', '')).rejects.toThrow(/数据范围须为 all/);
    await expect(run('role-scope', 'no-such-role', 'CGB')).rejects.toThrow(/没有该角色/);
    await expect(run('role-scope', 'cgb-staff')).rejects.toThrow(/role-scope/);
  });
});
