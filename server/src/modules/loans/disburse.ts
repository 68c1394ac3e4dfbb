import { buildSchedule } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type ApplicationRow,
  instalments,
  ledgerTransactions,
  loans,
  products,
  serviceFees,
} from '../../db/schema.ts';
import { rowToProduct, shanghaiToday } from '../products/service.ts';
import { collectionInstant } from './accrual.ts';

/**
 * The loan a disbursed application becomes, written with the DISBURSE event in the callback's transaction:
 * the loan (principal = approved amount, the product's rate and method, the application's term, value date =
 * Shanghai date of disbursement), its instalments from the same schedule engine as the calculator, one
 * DISBURSEMENT ledger line (+principal) and the service fee: UPFRONT → a service_fees row due now;
 * PER_INSTALMENT → in the instalments' fee column plus a service_fees row with the total (DUE, due with the
 * last instalment; PAID when the loan is settled).
 * Idempotent: a loan already made for the application is left alone (returns null).
 */
export async function createLoanForDisbursement(
  tx: Database,
  app: ApplicationRow,
  now: Date,
): Promise<number | null> {
  const principalFen = app.approvedAmountFen ?? app.amountFen;
  if (principalFen === null || app.termMonths === null) {
    throw new Error(`application ${app.id} has no amount or term to disburse`);
  }
  const [productRow] = await tx
    .select()
    .from(products)
    .where(eq(products.productCode, app.productCode))
    .limit(1);
  const product = productRow ? rowToProduct(productRow) : null;
  if (!product) throw new Error(`product ${app.productCode} of application ${app.id} is unreadable`);
  const startDate = shanghaiToday(now);
  const schedule = buildSchedule({
    principalFen,
    annualRate: product.annualRate,
    months: app.termMonths,
    method: product.method,
    startDate,
    ...(product.serviceFee ? { fee: product.serviceFee } : {}),
  });
  const [loan] = await tx
    .insert(loans)
    .values({
      applicationId: app.id,
      userId: app.userId,
      bank: app.bank,
      productCode: app.productCode,
      principalFen,
      annualRate: product.annualRate,
      method: product.method,
      termMonths: app.termMonths,
      startDate,
      status: 'REPAYING',
      outstandingPrincipalFen: principalFen,
      disbursedAt: now,
      appliedAt: app.createdAt,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: loans.id });
  if (!loan) return null;
  await tx.insert(instalments).values(
    schedule.instalments.map((i) => ({
      loanId: loan.id,
      seq: i.period,
      dueDate: i.dueDate,
      principalFen: i.principalFen,
      interestFen: i.interestFen,
      feeFen: i.feeFen,
      status: 'DUE',
    })),
  );
  await tx.insert(ledgerTransactions).values({
    userId: app.userId,
    loanId: loan.id,
    type: 'DISBURSEMENT',
    amountFen: principalFen,
    principalFen,
    memo: '放款',
    occurredAt: now,
    createdAt: now,
  });
  const perInstalmentFeeFen = schedule.totals.feeFen - schedule.upfrontFeeFen;
  if (schedule.upfrontFeeFen > 0) {
    await tx.insert(serviceFees).values({
      userId: app.userId,
      loanId: loan.id,
      amountFen: schedule.upfrontFeeFen,
      status: 'DUE',
      dueAt: now,
    });
  } else if (perInstalmentFeeFen > 0) {
    // paid with the instalments: the total falls due with the last one
    const last = schedule.instalments.at(-1);
    await tx.insert(serviceFees).values({
      userId: app.userId,
      loanId: loan.id,
      amountFen: perInstalmentFeeFen,
      status: 'DUE',
      dueAt: last ? collectionInstant(last.dueDate) : now,
    });
  }
  return loan.id;
}
