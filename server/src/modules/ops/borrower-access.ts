import { RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { SignedInOperator } from '../../plugins/ops-session.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { normalizeLoginId } from '../auth/lockout.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { assertBorrowerInScope, borrowerNotFound, type ScopedOperator } from './data-scope.ts';
import { type CheckedBy, makeRequest } from './requests.ts';

type Ctx = Pick<AppContext, 'db' | 'now'>;

/** The borrower of a login id, if in the operator's data scope (2313 alike for one unknown and one out of it). */
async function borrower(db: Database, operator: ScopedOperator, loginId: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.loginId, normalizeLoginId(loginId)))
    .limit(1);
  if (!user) throw borrowerNotFound();
  await assertBorrowerInScope(db, operator, user.id);
  return user;
}

function checkedReason(reason: string): string {
  const text = reason.trim();
  if (text.length < 2) throw new ApiError(RSP.INVALID_INPUT, '请填写原因（至少 2 个字）');
  return text;
}

/** 停用: at once (stopping is the safe side); the borrower's sessions end; audited with the reason. */
export async function disableBorrower(
  ctx: Ctx,
  operator: SignedInOperator,
  input: { loginId: string; reason: string },
  meta: RequestMeta,
) {
  const reason = checkedReason(input.reason);
  const user = await borrower(ctx.db, operator, input.loginId);
  if (user.disabled) throw new ApiError(RSP.INVALID_INPUT, '该借款人已停用');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, now);
    await recordAudit(tx, {
      action: AUDIT.opsBorrowerDisabled,
      at: now,
      operatorId: operator.id,
      loginId: operator.loginId,
      userId: user.id,
      meta,
      detail: {
        subject: `borrower:${user.loginId}`,
        reason,
        changes: { disabled: { before: false, after: true } },
      },
    });
  });
  return { loginId: user.loginId, disabled: true };
}

/** 启用: a request another operator with the same permission confirms (maker-checker). */
export async function askEnableBorrower(
  ctx: Ctx,
  operator: SignedInOperator,
  input: { loginId: string; reason: string },
  meta: RequestMeta,
) {
  const reason = checkedReason(input.reason);
  const user = await borrower(ctx.db, operator, input.loginId);
  if (!user.disabled) throw new ApiError(RSP.INVALID_INPUT, '该借款人未停用，无需启用');
  const row = await makeRequest(
    ctx,
    operator,
    {
      kind: 'borrower.enable',
      subject: `borrower:${user.loginId}`,
      payload: { loginId: user.loginId, reason },
    },
    meta,
  );
  return { requestId: row.id, state: row.state };
}

/** The confirmed request, done: the borrower may sign in again. */
export async function applyEnableBorrower(
  db: Database,
  row: { payload: Record<string, unknown> },
  by: CheckedBy,
) {
  const user = await borrower(db, by.checker, String(row.payload.loginId));
  await db.update(users).set({ disabled: false }).where(eq(users.id, user.id));
  await recordAudit(db, {
    action: AUDIT.opsBorrowerEnabled,
    at: by.now,
    operatorId: by.checker.id,
    loginId: by.checker.loginId,
    userId: user.id,
    detail: {
      subject: `borrower:${user.loginId}`,
      reason: row.payload.reason,
      maker: by.makerLoginId,
      changes: { disabled: { before: true, after: false } },
    },
  });
}
