import {
  type AccountLock,
  APPROVED_STATES,
  accountLock,
  type BankCode,
  type EligibleBank,
  isBankCode,
  isPaidMethod,
  maskBankCard,
  PARTNER_BANKS,
  type PaidMethod,
  productFlow,
  type SubAccountView,
  TERMINAL_STATES,
} from '@loan/domain';
import { and, desc, eq, inArray, max, ne, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  applications,
  instalments,
  loans,
  products,
  receivingSettings,
  type SubAccountRow,
  subAccounts,
} from '../../db/schema.ts';
import { type AtRestKeys, open, seal } from '../../lib/sealed-columns.ts';
import { rowToProduct } from '../products/service.ts';

/**
 * Sub-account numbers at rest: sealed with the PII keyring bound to `sub_accounts:<id>:account_no` (as ID numbers
 * are). Numbers migration 0015 copied from the user rows are sealed at start (db/start-sealing.ts).
 */
export const sealAccountNo = (keys: AtRestKeys, subAccountId: number, accountNo: string) =>
  seal(keys, 'subAccountNo', subAccountId, accountNo);

export const openAccountNo = (keys: AtRestKeys, subAccountId: number, stored: string): string =>
  open(keys, 'subAccountNo', subAccountId, stored);
export const maskAccountNo = (accountNo: string) => maskBankCard(accountNo);

export function bankName(bank: string): string {
  return isBankCode(bank) ? PARTNER_BANKS[bank].name : bank;
}

/** The user's sub-accounts, newest first. */
export async function subAccountsOf(db: Database, userId: number): Promise<SubAccountRow[]> {
  return db.select().from(subAccounts).where(eq(subAccounts.userId, userId)).orderBy(desc(subAccounts.id));
}

/** The account in use: the OPEN one, else the last request (OPENING or FAILED); null when none. */
export function currentOf(rows: readonly SubAccountRow[]): SubAccountRow | null {
  const open = rows.find((r) => r.state === 'OPEN' || r.state === 'OPENING');
  if (open) return open;
  const last = rows[0];
  return last && last.state === 'FAILED' ? last : null;
}

/** The user's OPEN sub-account, if any. */
export async function openSubAccount(db: Database, userId: number): Promise<SubAccountRow | null> {
  const [row] = await db
    .select()
    .from(subAccounts)
    .where(and(eq(subAccounts.userId, userId), eq(subAccounts.state, 'OPEN')))
    .limit(1);
  return row ?? null;
}

/** The banks the user has an OPEN sub-account at (the bank flows' OPEN_COLLECTION_ACCOUNT step). */
export async function openSubAccountBanks(db: Database, userId: number): Promise<BankCode[]> {
  const row = await openSubAccount(db, userId);
  return row && isBankCode(row.bank) ? [row.bank] : [];
}

export function subAccountView(row: SubAccountRow, fullNumber: string | null = null): SubAccountView {
  const bank = isBankCode(row.bank) ? row.bank : 'YNIT';
  return {
    id: row.id,
    bankCode: bank,
    bankName: bankName(row.bank),
    state: row.state,
    accountNo: fullNumber,
    accountNoMasked: row.accountNoMasked,
    companyName: row.companyName,
    requestedAt: row.requestedAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    failReason: row.failReason,
  };
}

export async function paidMethodOf(db: Database, userId: number): Promise<PaidMethod | null> {
  const [row] = await db
    .select({ paidMethod: receivingSettings.paidMethod })
    .from(receivingSettings)
    .where(eq(receivingSettings.userId, userId));
  return isPaidMethod(row?.paidMethod) ? row.paidMethod : null;
}

/** The lock (domain accountLock) from the user's outstanding loans and approved or signed applications. */
export async function lockOf(db: Database, userId: number): Promise<AccountLock> {
  const outstanding = await db
    .select({ loanId: loans.id, maturityDate: max(instalments.dueDate) })
    .from(loans)
    .innerJoin(instalments, eq(instalments.loanId, loans.id))
    .where(and(eq(loans.userId, userId), ne(loans.status, 'SETTLED')))
    .groupBy(loans.id);
  const approved = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.userId, userId), inArray(applications.state, [...APPROVED_STATES])));
  return accountLock({
    outstandingLoans: outstanding.map((r) => ({ loanId: r.loanId, maturityDate: r.maturityDate ?? '' })),
    approvedApplications: approved.length,
  });
}

/**
 * The banks the borrower may open the sub-account at: one with an application in progress (申请中) or an
 * outstanding loan (借款中); `required` when that product's flow has the OPEN_COLLECTION_ACCOUNT step.
 */
export async function eligibleBanks(db: Database, userId: number): Promise<EligibleBank[]> {
  const open = await db
    .select({ bank: applications.bank, productCode: applications.productCode })
    .from(applications)
    .where(and(eq(applications.userId, userId), notInArray(applications.state, [...TERMINAL_STATES])));
  const lending = await db
    .select({ bank: loans.bank, productCode: applications.productCode })
    .from(loans)
    .innerJoin(applications, eq(applications.id, loans.applicationId))
    .where(and(eq(loans.userId, userId), ne(loans.status, 'SETTLED')));
  const codes = [...new Set([...open, ...lending].map((r) => r.productCode))];
  const productRows = codes.length
    ? await db.select().from(products).where(inArray(products.productCode, codes))
    : [];
  const needs = new Map<string, boolean>();
  for (const row of productRows) {
    const product = rowToProduct(row);
    if (product) needs.set(row.productCode, productFlow(product).includes('OPEN_COLLECTION_ACCOUNT'));
  }
  const byBank = new Map<BankCode, EligibleBank>();
  const add = (bank: string, productCode: string, why: string) => {
    if (!isBankCode(bank)) return;
    const seen = byBank.get(bank);
    const required = needs.get(productCode) === true;
    if (seen) {
      seen.required ||= required;
      if (!seen.why.includes(why)) seen.why = `${seen.why}、${why}`;
      return;
    }
    byBank.set(bank, { bankCode: bank, bankName: PARTNER_BANKS[bank].name, why, required });
  };
  for (const r of lending) add(r.bank, r.productCode, '借款中');
  for (const r of open) add(r.bank, r.productCode, '申请中');
  return [...byBank.values()];
}
