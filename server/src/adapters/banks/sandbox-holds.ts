import type { Database } from '../../db/client.ts';

/**
 * Applications whose sandbox bank holds its answers (decision, disbursement) until released: for testers who
 * must see a page in the state before the bank answers, whatever the machine's speed (the developers' route
 * /dev/sandbox/bankHold). Kept in this process for its database: the route exists only in development, where one
 * server holds the data.
 */
const holds = new WeakMap<Database, Set<number>>();

export function setBankHold(db: Database, applicationId: number, hold: boolean): void {
  const held = holds.get(db) ?? new Set<number>();
  holds.set(db, held);
  if (hold) held.add(applicationId);
  else held.delete(applicationId);
}

/**
 * Whether a sandbox bank job is an answer about an application on hold: an application's jobs post to the bank
 * callback itself (no callbackPath) under the submission's bankRef, "CGB-12-…" (sandboxBankRef).
 */
export function isHeld(db: Database, job: { bankRef: string; callbackPath: string }): boolean {
  if (job.callbackPath !== '') return false;
  const applicationId = /^[A-Z]+-(\d+)-/.exec(job.bankRef)?.[1];
  return applicationId !== undefined && (holds.get(db)?.has(Number(applicationId)) ?? false);
}
