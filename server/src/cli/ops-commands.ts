import { parseArgs } from 'node:util';
import type { Database } from '../db/client.ts';
import { ApiError } from '../lib/api-error.ts';
import { temporaryPassword } from '../lib/passwords.ts';
import { AUDIT, recordAudit } from '../modules/audit/record.ts';
import { createOperator } from '../modules/ops/operators.ts';
import { seedOpsRoles } from '../modules/ops/roles.ts';
import { CommandError } from './commands/shared.ts';

export const OPS_USAGE = `用法 / usage: npm run ops -- create-admin --login <登录账号> --name <姓名>

  create-admin   创建第一位管理员（角色：管理员）并打印一次性的初始密码；首次登录运营后台时先设置自己的密码，再绑定验证器（TOTP）。
                 之后的运营人员在运营后台中创建。/ creates an administrator and prints a one-time password.`;

/** `npm run ops -- …`: the console's commands that must run before anyone can sign in to it. */
export async function runOpsCommand(
  argv: string[],
  env: { db: Database; print: (line: string) => void; now?: () => Date },
): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { login: { type: 'string' }, name: { type: 'string' } },
  });
  if (positionals[0] !== 'create-admin' || positionals.length !== 1) throw new CommandError(OPS_USAGE);
  if (!values.login || !values.name) throw new CommandError(`缺少 --login 或 --name\n\n${OPS_USAGE}`);
  const now = env.now?.() ?? new Date();
  await seedOpsRoles(env.db, now);
  const password = temporaryPassword();
  let id: number;
  try {
    id = await createOperator(
      env.db,
      {
        loginId: values.login,
        name: values.name,
        password,
        roles: ['admin'],
        passwordChangeRequired: true,
      },
      now,
    );
  } catch (error) {
    if (error instanceof ApiError) throw new CommandError(error.message);
    throw error;
  }
  const loginId = values.login.trim().toLowerCase();
  await recordAudit(env.db, {
    action: AUDIT.opsOperatorCreated,
    at: now,
    operatorId: id,
    loginId,
    detail: { roles: ['admin'], by: 'command' },
  });
  env.print(`已创建管理员 ${loginId}（${values.name.trim()}）/ administrator created`);
  env.print(`初始密码（只显示这一次）/ one-time password: ${password}`);
  env.print(
    '首次登录运营后台 /ops/ 时先设置自己的密码，再用验证器（如 Google Authenticator、Microsoft Authenticator）扫码绑定。',
  );
}
