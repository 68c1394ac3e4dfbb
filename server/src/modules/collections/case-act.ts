import { type BankScope, COLLECTION_LIMITS, RSP, shanghaiDate } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import {
  type CollectionCaseRow,
  collectionActivities,
  collectionCases,
  type UserRow,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { SignedInOperator } from '../../plugins/ops-session.ts';
import { type AuditAction, recordAudit } from '../audit/record.ts';
import { borrowerByLogin } from '../ops/borrower-profile.ts';
import { overdueOf } from './overdue-sql.ts';

export type Ctx = Pick<AppContext, 'db' | 'now'>;

/** What an act on a case does: the activity it records (if any), what it sets on the case, its audit entry. */
export interface CaseAct {
  action: AuditAction;
  activity?: Omit<typeof collectionActivities.$inferInsert, 'caseId' | 'userId' | 'operatorId' | 'at'>;
  caseSet?: Partial<Pick<CollectionCaseRow, 'assignedOperatorId' | 'nextAction' | 'nextActionDate'>>;
  detail?: Record<string, unknown>;
}

export interface ActFacts {
  tx: Database;
  kase: CollectionCaseRow;
  user: UserRow;
  now: Date;
  today: string;
}

/**
 * The borrower's open case, locked; made when first worked, which only a borrower overdue on a loan at the
 * operator's banks may be (4401). The
 * partial unique index keeps one open case per borrower when two operators start at once.
 */
async function openCaseFor(
  tx: Database,
  userId: number,
  { now, today, banks }: { now: Date; today: string; banks: BankScope },
): Promise<CollectionCaseRow> {
  const find = async () => {
    const [row] = await tx
      .select()
      .from(collectionCases)
      .where(and(eq(collectionCases.userId, userId), eq(collectionCases.state, 'OPEN')))
      .for('update');
    return row;
  };
  const existing = await find();
  if (existing) return existing;
  if (!(await overdueOf(tx, userId, today, banks))) throw new ApiError(RSP.COLLECTION_NOT_OVERDUE);
  const [made] = await tx
    .insert(collectionCases)
    .values({ userId, state: 'OPEN', openedAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  const kase = made ?? (await find());
  if (!kase) throw new Error(`no open collection case for user ${userId}`);
  return kase;
}

/**
 * One act on a borrower's case, in one transaction: the borrower in the operator's scope (2313 otherwise), the
 * open case (made if need be), what `build` decides (it throws to refuse: then nothing is written), the activity,
 * the case's fields, and the audit entry with the operator as actor and the borrower as subject.
 */
export async function actOnCase(
  ctx: Ctx,
  operator: SignedInOperator,
  loginId: string,
  meta: RequestMeta | null,
  build: (facts: ActFacts) => Promise<CaseAct>,
): Promise<{ caseId: number; activityId: number | null }> {
  const user = await borrowerByLogin(ctx, operator, loginId);
  const now = ctx.now();
  const today = shanghaiDate(now);
  return ctx.db.transaction(async (tx) => {
    const kase = await openCaseFor(tx, user.id, { now, today, banks: operator.bankScope });
    const act = await build({ tx, kase, user, now, today });
    let activityId: number | null = null;
    if (act.activity) {
      const [row] = await tx
        .insert(collectionActivities)
        .values({ ...act.activity, caseId: kase.id, userId: user.id, operatorId: operator.id, at: now })
        .returning({ id: collectionActivities.id });
      activityId = row?.id ?? null;
    }
    await tx
      .update(collectionCases)
      .set({ ...act.caseSet, updatedAt: now })
      .where(eq(collectionCases.id, kase.id));
    await recordAudit(tx, {
      action: act.action,
      at: now,
      operatorId: operator.id,
      loginId: operator.loginId,
      userId: user.id,
      meta,
      detail: {
        subject: `borrower:${user.loginId}`,
        caseId: kase.id,
        ...(activityId === null ? {} : { activityId }),
        ...act.detail,
      },
    });
    return { caseId: kase.id, activityId };
  });
}

/** A text field of an act, trimmed: required or not, at most `max` characters; 4409 with the field's name. */
export function checkedText(
  value: string | undefined,
  label: string,
  { required, max = COLLECTION_LIMITS.textMax }: { required: boolean; max?: number },
): string | null {
  const text = (value ?? '').trim();
  if (text === '') {
    if (required) throw new ApiError(RSP.COLLECTION_TEXT_INVALID, `请填写${label}`);
    return null;
  }
  if ([...text].length > max) throw new ApiError(RSP.COLLECTION_TEXT_INVALID, `${label}不能超过 ${max} 个字`);
  return text;
}

/** A value of a closed list (the schema checks it too), typed. */
export function oneOf<T extends string>(values: readonly T[], value: string, label: string): T {
  if (!(values as readonly string[]).includes(value)) {
    throw new ApiError(RSP.INVALID_INPUT, `${label}取值不正确`);
  }
  return value as T;
}
