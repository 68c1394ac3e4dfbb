import { productSchedule, shanghaiDate } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type ApplicationRow,
  instalments,
  ledgerTransactions,
  loanContracts,
  loans,
  products,
} from '../../db/schema.ts';
import { createFeeItems } from '../fees/bookkeeping.ts';
import { notify } from '../notices/notify.ts';
import { rowToProduct } from '../products/service.ts';
import { bankName } from '../receiving-account/accounts.ts';

/**
 * The loan a disbursed application becomes, written with the DISBURSE event in the callback's transaction:
 * the loan (principal = approved amount, the signed contract's rate, method and fee (the product's when no
 * contract was kept), the application's term, value date =
 * Shanghai date of disbursement), its instalments from the same schedule engine as the calculator, one
 * DISBURSEMENT ledger line (+principal) and the fee items (fees/bookkeeping.ts): UPFRONT → one item (seq 0)
 * the borrower pays on the fee page within 7 days; PER_INSTALMENT → the instalments' fee column and one item
 * per instalment (seq n), taken with it; and the borrower's notice (`loan:<id>:DISBURSED`: the amount, the first
 * due date and what the first instalment asks, principal, interest and its fee).
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
  // the pricing of the contract the borrower signed, when kept; the product's otherwise
  const [signed] = await tx
    .select({ details: loanContracts.details })
    .from(loanContracts)
    .where(eq(loanContracts.applicationId, app.id))
    .limit(1);
  const pricing = signed?.details.pricing ?? product;
  const startDate = shanghaiDate(now);
  const schedule = productSchedule(pricing, principalFen, app.termMonths, startDate);
  const [loan] = await tx
    .insert(loans)
    .values({
      applicationId: app.id,
      userId: app.userId,
      bank: app.bank,
      productCode: app.productCode,
      principalFen,
      annualRate: pricing.annualRate,
      method: pricing.method,
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
  const written = await tx
    .insert(instalments)
    .values(
      schedule.instalments.map((i): typeof instalments.$inferInsert => ({
        loanId: loan.id,
        seq: i.period,
        dueDate: i.dueDate,
        principalFen: i.principalFen,
        interestFen: i.interestFen,
        feeFen: i.feeFen,
        status: 'DUE',
      })),
    )
    .returning({ id: instalments.id, seq: instalments.seq });
  const ids = new Map(written.map((w) => [w.seq, w.id]));
  await createFeeItems(tx, { id: loan.id, userId: app.userId, startDate }, schedule, ids, now);
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
  const first = schedule.instalments[0];
  await notify(tx, {
    userId: app.userId,
    key: `loan:${loan.id}:DISBURSED`,
    now,
    event: {
      kind: 'LOAN_DISBURSED',
      facts: {
        applicationRowId: app.id,
        bankName: bankName(app.bank),
        amountFen: principalFen,
        firstDueDate: first?.dueDate ?? startDate,
        firstDueFen: first?.paymentFen ?? 0,
      },
    },
  });
  return loan.id;
}
