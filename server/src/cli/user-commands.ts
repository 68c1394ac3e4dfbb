import { parseArgs } from 'node:util';
import { AUDIT, recordAudit } from '../modules/audit/record.ts';
import { syncSessionViews } from '../modules/auth/session-view-sync.ts';
import { operatorByLogin } from '../modules/ops/operators.ts';
import { resetPassword, setDisabled, unlock } from './commands/account.ts';
import { COUPON_USAGE, coupon } from './commands/coupon.ts';
import { create } from './commands/create.ts';
import { directLink } from './commands/direct-link.ts';
import { list } from './commands/list.ts';
import { purge } from './commands/purge.ts';
import { refund } from './commands/refund.ts';
import { request } from './commands/request.ts';
import { type Command, type CommandEnv, CommandError } from './commands/shared.ts';

export { type CommandEnv, CommandError } from './commands/shared.ts';

export const USAGE = `用法 / usage: npm run user -w server -- <command>
  create <loginId> --name 张三 --phone 13800138000 --email a@b.cn [--password X] [--assets-code AC0002]
        新用户首次登录须修改密码；不给 --password 时生成临时密码 / must change the password at first login
  reset-password <loginId>     新的临时密码，须修改，注销全部会话 / temporary password, sessions revoked
  unlock <loginId>             解除登录锁定 / clear a lockout
  disable <loginId> | enable <loginId>
  direct-link <loginId> [--base PUBLIC_URL] [--minutes 10]
                               一次性免密登录链接（不访问数据库）/ one-time password-free login link
  list                         列出用户 / list users
  --as <运营人员登录账号>       以该运营人员身份执行并记入审计日志（生产环境必填；refund、request 任何环境必填）
                               run as this operator, audited (required in production, and for refund and request)
  purge                        清理过期会话、验证码等（服务也每小时执行）/ delete spent sessions, codes (hourly in the server too)
  refund approve <refundNo> [--reason 审核意见] --as <运营人员>
  refund reject <refundNo> --reason 原因 --as <运营人员>
                               提交退款决定，待另一位运营人员复核 / ask for a refund decision (maker-checker)
  refund resend <refundNo> --as <运营人员>
  refund close <refundNo> --reason 原因 --as <运营人员>
                               退款失败：申请重新发起或关闭，待复核 / a failed refund: ask to send again, or to close
  request list --as <运营人员>  待我审批：他人提交、我可复核的申请 / the requests this operator may check
  request confirm <id> [--reason 意见] --as <运营人员>
  request decline <id> --reason 原因 --as <运营人员>
                               复核通过（执行）或驳回；提交人不能复核自己的申请 / confirm (done) or decline; never one's own
${COUPON_USAGE.replace(/^用法 \/ usage:\n/, '')}
                               发放或查看优惠券（满减、折扣、免服务费）/ issue or list coupons`;

const COMMANDS: Record<string, Command> = {
  create,
  'reset-password': resetPassword,
  unlock,
  disable: setDisabled(true),
  enable: setDisabled(false),
  'direct-link': directLink,
  list,
  purge,
  refund,
  request,
  coupon,
};

export function parseCommand(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      phone: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'assets-code': { type: 'string' },
      base: { type: 'string' },
      minutes: { type: 'string' },
      reason: { type: 'string' },
      kind: { type: 'string' },
      title: { type: 'string' },
      amount: { type: 'string' },
      threshold: { type: 'string' },
      percent: { type: 'string' },
      cap: { type: 'string' },
      days: { type: 'string' },
      from: { type: 'string' },
      until: { type: 'string' },
      scope: { type: 'string' },
      'scope-values': { type: 'string' },
      as: { type: 'string' },
    },
  });
  const [name, ...rest] = positionals;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) throw new CommandError(USAGE);
  return {
    name: name as string,
    command,
    positionals: rest,
    values: values as Record<string, string | undefined>,
  };
}

/** Commands that change nothing: they need no operator to run as. */
const READ_ONLY = new Set(['list', 'direct-link']);

/** Maker-checker commands: a request is made or checked by a named operator, in every environment. */
const AS_OPERATOR = new Set(['refund', 'request']);

/**
 * The operator a command runs as (`--as <login id>`): an enabled operator of the console, required in production
 * for every command that changes something, and everywhere for the maker-checker commands (refund, request).
 * Otherwise, outside production, it may be left out (the shell's user is named).
 */
async function runAs(env: CommandEnv, name: string, as: string | undefined) {
  if (!as) {
    if (AS_OPERATOR.has(name)) {
      throw new CommandError(
        `退款与审批命令须以运营人员身份执行（提交人与复核人须为两位运营人员）：加上 --as <运营人员登录账号> / ${name}: add --as <operator login id>`,
      );
    }
    if (env.config.environment === 'production' && !READ_ONLY.has(name)) {
      throw new CommandError(
        `生产环境须以运营人员身份执行：加上 --as <运营人员登录账号> / production: add --as <operator login id>`,
      );
    }
    return null;
  }
  if (!env.db)
    throw new CommandError('--as 只用于访问数据库的命令 / --as is for commands that use the database');
  const operator = await operatorByLogin(env.db, as);
  if (!operator || operator.disabled) {
    throw new CommandError(`没有该运营人员或已停用 / no such enabled operator: ${as}`);
  }
  return { id: operator.id, loginId: operator.loginId };
}

/** Runs one command; throws CommandError for usage and input problems. Audited under its operator. */
export async function runUserCommand(argv: string[], env: CommandEnv): Promise<void> {
  const { name, command, positionals, values } = parseCommand(argv);
  const operator = await runAs(env, name, values.as);
  await command.run({ ...env, operator }, positionals, values);
  if (env.db && !READ_ONLY.has(name)) {
    // the servers' session caches have heard what the command changed (a revoked session is refused at once)
    const print = (_detail: unknown, message?: string) => env.print(message ?? '');
    await syncSessionViews(env.db, { error: print, warn: print });
  }
  if (operator && env.db && !READ_ONLY.has(name)) {
    // what ran, never the values (a --password among them)
    await recordAudit(env.db, {
      action: AUDIT.opsCommandRun,
      at: (env.now ?? (() => new Date()))(),
      operatorId: operator.id,
      loginId: operator.loginId,
      detail: {
        command: [name, ...positionals].join(' '),
        options: Object.keys(values).filter((k) => k !== 'as'),
      },
    });
  }
}
