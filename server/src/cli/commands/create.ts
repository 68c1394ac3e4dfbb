import { checkPassword, isEmail, isMobilePhone } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { hashPassword, temporaryPassword } from '../../lib/passwords.ts';
import { AUDIT, recordAudit } from '../../modules/audit/record.ts';
import { insertUser, userByPhone } from '../../modules/contacts/contacts.ts';
import { type Command, CommandError, clock, database, loginIdArg, required } from './shared.ts';

/** create <loginId> --name --phone --email [--password] [--assets-code]: must change the password at first login. */
export const create: Command = {
  needsDb: true,
  async run(env, positionals, values) {
    const db = database(env);
    const loginId = loginIdArg(positionals);
    const name = required(values, 'name');
    const phone = required(values, 'phone');
    const email = required(values, 'email');
    if ([...name].length > 32) throw new CommandError('姓名最多 32 个字符 / name too long');
    if (!isMobilePhone(phone)) throw new CommandError(`手机号格式不正确 / bad phone: ${phone}`);
    if (!isEmail(email)) throw new CommandError(`邮箱格式不正确 / bad e-mail: ${email}`);
    const given = values.password;
    const password = given ?? temporaryPassword();
    const problem = checkPassword(password, loginId);
    if (problem) throw new CommandError(`密码不符合规则 / password refused: ${problem}`);
    const [byId] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, loginId));
    if (byId) throw new CommandError(`登录账号已存在 / login id taken: ${loginId}`);
    if (await userByPhone(db, env.config, phone)) {
      throw new CommandError(`手机号已被其他账号使用 / phone already used: ${phone}`);
    }
    const now = clock(env);
    const user = await insertUser(
      db,
      env.config,
      {
        loginId,
        passwordHash: await hashPassword(password),
        userNameCn: name,
        assetsCodes: values['assets-code'] ? [values['assets-code']] : [],
        uptPwdTime: null,
        createdAt: now,
      },
      { phone, email },
    );
    if (!user) throw new CommandError(`登录账号已存在 / login id taken: ${loginId}`);
    await recordAudit(db, { action: AUDIT.userCreated, at: now, userId: user.id, loginId });
    env.print(`已创建 / created: ${loginId}（${name}）`);
    if (!given) env.print(`临时密码 / temporary password: ${password}`);
    env.print('首次登录须修改密码 / the password must be changed at first login');
  },
};
