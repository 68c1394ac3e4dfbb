import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { hashPassword, temporaryPassword } from '../../lib/passwords.ts';
import { AUDIT, recordAudit } from '../../modules/audit/record.ts';
import { clearFailures } from '../../modules/auth/lockout.ts';
import { revokeAllSessions } from '../../modules/auth/sessions.ts';
import { type Command, clock, database, existingUser, loginIdArg } from './shared.ts';

/** reset-password, unlock, disable and enable: an operator acting on one account. */
export const resetPassword: Command = {
  needsDb: true,
  async run(env, positionals) {
    const db = database(env);
    const user = await existingUser(db, loginIdArg(positionals));
    const password = temporaryPassword();
    const passwordHash = await hashPassword(password);
    const now = clock(env);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, uptPwdTime: null }).where(eq(users.id, user.id));
      await revokeAllSessions(tx, user.id, now);
      await clearFailures(tx, user.loginId);
      await recordAudit(tx, {
        action: AUDIT.passwordResetByOperator,
        at: now,
        userId: user.id,
        loginId: user.loginId,
      });
    });
    env.print(`临时密码 / temporary password for ${user.loginId}: ${password}`);
    env.print('已注销全部会话，下次登录须修改密码 / sessions revoked; must change at next login');
  },
};

export const unlock: Command = {
  needsDb: true,
  async run(env, positionals) {
    const db = database(env);
    const loginId = loginIdArg(positionals);
    // the sign-in locks (every address), the slow-down and the change-password lock
    const removed = await clearFailures(db, loginId);
    await recordAudit(db, { action: AUDIT.unlockByOperator, at: clock(env), loginId });
    env.print(removed ? `已解除锁定 / unlocked: ${loginId}` : `没有锁定记录 / nothing to unlock: ${loginId}`);
  },
};

export function setDisabled(disabled: boolean): Command {
  return {
    needsDb: true,
    async run(env, positionals) {
      const db = database(env);
      const user = await existingUser(db, loginIdArg(positionals));
      await db.update(users).set({ disabled }).where(eq(users.id, user.id));
      if (disabled) await revokeAllSessions(db, user.id, clock(env));
      env.print(`${disabled ? '已停用 / disabled' : '已启用 / enabled'}: ${user.loginId}`);
    },
  };
}
