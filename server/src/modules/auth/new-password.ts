import { RSP } from '@loan/domain';
import { ApiError } from '../../lib/api-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';

/**
 * A new password must differ from the current one (2010), whether it is changed with the old password or reset
 * with a code. Compared with the stored hash, so both flows apply the same rule.
 */
export async function refuseCurrentPassword(passwordHash: string, newPassword: string): Promise<void> {
  if (await verifyPassword(passwordHash, newPassword)) throw new ApiError(RSP.SAME_PASSWORD);
}
