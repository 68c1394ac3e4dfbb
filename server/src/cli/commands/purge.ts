import { purgeExpired, RETENTION } from '../../modules/housekeeping/purge.ts';
import { type Command, clock, database } from './shared.ts';

const days = (ms: number) => ms / (24 * 60 * 60 * 1000);

/** purge: delete spent sessions, codes, nonces and failure counters now (the server also does it hourly). */
export const purge: Command = {
  needsDb: true,
  async run(env) {
    const counts = await purgeExpired(database(env), clock(env));
    env.print(
      `已清理 / purged: 会话 sessions ${counts.sessions}（结束超过 ${days(RETENTION.endedSessionsMs)} 天）, ` +
        `验证码 codes ${counts.codes}, 免密登录票据 nonces ${counts.nonces}, 登录失败计数 failure counters ${counts.loginFailures}`,
    );
  },
};
