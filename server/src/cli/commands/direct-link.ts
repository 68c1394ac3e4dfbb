import { signDirectLoginTicket } from '../../modules/auth/direct-ticket.ts';
import { type Command, CommandError, clock, loginIdArg } from './shared.ts';

/** direct-link <loginId> [--base] [--minutes]: a partner-style one-time login link; no database needed. */
export const directLink: Command = {
  needsDb: false,
  async run(env, positionals, values) {
    const loginId = loginIdArg(positionals);
    const base = (values.base ?? env.config.platform.publicUrl).replace(/\/+$/, '');
    const minutes = Number(values.minutes ?? 10);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 24 * 60) {
      throw new CommandError('--minutes 必须是 1 到 1440 的整数 / --minutes must be 1..1440');
    }
    const ticket = signDirectLoginTicket(env.config.directLoginSecret, loginId, {
      now: clock(env),
      expiresInSeconds: minutes * 60,
    });
    env.print(`${base}/directLogin?ticket=${encodeURIComponent(ticket)}`);
    env.print(`${minutes} 分钟内有效，只能使用一次 / valid ${minutes} min, once`);
  },
};
