import type { SecurityView, SignInMethod, SignInView, SignOutOthersResult } from '@loan/domain';
import { and, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { auditLog, sessions, type UserRow } from '../../db/schema.ts';
import { deviceOf } from '../../lib/user-agent.ts';
import { AUDIT, type AuditAction, recordUserAudit } from '../audit/record.ts';
import { sessionLifetimes, sessionRef } from '../auth/sessions.ts';

const DAY_MS = 24 * 3600_000;

/** The password is old, and the page says so, from this many whole days after it was last changed. */
const PASSWORD_NUDGE_DAYS = 90;

/** How many sign-ins the security list shows. */
const SIGN_IN_LIMIT = 10;

/** The ways in, as the audit log records them. */
const SIGN_IN_ACTIONS: Readonly<Partial<Record<AuditAction, SignInMethod>>> = {
  [AUDIT.loginSuccess]: 'PASSWORD',
  [AUDIT.smsLogin]: 'SMS',
  [AUDIT.directLogin]: 'PARTNER_LINK',
};

const SIGN_IN_METHOD_LABELS: Readonly<Record<SignInMethod, string>> = {
  PASSWORD: '密码登录',
  SMS: '短信验证码登录',
  PARTNER_LINK: '合作方免密登录',
};

/** The user's live sessions (not revoked, not past the absolute end, not idle too long) other than this one. */
function otherLiveSessions(ctx: AppContext, userId: number, tokenHash: string, now: Date) {
  const idleSince = new Date(now.getTime() - sessionLifetimes(ctx.config).idleMs);
  return and(
    eq(sessions.userId, userId),
    ne(sessions.tokenHash, tokenHash),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, idleSince),
  );
}

function signInView(row: typeof auditLog.$inferSelect, currentRef: string): SignInView {
  const method = SIGN_IN_ACTIONS[row.action as AuditAction] ?? 'PASSWORD';
  const agent = row.detail?.userAgent;
  return {
    current: row.detail?.session === currentRef,
    at: row.createdAt.toISOString(),
    ip: row.ip,
    device: deviceOf(typeof agent === 'string' ? agent : null),
    method,
    methodLabel: SIGN_IN_METHOD_LABELS[method],
  };
}

/**
 * GET /account/security: when the password was last changed (whole days since, and the nudge from
 * PASSWORD_NUDGE_DAYS on), the last SIGN_IN_LIMIT sign-ins from the audit log, the count of other live sessions.
 */
export async function securityView(ctx: AppContext, user: UserRow, tokenHash: string): Promise<SecurityView> {
  const now = ctx.now();
  const ageDays =
    user.uptPwdTime === null
      ? null
      : Math.max(0, Math.floor((now.getTime() - user.uptPwdTime.getTime()) / DAY_MS));
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, user.id), inArray(auditLog.action, Object.keys(SIGN_IN_ACTIONS))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(SIGN_IN_LIMIT);
  const others = await ctx.db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(otherLiveSessions(ctx, user.id, tokenHash, now));
  return {
    pwdTime: user.uptPwdTime?.toISOString() ?? null,
    pwdAgeDays: ageDays,
    pwdNudge: ageDays !== null && ageDays >= PASSWORD_NUDGE_DAYS,
    signIns: rows.map((row) => signInView(row, sessionRef(tokenHash))),
    otherSessions: others.length,
  };
}

/** POST /account/signOutOthers: ends every other live session of the user; this one stays. Audited. */
export async function signOutOthers(
  ctx: AppContext,
  user: UserRow,
  tokenHash: string,
  meta: RequestMeta,
): Promise<SignOutOthersResult> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(otherLiveSessions(ctx, user.id, tokenHash, now))
      .returning({ tokenHash: sessions.tokenHash });
    await recordUserAudit(tx, user, meta, AUDIT.signOutOthers, now, {
      revoked: revoked.length,
      userAgent: meta.userAgent,
    });
    return { revoked: revoked.length };
  });
}
