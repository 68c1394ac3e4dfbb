import {
  type ApplicationEvent,
  type BankCallbackBody,
  type BankCallbackResult,
  type Product,
  RSP,
  rspText,
  transition,
  yuanToFen,
} from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type ApplicationRow, applications, bankCallbacks, products } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { BankCallbackBodySchema } from '../../schemas/application-requests.ts';
import { applyEvent } from '../applications/apply-event.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { createLoanForDisbursement } from '../loans/disburse.ts';
import { rowToProduct } from '../products/service.ts';
import { openSubAccountBanks } from '../receiving-account/accounts.ts';
import { accountNeededBeforeDisbursement } from '../receiving-account/held-disbursement.ts';
import { decisionOutOfRange } from './decision-range.ts';
import { type CallbackHeaders, verifyBankCallback } from './verify.ts';

/**
 * POST /callbacks/bank/{bank}: checks, in order, the bank (1001), the signature over the exact bytes received
 * (3501), the timestamp's distance from now (3502) and the body (1002 not JSON, 1001 wrong shape). Then in one
 * transaction: the (bank, eventId) row (a replay: DUPLICATE, nothing else changes); the application by (bank,
 * bankRef) (unknown: IGNORED); the event through the state machine as actor BANK (illegal: IGNORED, the reason
 * kept in the stored payload as `ignoredReason`). A decision outside what was asked or what the product allows
 * (decision-range.ts) is REFUSED: stored with `refusedReason`, audited, the application unchanged, answered
 * 3503 (and 3503 again for its replay). APPROVE records the amount and time, REJECT the reason too;
 * DISBURSE also creates the loan, its schedule, the disbursement line and the service fee (loans/disburse.ts).
 */
export async function receiveBankCallback(
  ctx: AppContext,
  bankParam: string,
  headers: CallbackHeaders,
  rawBody: unknown,
): Promise<BankCallbackResult> {
  const { bank, body } = verifyBankCallback<BankCallbackBody>(
    ctx,
    bankParam,
    headers,
    rawBody,
    BankCallbackBodySchema,
  );
  const now = ctx.now();
  const approvedFen = body.approvedAmount === undefined ? null : yuanToFen(body.approvedAmount);

  const settled = await ctx.db.transaction(async (tx): Promise<Settled> => {
    const [received] = await tx
      .insert(bankCallbacks)
      .values({ bank, eventId: body.eventId, payload: { ...body }, outcome: 'APPLIED', receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: bankCallbacks.id });
    if (!received) {
      const [first] = await tx
        .select({ outcome: bankCallbacks.outcome, payload: bankCallbacks.payload })
        .from(bankCallbacks)
        .where(and(eq(bankCallbacks.bank, bank), eq(bankCallbacks.eventId, body.eventId)));
      // a replay of a refused decision is refused again; any other replay changes nothing
      if (first?.outcome === 'REFUSED') {
        const code =
          first.payload.refusedCode === RSP.SUB_ACCOUNT_REQUIRED
            ? RSP.SUB_ACCOUNT_REQUIRED
            : RSP.BANK_DECISION_OUT_OF_RANGE;
        return { refused: String(first.payload.refusedReason ?? ''), code };
      }
      return { result: { eventId: body.eventId, outcome: 'DUPLICATE' as const } };
    }

    const ignore = async (reason: string, applicationId: number | null) => {
      await tx
        .update(bankCallbacks)
        .set({ outcome: 'IGNORED', applicationId, payload: { ...body, ignoredReason: reason } })
        .where(eq(bankCallbacks.id, received.id));
      ctx.log.info({ bank, eventId: body.eventId, reason }, 'bank callback ignored');
      return { result: { eventId: body.eventId, outcome: 'IGNORED' as const } };
    };

    const [app] = await tx
      .select()
      .from(applications)
      .where(and(eq(applications.bank, bank), eq(applications.bankRef, body.bankRef)))
      .limit(1);
    if (!app) return ignore('未知的业务编号', null);

    const [productRow] = await tx
      .select()
      .from(products)
      .where(eq(products.productCode, app.productCode))
      .limit(1);
    // a move the state machine refuses stays IGNORED below; a legal one outside the range is refused here
    const legal = transition(app.state, body.decision, 'BANK').ok;
    const product = productRow ? rowToProduct(productRow) : null;
    const outOfRange = legal ? decisionOutOfRange(app, product, body, approvedFen) : null;
    const refusal: Refusal | null = outOfRange
      ? { refused: outOfRange, code: RSP.BANK_DECISION_OUT_OF_RANGE }
      : legal && body.decision === 'DISBURSE' && product && !(await mayDisburse(tx, app, product))
        ? { refused: NO_SUB_ACCOUNT, code: RSP.SUB_ACCOUNT_REQUIRED }
        : null;
    if (refusal) {
      // refused and recorded: the callback row with its reason, the audit log; the application does not move
      await tx
        .update(bankCallbacks)
        .set({
          outcome: 'REFUSED',
          applicationId: app.id,
          payload: { ...body, refusedReason: refusal.refused, refusedCode: refusal.code },
        })
        .where(eq(bankCallbacks.id, received.id));
      await recordAudit(tx, {
        action: AUDIT.bankDecisionRefused,
        at: now,
        userId: app.userId,
        loginId: null,
        detail: {
          bank,
          eventId: body.eventId,
          applicationId: app.id,
          decision: body.decision,
          reason: refusal.refused,
        },
      });
      ctx.log.warn({ bank, eventId: body.eventId, reason: refusal.refused }, 'bank decision refused');
      return refusal;
    }

    const event: ApplicationEvent = body.decision;
    const reason = body.reason?.trim() || null;
    const set =
      event === 'APPROVE'
        ? { approvedAmountFen: approvedFen ?? app.amountFen, decisionReason: reason, decidedAt: now }
        : event === 'REJECT'
          ? { decisionReason: reason ?? '合作机构未说明原因', decidedAt: now }
          : {};
    let applied: typeof app;
    try {
      applied = await applyEvent(tx, app, event, 'BANK', {
        now,
        actorRef: bank,
        reason,
        set,
        bankReason: reason,
      });
    } catch (error) {
      if (error instanceof ApiError) return ignore(error.rspDesc ?? error.rspCode, app.id);
      throw error;
    }
    // the loan, its schedule, the disbursement line and the service fee: in this same transaction
    if (event === 'DISBURSE') await createLoanForDisbursement(tx, applied, now);
    await tx.update(bankCallbacks).set({ applicationId: app.id }).where(eq(bankCallbacks.id, received.id));
    return { result: { eventId: body.eventId, outcome: 'APPLIED' as const } };
  });
  if ('refused' in settled) {
    throw new ApiError(
      settled.code,
      `${rspText(settled.code)}${settled.refused ? `：${settled.refused}` : ''}`,
    );
  }
  return settled.result;
}

const NO_SUB_ACCOUNT = '借款人尚未在该机构开立收款子账户，不予放款';

/** A disbursement at a bank whose flow needs the collection account, only to a borrower with it OPEN there. */
async function mayDisburse(tx: Database, app: ApplicationRow, product: Product): Promise<boolean> {
  if (!accountNeededBeforeDisbursement(product)) return true;
  return (await openSubAccountBanks(tx, app.userId)).some((b) => b === app.bank);
}

/** A decision refused and recorded before answering: out of range (3503) or a disbursement without the account (2104). */
type Refusal = {
  refused: string;
  code: typeof RSP.BANK_DECISION_OUT_OF_RANGE | typeof RSP.SUB_ACCOUNT_REQUIRED;
};

/** What the callback's transaction decided: a result for the bank, or a refusal recorded before answering. */
type Settled = { result: BankCallbackResult } | Refusal;
