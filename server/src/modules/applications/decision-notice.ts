import { type ApplicationEvent, signDeadlineMinuteOf } from '@loan/domain';
import type { Database } from '../../db/client.ts';
import type { ApplicationRow } from '../../db/schema.ts';
import { notify } from '../notices/notify.ts';
import { bankName } from '../receiving-account/accounts.ts';

/**
 * The borrower's notice of the bank's decision, written by applyEvent in the decision's own transaction, so every
 * way a decision arrives (the callback, reconciliation, a refusal at submission) tells it once
 * (`application:<id>:APPROVED` / `:REJECTED`): approved with the approved amount and the last minute the contract
 * may be signed; rejected with the bank's reason when it gave one (`bankReason`), never the platform's wording.
 */
export async function noticeOfDecision(
  tx: Database,
  app: ApplicationRow,
  event: ApplicationEvent,
  bankReason: string | null,
  now: Date,
): Promise<void> {
  const bank = bankName(app.bank);
  if (event === 'APPROVE') {
    await notify(tx, {
      userId: app.userId,
      key: `application:${app.id}:APPROVED`,
      now,
      event: {
        kind: 'APPLICATION_APPROVED',
        facts: {
          applicationRowId: app.id,
          bankName: bank,
          amountFen: app.approvedAmountFen ?? app.amountFen ?? 0,
          signBy: signDeadlineMinuteOf(app.decidedAt ?? now),
        },
      },
    });
  } else if (event === 'REJECT') {
    await notify(tx, {
      userId: app.userId,
      key: `application:${app.id}:REJECTED`,
      now,
      event: {
        kind: 'APPLICATION_REJECTED',
        facts: { applicationRowId: app.id, bankName: bank, reason: bankReason?.trim() || null },
      },
    });
  }
}
