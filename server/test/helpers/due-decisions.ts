import { eq } from 'drizzle-orm';
import { applications, sandboxBankJobs, users } from '../../src/db/schema.ts';
import type { TestApp } from './app.ts';

/** bank references made so far (unique within a test file) */
let made = 0;

/**
 * `count` applications of the demo borrower under review at YNIT, each with an APPROVE decision of the sandbox
 * bank due at `dueAt` (rows of sandbox_bank_jobs, as the sandbox bank writes them). Returns the applications' ids.
 */
export async function dueDecisions(
  t: TestApp,
  count: number,
  submittedAt = t.clock.now(),
  dueAt = t.clock.now(),
): Promise<number[]> {
  const [demo] = await t.db.select({ id: users.id }).from(users).where(eq(users.loginId, 'demo'));
  if (!demo) throw new Error('demo borrower missing');
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    made += 1;
    const bankRef = `YNIT-T${made}`;
    const [row] = await t.db
      .insert(applications)
      .values({
        userId: demo.id,
        bank: 'YNIT',
        productCode: 'YNIT-XT01',
        productType: 'CREDIT',
        state: 'UNDER_REVIEW',
        amountFen: 100_000_00,
        termMonths: 12,
        purpose: '备货',
        bankRef,
        createdAt: submittedAt,
        updatedAt: submittedAt,
        submittedAt,
      })
      .returning({ id: applications.id });
    if (!row) throw new Error('application not inserted');
    ids.push(row.id);
    await t.db.insert(sandboxBankJobs).values({
      bank: 'YNIT',
      bankRef,
      payload: { eventId: `${bankRef}-DECISION`, bankRef, decision: 'APPROVE', approvedAmount: '100000.00' },
      dueAt,
    });
  }
  return ids;
}
