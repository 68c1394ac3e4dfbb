import { parseArgs } from 'node:util';
import { resetPassword, setDisabled, unlock } from './commands/account.ts';
import { COUPON_USAGE, coupon } from './commands/coupon.ts';
import { create } from './commands/create.ts';
import { directLink } from './commands/direct-link.ts';
import { list } from './commands/list.ts';
import { purge } from './commands/purge.ts';
import { refund } from './commands/refund.ts';
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
  purge                        清理过期会话、验证码等（服务也每小时执行）/ delete spent sessions, codes (hourly in the server too)
  refund approve <refundNo> [--reason 审核意见]
  refund reject <refundNo> --reason 原因
                               审核退款申请；同意后服务数秒内向支付渠道退款 / review a refund application
  refund resend <refundNo>
  refund close <refundNo> --reason 原因
                               退款失败：重新发起退款，或关闭并说明原因 / a failed refund: send again, or close
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
    },
  });
  const [name, ...rest] = positionals;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) throw new CommandError(USAGE);
  return { command, positionals: rest, values: values as Record<string, string | undefined> };
}

/** Runs one command; throws CommandError for usage and input problems. */
export async function runUserCommand(argv: string[], env: CommandEnv): Promise<void> {
  const { command, positionals, values } = parseCommand(argv);
  await command.run(env, positionals, values);
}
