import { shanghaiMinute } from '@loan/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog, sessions } from '../../db/schema.ts';
import { deviceOf } from '../../lib/user-agent.ts';
import { AUDIT } from '../audit/record.ts';
import { notify } from '../notices/notify.ts';
import { sessionRef } from './sessions.ts';

/** The audit lines of a successful sign-in, whichever way in. */
const SIGN_INS = [AUDIT.loginSuccess, AUDIT.smsLogin, AUDIT.directLogin];

/**
 * The devices ("Chrome · Windows", as the security page shows them) the user signed in from before: those of the
 * sessions kept (ended ones stay 30 days); when none is kept, those of the sign-ins in the audit log, which is
 * never purged. Empty: the account never signed in.
 */
async function knownDevices(tx: Database, userId: number, current: string): Promise<Set<string>> {
  const kept = await tx
    .selectDistinct({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, current)));
  if (kept.length > 0) return new Set(kept.map((s) => deviceOf(s.userAgent)));
  const audited = await tx
    .selectDistinct({ userAgent: sql<string | null>`${auditLog.detail}->>'userAgent'` })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), inArray(auditLog.action, SIGN_INS)));
  return new Set(audited.map((a) => deviceOf(a.userAgent)));
}

export interface SignIn {
  userId: number;
  userAgent: string | null | undefined;
  /** the new session's token hash (its own row is not a device seen before) */
  tokenHash: string;
  now: Date;
}

/**
 * In a sign-in's transaction, after its session and before its audit line: a sign-in from a device the account
 * has not signed in from before gets the SIGN_IN notice (`session:<ref>:SIGN_IN`, ref the session's audit
 * reference); the account's first sign-in ever is no new device.
 */
export async function noticeNewDevice(tx: Database, signIn: SignIn): Promise<void> {
  const { userId, now } = signIn;
  const known = await knownDevices(tx, userId, signIn.tokenHash);
  const device = deviceOf(signIn.userAgent);
  if (known.size === 0 || known.has(device)) return;
  await notify(tx, {
    userId,
    key: `session:${sessionRef(signIn.tokenHash)}:SIGN_IN`,
    now,
    event: { kind: 'SIGN_IN', facts: { at: shanghaiMinute(now), device } },
  });
}
