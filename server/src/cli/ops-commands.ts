import { parseArgs } from 'node:util';
import { bankScopeText, parseBankScope } from '@loan/domain';
import type { Database } from '../db/client.ts';
import { ApiError } from '../lib/api-error.ts';
import { temporaryPassword } from '../lib/passwords.ts';
import { AUDIT, recordAudit } from '../modules/audit/record.ts';
import { createOperator } from '../modules/ops/operators.ts';
import { seedOpsRoles, setRoleBankScope } from '../modules/ops/roles.ts';
import { CommandError } from './commands/shared.ts';

export const OPS_USAGE = `用法 / usage: npm run ops -- create-admin --login <登录账号> --name <姓名>

  create-admin   创建第一位管理员（角色：管理员）并打印一次性的初始密码；首次登录运营后台时先设置自己的密码，再绑定验证器（TOTP）。
                 之后的运营人员在运营后台中创建。/ creates an administrator and prints a one-time password.
       npm run ops -- role-scope <角色代码> <all | 机构代码,…>

  role-scope     设置角色的数据范围：all 为全部合作机构；否则只看在这些机构（YNIT、CGB、FUIOU、SHRB、CRBANK）有申请的借款人。
                 记入审计日志；持该角色的运营人员下一次请求即生效。/ sets a role's bank scope (audited).`;

/** `role-scope <code> <all|BANK,…>`: a role's 数据范围, set from the server host and audited. */
async function roleScope(
  positionals: string[],
  env: { db: Database; print: (line: string) => void; now?: () => Date },
): Promise<void> {
  const [, code, text] = positionals;
  if (!code || text === undefined || positionals.length !== 3) throw new CommandError(OPS_USAGE);
  const parsed = parseBankScope(text);
  if (!parsed.ok) throw new CommandError(parsed.reason);
  const changed = await setRoleBankScope(env.db, code, parsed.scope);
  if (!changed) throw new CommandError(`没有该角色 / no such role: ${code}`);
  await recordAudit(env.db, {
    action: AUDIT.opsRoleScopeChanged,
    at: env.now?.() ?? new Date(),
    loginId: process.env.USER ? `cli:${process.env.USER}` : 'cli',
    detail: {
      subject: `role:${code}`,
      by: 'command',
      changes: { bankScope: { before: changed.before, after: changed.after } },
    },
  });
  env.print(`角色 ${code} 的数据范围：${bankScopeText(changed.before)} → ${bankScopeText(changed.after)}`);
}

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
  if (positionals[0] === 'role-scope') return roleScope(positionals, env);
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
    detail: { subject: `operator:${loginId}`, roles: ['admin'], by: 'command' },
  });
  env.print(`已创建管理员 ${loginId}（${values.name.trim()}）/ administrator created`);
  env.print(`初始密码（只显示这一次）/ one-time password: ${password}`);
  env.print(
    '首次登录运营后台 /ops/ 时先设置自己的密码，再用验证器（如 Google Authenticator、Microsoft Authenticator）扫码绑定。',
  );
}
