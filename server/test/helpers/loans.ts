import type { BankCode } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { sellerStores } from '../../src/db/schema.ts';
import { collectDueInstalments } from '../../src/modules/loans/collections.ts';
import type { TestApp } from './app.ts';
import { applicationCalls, deliverAfterDelay, okResult } from './applications.ts';
import type { ReadyBorrower } from './borrower.ts';
import { approvedApplication } from './contracts.ts';
import { openSubAccountAt, receivingCalls } from './receiving.ts';

/** The borrower's sub-account at `bank`, opened unless it already is. */
export async function ensureSubAccount(t: TestApp, b: ReadyBorrower, bank: BankCode): Promise<void> {
  const view = okResult(await receivingCalls(t).view(b.token));
  if (view.current?.state === 'OPEN' && view.current.bankCode === bank) return;
  await openSubAccountAt(t, b, bank);
}

export const DAY = 24 * 3600_000;

/**
 * Walks an application of `productCode` through the sandbox bank to disbursement: create, the sandbox
 * borrower steps the flow asks for, submit, approval, signing, disbursement. Returns the application id.
 */
export async function disburseLoan(
  t: TestApp,
  b: ReadyBorrower,
  productCode: string,
  amount: string,
  termMonths: number,
): Promise<number> {
  const api = applicationCalls(t);
  const rowId = await approvedApplication(t, b, productCode, amount, termMonths);
  okResult(await api.sign(b.token, rowId));
  await deliverAfterDelay(t);
  const signed = okResult(await api.detail(b.token, { rowId: String(rowId) }));
  if (signed.steps.some((s) => s.key === 'OPEN_COLLECTION_ACCOUNT' && s.status !== 'DONE')) {
    // 华润银行: the account after signing; the held instruction goes once it is open
    await ensureSubAccount(t, b, signed.application.bank);
    await deliverAfterDelay(t);
  }
  const after = okResult(await api.detail(b.token, { rowId: String(rowId) }));
  if (after.application.state !== 'DISBURSED') throw new Error(`not disbursed: ${after.application.state}`);
  return rowId;
}

/** Gives the borrower's store a seller id ending in '7' (the sandbox's half-then-late payer). */
export async function makeHalfPayer(t: TestApp, userId: number): Promise<void> {
  await t.db
    .update(sellerStores)
    .set({ sellerId: `A7${String(userId).padStart(9, '0')}7` })
    .where(eq(sellerStores.userId, userId));
}

/** Moves the clock and runs the collections sandbox, as the 1-second loop would. */
export async function advanceAndCollect(t: TestApp, ms: number): Promise<number> {
  t.clock.advance(ms);
  return collectDueInstalments({ db: t.db }, t.clock.now());
}
