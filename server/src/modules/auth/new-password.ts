import { RSP, shanghaiMinute } from '@loan/domain';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { notify } from '../notices/notify.ts';

/**
 * A new password must differ from the current one (2010), whether it is changed with the old password or reset
 * with a code. Compared with the stored hash, so both flows apply the same rule.
 */
export async function refuseCurrentPassword(passwordHash: string, newPassword: string): Promise<void> {
  if (await verifyPassword(passwordHash, newPassword)) throw new ApiError(RSP.SAME_PASSWORD);
}

/**
 * The PASSWORD_CHANGED notice of a change or a reset, in its transaction (`user:<id>:PASSWORD:<ms>`): sent by SMS
 * and e-mail whatever the borrower's choices, at once even in quiet hours.
 */
export async function noticePasswordChanged(tx: Database, userId: number, now: Date): Promise<void> {
  await notify(tx, {
    userId,
    key: `user:${userId}:PASSWORD:${now.getTime()}`,
    now,
    event: { kind: 'PASSWORD_CHANGED', facts: { at: shanghaiMinute(now) } },
  });
}
