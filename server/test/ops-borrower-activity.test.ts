import { API, OPS_API, RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loans } from '../src/db/schema.ts';
import { call, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import type { ReadyBorrower } from './helpers/borrower.ts';
import { makeOperator, ok, opsCall, type SignedInOperator } from './helpers/operators.ts';
import { deliverNotifies, feeItemsOf, type payCalls, paymentSetup } from './helpers/payments.ts';

let t: TestApp;
let b: ReadyBorrower;
let pay: ReturnType<typeof payCalls>;
let support: SignedInOperator;
let rowId: number;

interface Activity {
  timelines: Array<{ rowId: number; events: Array<{ event: string; toState: string }> }>;
  schedules: Array<{ loanId: number; rowId: number; instalments: Array<Record<string, unknown>> }>;
  feeItems: Array<Record<string, unknown> & { feeId: number }>;
  payments: Array<{ outTradeNo: string; amount: string }>;
  receivingAccounts: Array<{ accountNo: string | null; accountNoMasked: string }>;
  signIns: Array<{ action: string }>;
}

beforeAll(async () => {
  let loanId: number;
  ({ t, pay, b, loanId } = await paymentSetup('activity_360'));
  support = await makeOperator(t, 'support-act', ['support']);
  const [first] = await feeItemsOf(t, loanId);
  const created = okResult(await pay.create(b.token, { feeIds: [first?.id], channel: 'ALIPAY' }));
  okResult(await pay.cashier(b.token, created.order.outTradeNo, 'PAY'));
  await deliverNotifies(t);
  const [loan] = await t.db.select().from(loans).where(eq(loans.id, loanId));
  rowId = loan?.applicationId ?? 0;
});
afterAll(() => t.close());

const activity = (loginId: string) =>
  opsCall<Activity>(t, 'GET', OPS_API.borrowerActivity, { loginId }, support.opsToken);

describe('the borrower 360: money and history in the borrower’s own figures', () => {
  it('shows the schedule, fee items and payments exactly as the borrower’s pages do', async () => {
    const seen = ok(await activity('activity_360'));
    const own = okResult(
      await call<{ instalments: unknown[] }>(
        t.app,
        'GET',
        API.loanRecordDetail,
        { rowId },
        { token: b.token },
      ),
    );
    expect(seen.schedules).toHaveLength(1);
    expect(seen.schedules[0]?.rowId).toBe(rowId);
    expect(seen.schedules[0]?.instalments).toEqual(own.instalments);
    const fees = okResult(
      await call<{ items: Array<{ feeId: number }> }>(
        t.app,
        'GET',
        API.feeList,
        { pageSize: 100 },
        { token: b.token },
      ),
    );
    expect(seen.feeItems.length).toBeGreaterThan(0);
    expect(seen.feeItems.map((f) => f.feeId)).toEqual(fees.items.map((f) => f.feeId));
    expect(seen.feeItems).toEqual(fees.items);
    const orders = okResult(await pay.orders(b.token));
    expect(orders).toHaveLength(1);
    expect(seen.payments).toEqual(orders);
  });

  it('shows the application’s timeline, the receiving account masked, and the sign-ins', async () => {
    const seen = ok(await activity('activity_360'));
    const timeline = seen.timelines.find((l) => l.rowId === rowId);
    expect(timeline?.events.map((e) => e.toState)).toContain('DISBURSED');
    for (const account of seen.receivingAccounts) expect(account.accountNo).toBeNull();
    expect(seen.signIns.map((s) => s.action)).toContain('login.success');
  });

  it('answers 2313 for a borrower that does not exist, and 403 without borrower.read', async () => {
    expect((await activity('nobody_here')).response.rspCode).toBe(RSP.OPS_BORROWER_NOT_FOUND);
    const admin = await makeOperator(t, 'noperm-act', []);
    const refused = await opsCall(
      t,
      'GET',
      OPS_API.borrowerActivity,
      { loginId: 'activity_360' },
      admin.opsToken,
    );
    expect(refused.status).toBe(403);
  });
});
