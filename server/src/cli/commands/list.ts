import { maskPhone } from '@loan/domain';
import { asc, eq } from 'drizzle-orm';
import { loginFailures, users } from '../../db/schema.ts';
import { contactsOf } from '../../modules/contacts/contacts.ts';
import { type Command, clock, database } from './shared.ts';

/** list: every user with its state (must change, locked, disabled). */
export const list: Command = {
  needsDb: true,
  async run(env) {
    const db = database(env);
    const now = clock(env).getTime();
    const rows = await db
      .select({ user: users, lockedUntil: loginFailures.lockedUntil })
      .from(users)
      .leftJoin(loginFailures, eq(loginFailures.loginId, users.loginId))
      .orderBy(asc(users.id));
    env.print('loginId\t姓名 name\t手机 phone\t邮箱 email\t状态 state');
    for (const { user, lockedUntil } of rows) {
      const state = [
        user.uptPwdTime ? null : '须改密 must-change',
        lockedUntil && lockedUntil.getTime() > now ? '已锁定 locked' : null,
        user.disabled ? '已停用 disabled' : null,
      ].filter(Boolean);
      const contacts = contactsOf(env, user);
      const phone = contacts.phone ? maskPhone(contacts.phone) : '-';
      env.print(
        `${user.loginId}\t${user.userNameCn}\t${phone}\t${contacts.email}\t${state.join(', ') || '正常 ok'}`,
      );
    }
  },
};
