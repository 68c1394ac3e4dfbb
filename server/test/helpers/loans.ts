import { BANK_CODES, type BankCode, type EarlySettleResult, type SettlementQuote } from '@loan/domain';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BankAdapter, BankAdapters } from '../../src/adapters/banks/bank-adapter.ts';
import { createSandboxBanks } from '../../src/adapters/banks/sandbox.ts';
import { feeItems, instalments, ledgerTransactions, loans, sellerStores } from '../../src/db/schema.ts';
import { collectDueInstalments } from '../../src/modules/loans/collections.ts';
import { call, createTestApp, login, type TestApp } from './app.ts';
import { applicationCalls, deliverAfterDelay, okResult } from './applications.ts';
import type { ReadyBorrower } from './borrower.ts';
import { approvedApplication } from './contracts.ts';
import { deliverNotifies, payCalls } from './payments.ts';
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

/** The sandbox banks' switches for early settlement: refuse it, or run something while the bank answers. */
export interface SettleSwitch {
  refuseSettle: boolean;
  whileSettling: (() => Promise<void>) | null;
}

/** A test app whose sandbox banks answer early settlement as `bankSwitch` says (as usual while it is off). */
export async function createSwitchedBanksApp(bankSwitch: SettleSwitch): Promise<TestApp> {
  let inner: BankAdapters | null = null;
  const banks = Object.fromEntries(
    BANK_CODES.map((code) => {
      const get = () => {
        if (!inner) throw new Error('banks not ready');
        return inner[code];
      };
      const adapter: BankAdapter = {
        code,
        sandbox: true,
        submit: (s, now, key) => get().submit(s, now, key),
        query: (ref, now) => get().query(ref, now),
        cancel: (ref, reason, now, key) => get().cancel(ref, reason, now, key),
        contractSigned: (ref, now, key) => get().contractSigned(ref, now, key),
        openSubAccount: (r, now, key) => get().openSubAccount(r, now, key),
        sendSmallDeposit: (d, now, key) => get().sendSmallDeposit(d, now, key),
        settle: async (ref, total, now, key) => {
          await bankSwitch.whileSettling?.();
          return bankSwitch.refuseSettle
            ? { ok: false, reason: '该笔贷款本月已申请过提前还款' }
            : get().settle(ref, total, now, key);
        },
      };
      return [code, adapter];
    }),
  ) as unknown as BankAdapters;
  const t = await createTestApp({ banks });
  inner = createSandboxBanks({ db: t.db, decisionDelayMs: t.config.sandboxDecisionDelayMs });
  return t;
}

/** The early settlement calls, and a fresh session of a borrower, on the app `app()` gives when called. */
export function settlementCalls(app: () => TestApp) {
  const settle = (token: string, body: Record<string, unknown>) =>
    call<EarlySettleResult>(app().app, 'POST', '/loanMgr/earlySettle', body, { token });
  return {
    quoteOf: (token: string, loanId: unknown) =>
      call<SettlementQuote>(app().app, 'GET', '/loanMgr/settlementQuote', { loanId }, { token }),
    settle,
    /** confirms the quoted total and pays the order at the sandbox cashier; the notify delivered */
    settleAndPay: async (token: string, loanId: unknown, total: string) => {
      const created = okResult(await settle(token, { loanId, total, channel: 'UNIONPAY' }));
      if (created.order.status === 'CREATED') {
        okResult(await payCalls(app()).cashier(token, created.order.outTradeNo));
        await deliverNotifies(app());
      }
      return created;
    },
    relogin: (b: ReadyBorrower) => login(app().app, b.loginId, b.password),
  };
}

/** A disbursed application's loan with its instalments, ledger lines and fee items, in order. */
export async function loanRows(t: TestApp, rowId: number) {
  const [loan] = await t.db.select().from(loans).where(eq(loans.applicationId, rowId));
  if (!loan) throw new Error('no loan');
  const rows = await t.db
    .select()
    .from(instalments)
    .where(eq(instalments.loanId, loan.id))
    .orderBy(asc(instalments.seq));
  const ledger = await t.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.loanId, loan.id))
    .orderBy(asc(ledgerTransactions.id));
  const fees = await t.db
    .select()
    .from(feeItems)
    .where(eq(feeItems.loanId, loan.id))
    .orderBy(asc(feeItems.seq));
  return { loan, rows, ledger, fees };
}

/** Every ledger line's parts add up to its amount. */
export function expectSplitsAddUp(
  ledger: {
    amountFen: number;
    principalFen: number;
    interestFen: number;
    penaltyFen: number;
    feeFen: number;
  }[],
) {
  for (const l of ledger) expect(l.principalFen + l.interestFen + l.penaltyFen + l.feeFen).toBe(l.amountFen);
}

/** Fen as the API's yuan text, "1234.50", "-0.05". */
export function fenToYuanText(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
