import {
  type AuditChanges,
  checkableKinds,
  missingPermissionText,
  OPS_REQUEST_KINDS,
  type OpsRequestKindCode,
  RSP,
} from '@loan/domain';
import { and, desc, eq, gt, inArray, lte, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type OpsRequestRow, operators, opsRequestEvents, opsRequests } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ForbiddenError } from '../../plugins/errors.ts';
import type { SignedInOperator } from '../../plugins/ops-session.ts';
import { AUDIT, recordOperatorAudit } from '../audit/record.ts';
import { applyRequestEvent } from './request-event.ts';
import { assertRequestInScope, requestsInScope } from './request-scope.ts';

const HOUR = 3_600_000;

/** Who makes or checks a request: a console operator, or one a shell command runs as (`--as`). */
export type ActingOperator = Pick<SignedInOperator, 'id' | 'loginId' | 'permissions' | 'bankScope'>;

export interface NewRequest {
  kind: OpsRequestKindCode;
  subject: string;
  payload: Record<string, unknown>;
}

/** The maker's request: pending until a second operator checks it; a second one on the same subject is refused. */
export async function makeRequest(
  ctx: Pick<AppContext, 'db' | 'now'>,
  maker: ActingOperator,
  request: NewRequest,
  meta: RequestMeta | null,
): Promise<OpsRequestRow> {
  const kind = OPS_REQUEST_KINDS[request.kind];
  if (!maker.permissions.includes(kind.maker))
    throw new ForbiddenError(RSP.OPS_FORBIDDEN, missingPermissionText(kind.maker));
  const now = ctx.now();
  // a request on the subject that has passed its time expires first (it no longer blocks a new one)
  const lapsed = await ctx.db
    .select()
    .from(opsRequests)
    .where(
      and(
        eq(opsRequests.subject, request.subject),
        eq(opsRequests.state, 'PENDING'),
        lte(opsRequests.expiresAt, now),
      ),
    );
  for (const old of lapsed) {
    await applyRequestEvent(ctx.db, old, 'EXPIRE', 'SYSTEM', { now, operatorId: null }).catch(
      () => undefined,
    );
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(opsRequests)
      .values({
        kind: request.kind,
        subject: request.subject,
        payload: request.payload,
        state: 'PENDING',
        makerId: maker.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + kind.expiresHours * HOUR),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ApiError(RSP.OPS_REQUEST_DUPLICATE);
    await tx.insert(opsRequestEvents).values({
      requestId: row.id,
      fromState: null,
      toState: 'PENDING',
      event: 'CREATE',
      actor: 'MAKER',
      at: now,
      operatorId: maker.id,
    });
    await recordOperatorAudit(tx, maker, meta, AUDIT.opsRequestMade, now, {
      requestId: row.id,
      kind: row.kind,
      subject: row.subject,
      payload: row.payload,
    });
    return row;
  });
}

async function requestById(db: Database, id: number): Promise<OpsRequestRow> {
  const [row] = await db.select().from(opsRequests).where(eq(opsRequests.id, id)).limit(1);
  if (!row) throw new ApiError(RSP.OPS_REQUEST_NOT_FOUND);
  return row;
}

/** A pending request past its time expires (the system's move) before anyone may check it. */
async function expireIfDue(ctx: Pick<AppContext, 'db' | 'now'>, row: OpsRequestRow): Promise<void> {
  const now = ctx.now();
  if (row.state !== 'PENDING' || row.expiresAt.getTime() > now.getTime()) return;
  await applyRequestEvent(ctx.db, row, 'EXPIRE', 'SYSTEM', { now, operatorId: null }).catch(() => undefined);
  throw new ApiError(RSP.OPS_REQUEST_CLOSED, '该申请已过期，请重新提交');
}

/** Who checked a request and when, as the act records it. */
export interface CheckedBy {
  checker: ActingOperator;
  makerLoginId: string;
  now: Date;
}

/** What confirming a request does: the act itself, in the same transaction as the confirmation. */
/** What a confirmed request does; what it changed (before and after) goes into the confirmation's audit entry. */
export type RequestAct = (
  db: Database,
  row: OpsRequestRow,
  by: CheckedBy,
) => Promise<void> | Promise<AuditChanges | undefined>;

/**
 * The checker's decision. Never the maker's own request; only with the kind's checker permission; only while it is
 * pending and not expired; two checkers at once: one decision. A confirmation does the act in the same
 * transaction: if the act is refused (the subject moved on meanwhile), nothing is confirmed. A request about a
 * borrower out of the checker's data scope answers as one that does not exist (request-scope.ts).
 */
export async function checkRequest(
  ctx: Pick<AppContext, 'db' | 'now'>,
  checker: ActingOperator,
  input: { requestId: number; decision: 'CONFIRM' | 'DECLINE'; reason: string | null },
  acts: Readonly<Record<OpsRequestKindCode, RequestAct>>,
  meta: RequestMeta | null,
): Promise<OpsRequestRow> {
  const row = await requestById(ctx.db, input.requestId);
  await assertRequestInScope(ctx.db, checker, row);
  const kind = OPS_REQUEST_KINDS[row.kind];
  if (!checker.permissions.includes(kind.checker)) {
    throw new ForbiddenError(RSP.OPS_FORBIDDEN, missingPermissionText(kind.checker));
  }
  if (row.makerId === checker.id) throw new ApiError(RSP.OPS_SELF_CHECK);
  if (input.decision === 'DECLINE' && !input.reason) throw new ApiError(RSP.INVALID_INPUT, '驳回须填写原因');
  await expireIfDue(ctx, row);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const moved = await applyRequestEvent(tx, row, input.decision, 'CHECKER', {
      now,
      operatorId: checker.id,
      reason: input.reason,
    });
    let changes: AuditChanges | undefined;
    if (input.decision === 'CONFIRM') {
      const [maker] = await tx
        .select({ loginId: operators.loginId })
        .from(operators)
        .where(eq(operators.id, row.makerId));
      changes =
        (await acts[row.kind](tx, moved, {
          checker,
          makerLoginId: maker?.loginId ?? String(row.makerId),
          now,
        })) ?? undefined;
    }
    await recordOperatorAudit(
      tx,
      checker,
      meta,
      input.decision === 'CONFIRM' ? AUDIT.opsRequestConfirmed : AUDIT.opsRequestDeclined,
      now,
      {
        requestId: row.id,
        kind: row.kind,
        subject: row.subject,
        reason: input.reason,
        ...(changes ? { changes } : {}),
      },
    );
    return moved;
  });
}

/** The maker takes back a request nobody has checked yet. */
export async function withdrawRequest(
  ctx: Pick<AppContext, 'db' | 'now'>,
  maker: ActingOperator,
  requestId: number,
  meta: RequestMeta | null,
): Promise<OpsRequestRow> {
  const row = await requestById(ctx.db, requestId);
  if (row.makerId !== maker.id) throw new ApiError(RSP.OPS_REQUEST_ACTOR);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const moved = await applyRequestEvent(tx, row, 'WITHDRAW', 'MAKER', { now, operatorId: maker.id });
    await recordOperatorAudit(tx, maker, meta, AUDIT.opsRequestWithdrawn, now, {
      requestId: row.id,
      kind: row.kind,
    });
    return moved;
  });
}

const makers = alias(operators, 'makers');
const checkers = alias(operators, 'checkers');

function requestLines(db: Database) {
  return db
    .select({
      request: opsRequests,
      makerName: makers.name,
      makerLoginId: makers.loginId,
      checkerName: checkers.name,
    })
    .from(opsRequests)
    .innerJoin(makers, eq(makers.id, opsRequests.makerId))
    .leftJoin(checkers, eq(checkers.id, opsRequests.checkerId));
}

export type RequestLine = Awaited<ReturnType<ReturnType<typeof requestLines>['execute']>>[number];

/** One request with its operators' names. */
export async function requestLine(db: Database, id: number): Promise<RequestLine> {
  const [line] = await requestLines(db).where(eq(opsRequests.id, id)).limit(1);
  if (!line) throw new ApiError(RSP.OPS_REQUEST_NOT_FOUND);
  return line;
}

/**
 * 待我审批: pending, unexpired requests of the kinds this operator checks, made by someone else, about borrowers in
 * their data scope; oldest first.
 */
export async function inboxOf(ctx: Pick<AppContext, 'db' | 'now'>, operator: ActingOperator) {
  const kinds = checkableKinds(operator.permissions);
  if (kinds.length === 0) return [];
  const lines = await requestLines(ctx.db)
    .where(
      and(
        eq(opsRequests.state, 'PENDING'),
        inArray(opsRequests.kind, kinds),
        ne(opsRequests.makerId, operator.id),
        gt(opsRequests.expiresAt, ctx.now()),
      ),
    )
    .orderBy(opsRequests.createdAt)
    .limit(200);
  return requestsInScope(ctx.db, operator, lines);
}

/** The operator's own requests, newest first. */
export function requestsMadeBy(db: Database, operator: Pick<ActingOperator, 'id'>) {
  return requestLines(db).where(eq(opsRequests.makerId, operator.id)).orderBy(desc(opsRequests.id)).limit(50);
}

/** The pending requests on these subjects (a queue shows what is already asked about its rows). */
export async function pendingOn(db: Database, subjects: string[], now: Date) {
  if (subjects.length === 0) return new Map<string, RequestLine>();
  const rows = await requestLines(db).where(
    and(
      eq(opsRequests.state, 'PENDING'),
      inArray(opsRequests.subject, subjects),
      gt(opsRequests.expiresAt, now),
    ),
  );
  return new Map(rows.map((row) => [row.request.subject, row]));
}
