import { API, maskBankCard } from '@loan/domain';
import { and, asc, eq, isNull, lt, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type SandboxBankJobRow, sandboxBankJobs } from '../../db/schema.ts';
import type { App } from '../../http.ts';
import {
  BANK_SIGNATURE_HEADER,
  BANK_TIMESTAMP_HEADER,
  signBankCallback,
} from '../../modules/bank-callbacks/signature.ts';
import { postToOwnRoute } from '../sandbox-post.ts';
import { callbackBody } from './sandbox-accounts.ts';
import { isHeld } from './sandbox-holds.ts';

/** A job whose callback was refused this many times is not tried again (it stays in the table, logged). */
export const MAX_DELIVERY_ATTEMPTS = 10;

type DeliveryContext = Pick<AppContext, 'db' | 'now' | 'config' | 'log'>;

/**
 * Marks a job delivered. A delivered sub-account answer keeps its account number masked only (for the record):
 * the portal holds the number sealed (sub_accounts).
 */
export async function markBankJobDelivered(db: Database, job: SandboxBankJobRow, now: Date): Promise<void> {
  const { accountNo, ...rest } = callbackBody(job);
  const payload =
    typeof accountNo === 'string' ? { ...rest, accountNo: maskBankCard(accountNo) } : job.payload;
  await db.update(sandboxBankJobs).set({ deliveredAt: now, payload }).where(eq(sandboxBankJobs.id, job.id));
}

/**
 * Delivers the sandbox banks' due decisions: each due job's body is signed like a real bank signs it and
 * posted to the real callback route through app.inject, so it passes the same verification. A job is marked
 * delivered once the route answers 0000 (APPLIED, IGNORED or DUPLICATE); otherwise its attempts grow. A job
 * about an application on hold (sandbox-holds.ts) waits, due, until it is released. Returns how many were delivered.
 */
export async function deliverDueBankCallbacks(
  app: App,
  ctx: DeliveryContext,
  budget?: AbortSignal,
): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .select()
    .from(sandboxBankJobs)
    .where(
      and(
        isNull(sandboxBankJobs.deliveredAt),
        lte(sandboxBankJobs.dueAt, now),
        lt(sandboxBankJobs.attempts, MAX_DELIVERY_ATTEMPTS),
      ),
    )
    .orderBy(asc(sandboxBankJobs.dueAt), asc(sandboxBankJobs.id))
    .limit(50);
  let delivered = 0;
  for (const job of due) {
    if (budget?.aborted) break;
    if (isHeld(ctx.db, job)) continue;
    const rawBody = JSON.stringify(callbackBody(job));
    const timestamp = String(Math.floor(ctx.now().getTime() / 1000));
    const answer = await postToOwnRoute(
      app,
      `${ctx.config.apiBase}${API.bankCallback}/${job.bank}${job.callbackPath}`,
      {
        [BANK_TIMESTAMP_HEADER]: timestamp,
        [BANK_SIGNATURE_HEADER]: signBankCallback(
          ctx.config.bankCallbackSecrets[job.bank],
          job.bank,
          timestamp,
          rawBody,
        ),
      },
      rawBody,
    );
    if (answer.delivered) {
      await markBankJobDelivered(ctx.db, job, ctx.now());
      delivered += 1;
    } else {
      await ctx.db
        .update(sandboxBankJobs)
        .set({ attempts: job.attempts + 1 })
        .where(eq(sandboxBankJobs.id, job.id));
      ctx.log.warn(
        { jobId: job.id, bank: job.bank, status: answer.status, code: answer.rspCode },
        'sandbox bank callback refused',
      );
    }
  }
  return delivered;
}
