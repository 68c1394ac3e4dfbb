import {
  addDaysIso,
  COLLECTION_LIMITS,
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  HARDSHIP_RELIEFS,
  type HardshipDecision,
  parseIsoDate,
  promiseProblem,
  RSP,
  yuanToFen,
} from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import type { RequestMeta } from '../../context.ts';
import { collectionActivities, operators } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { SignedInOperator } from '../../plugins/ops-session.ts';
import { AUDIT } from '../audit/record.ts';
import { isBorrowerInScope } from '../ops/data-scope.ts';
import { operatorByLogin } from '../ops/operators.ts';
import { grantsOf } from '../ops/roles.ts';
import { actOnCase, type Ctx, checkedText, oneOf } from './case-act.ts';
import { overdueOf } from './overdue-sql.ts';

/** 备注: a note on the case. */
export function addNote(
  ctx: Ctx,
  operator: SignedInOperator,
  body: { loginId: string; text: string },
  meta: RequestMeta | null,
) {
  const text = checkedText(body.text, '备注', { required: true });
  return actOnCase(ctx, operator, body.loginId, meta, async () => ({
    action: AUDIT.opsCollectionNote,
    activity: { kind: 'NOTE', text },
  }));
}

/** 联系: a contact attempt, its channel (电话/短信/邮件/上门…) and outcome, with an optional summary. */
export function addContact(
  ctx: Ctx,
  operator: SignedInOperator,
  body: { loginId: string; channel: string; outcome: string; text?: string | undefined },
  meta: RequestMeta | null,
) {
  const channel = oneOf(CONTACT_CHANNELS, body.channel, '联系方式');
  const outcome = oneOf(CONTACT_OUTCOMES, body.outcome, '联系结果');
  const text = checkedText(body.text, '沟通摘要', { required: false });
  return actOnCase(ctx, operator, body.loginId, meta, async () => ({
    action: AUDIT.opsCollectionContact,
    activity: { kind: 'CONTACT', channel, outcome, text },
    detail: { channel, outcome },
  }));
}

/** 承诺还款: a date within 30 days and an amount up to what is overdue now; one pending promise at a time. */
export function addPromise(
  ctx: Ctx,
  operator: SignedInOperator,
  body: { loginId: string; promisedDate: string; amount: string; text?: string | undefined },
  meta: RequestMeta | null,
) {
  const text = checkedText(body.text, '备注', { required: false });
  const promisedDate = body.promisedDate.trim();
  let amountFen: number;
  try {
    amountFen = yuanToFen(body.amount.trim());
  } catch {
    throw new ApiError(
      RSP.COLLECTION_PROMISE_AMOUNT_INVALID,
      '承诺金额格式不正确，应为元，最多两位小数，如 1000 或 1000.50',
    );
  }
  return actOnCase(ctx, operator, body.loginId, meta, async ({ tx, user, today }) => {
    const overdueFen = (await overdueOf(tx, user.id, today, operator.bankScope))?.overdueFen ?? 0;
    const problem = promiseProblem({ promisedDate, amountFen }, today, overdueFen);
    if (problem) {
      const code =
        problem.field === 'amount'
          ? RSP.COLLECTION_PROMISE_AMOUNT_INVALID
          : RSP.COLLECTION_PROMISE_DATE_INVALID;
      throw new ApiError(code, problem.text);
    }
    const [pending] = await tx
      .select({ id: collectionActivities.id })
      .from(collectionActivities)
      .where(
        and(
          eq(collectionActivities.userId, user.id),
          eq(collectionActivities.kind, 'PROMISE'),
          eq(collectionActivities.state, 'PENDING'),
        ),
      )
      .limit(1);
    if (pending) throw new ApiError(RSP.COLLECTION_PROMISE_PENDING);
    return {
      action: AUDIT.opsCollectionPromise,
      activity: { kind: 'PROMISE', promisedDate, amountFen, text, state: 'PENDING' },
      detail: { promisedDate, amountFen },
    };
  });
}

/** 困难申请: the borrower's hardship, the relief asked for, and why; decided later by a lead. */
export function addHardship(
  ctx: Ctx,
  operator: SignedInOperator,
  body: { loginId: string; relief: string; reason: string },
  meta: RequestMeta | null,
) {
  const relief = oneOf(HARDSHIP_RELIEFS, body.relief, '申请的帮助');
  const reason = checkedText(body.reason, '困难原因', { required: true });
  return actOnCase(ctx, operator, body.loginId, meta, async () => ({
    action: AUDIT.opsCollectionHardship,
    activity: { kind: 'HARDSHIP', relief, text: reason, state: 'OPEN' },
    detail: { relief, reason },
  }));
}

/**
 * 处理困难申请: accepted or declined once (compare-and-set on OPEN; 4403 when already decided). Nothing moves: relief
 * that forgives money is then asked for as a waiver (maker-checker).
 */
export function decideHardship(
  ctx: Ctx,
  operator: SignedInOperator,
  body: { loginId: string; activityId: number; decision: string; note?: string | undefined },
  meta: RequestMeta | null,
) {
  const decision = oneOf<HardshipDecision>(['ACCEPTED', 'DECLINED'], body.decision, '处理结果');
  const note = checkedText(body.note, '处理说明', { required: false });
  return actOnCase(ctx, operator, body.loginId, meta, async ({ tx, user, now }) => {
    const ofBorrower = and(
      eq(collectionActivities.id, body.activityId),
      eq(collectionActivities.userId, user.id),
      eq(collectionActivities.kind, 'HARDSHIP'),
    );
    const [decided] = await tx
      .update(collectionActivities)
      .set({ state: decision, decidedAt: now, decidedBy: operator.id, decisionNote: note })
      .where(and(ofBorrower, eq(collectionActivities.state, 'OPEN')))
      .returning({ relief: collectionActivities.relief });
    if (!decided) {
      const [known] = await tx
        .select({ id: collectionActivities.id })
        .from(collectionActivities)
        .where(ofBorrower);
      throw new ApiError(known ? RSP.COLLECTION_HARDSHIP_DECIDED : RSP.COLLECTION_ACTIVITY_NOT_FOUND);
    }
    return {
      action: AUDIT.opsCollectionHardshipDecided,
      detail: {
        hardshipId: body.activityId,
        relief: decided.relief,
        ...(note ? { reason: note } : {}),
        changes: { hardshipState: { before: 'OPEN', after: decision } },
      },
    };
  });
}

/**
 * 分派: the case to an operator who works collections (not disabled, 催收跟进 among their roles, the borrower in
 * their data scope; 4404 otherwise), or to nobody (null).
 */
export function assignCase(
  ctx: Ctx,
  operator: SignedInOperator,
  body: { loginId: string; assignee: string | null },
  meta: RequestMeta | null,
) {
  return actOnCase(ctx, operator, body.loginId, meta, async ({ tx, kase, user }) => {
    let assignee: { id: number; loginId: string } | null = null;
    if (body.assignee !== null && body.assignee.trim() !== '') {
      const row = await operatorByLogin(tx, body.assignee);
      const grants = row && !row.disabled ? await grantsOf(tx, row.id) : null;
      const able =
        row &&
        grants?.permissions.includes('collection.work') &&
        (await isBorrowerInScope(tx, grants, user.id));
      if (!row || !able) throw new ApiError(RSP.COLLECTION_ASSIGNEE_INVALID);
      assignee = { id: row.id, loginId: row.loginId };
    }
    const [before] = kase.assignedOperatorId
      ? await tx
          .select({ loginId: operators.loginId })
          .from(operators)
          .where(eq(operators.id, kase.assignedOperatorId))
      : [];
    return {
      action: AUDIT.opsCollectionAssigned,
      activity: { kind: 'ASSIGN', assigneeId: assignee?.id ?? null },
      caseSet: { assignedOperatorId: assignee?.id ?? null },
      detail: {
        changes: { assignee: { before: before?.loginId ?? null, after: assignee?.loginId ?? null } },
      },
    };
  });
}

/** 下一步行动: what and when (within 90 days), or both cleared; 4408 otherwise. */
export function setNextAction(
  ctx: Ctx,
  operator: SignedInOperator,
  body: { loginId: string; nextAction: string; nextActionDate: string },
  meta: RequestMeta | null,
) {
  const action = body.nextAction.trim();
  const date = body.nextActionDate.trim();
  return actOnCase(ctx, operator, body.loginId, meta, async ({ kase, today }) => {
    const cleared = action === '' && date === '';
    if (!cleared) {
      const last = addDaysIso(today, COLLECTION_LIMITS.nextActionMaxDays);
      if (action === '' || [...action].length > COLLECTION_LIMITS.nextActionMax) {
        throw new ApiError(
          RSP.COLLECTION_NEXT_ACTION_INVALID,
          `请填写下一步行动（最多 ${COLLECTION_LIMITS.nextActionMax} 字）`,
        );
      }
      if (!parseIsoDate(date) || date < today || date > last) {
        throw new ApiError(
          RSP.COLLECTION_NEXT_ACTION_INVALID,
          `下一步行动日期须在今天（${today}）到 ${last} 之间`,
        );
      }
    }
    const after = { nextAction: cleared ? null : action, nextActionDate: cleared ? null : date };
    return {
      action: AUDIT.opsCollectionNextAction,
      caseSet: after,
      detail: {
        changes: {
          nextAction: { before: kase.nextAction, after: after.nextAction },
          nextActionDate: { before: kase.nextActionDate, after: after.nextActionDate },
        },
      },
    };
  });
}
