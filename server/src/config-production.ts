import { BANK_CODES } from '@loan/domain';
import type { Config } from './config.ts';
import { MIN_SECRET_LENGTH, SECRETS } from './config-secrets.ts';
import { weakness } from './config-strength.ts';

type Env = Record<string, string | undefined>;

const BANK_SECRET_PREFIX = 'BANK_CALLBACK_SECRET';

/**
 * Settings whose name says they were meant for us but that nothing reads: a misspelt bank code, or the single
 * bank secret that per-bank secrets replaced. Refused everywhere: a setting silently ignored is a setting not in
 * force.
 */
export function settingNameProblems(env: Env): string[] {
  const problems: string[] = [];
  const known = new Set(BANK_CODES.map((bank) => `${BANK_SECRET_PREFIX}_${bank}`));
  for (const name of Object.keys(env)) {
    if (!name.startsWith(BANK_SECRET_PREFIX) || known.has(name) || !env[name]?.trim()) continue;
    problems.push(
      name === BANK_SECRET_PREFIX
        ? `${name} 已停用：每家合作机构使用各自的回调密钥 ${[...known].join('、')} / ${name} is replaced by one secret per bank`
        : `${name} 不是已知的合作机构（${BANK_CODES.join('、')}） / ${name} names no known bank`,
    );
  }
  return problems;
}

/**
 * What production refuses to run with, one line each (Chinese / English). Outside production the development
 * secrets stand in. The sandbox adapters are the only adapters there are: in production they run only when
 * chosen with SANDBOX=1; SANDBOX=0 is refused everywhere (no real partner adapters to run instead).
 */
export function productionProblems(config: Config, env: Env): string[] {
  const problems: string[] = [];
  if (!config.sandbox) {
    problems.push(
      env.SANDBOX?.trim()
        ? 'SANDBOX=0：尚未接入真实的合作机构、店铺平台与短信接口，只能以沙箱运行 / no real partner adapters exist yet: only SANDBOX=1 can run'
        : 'SANDBOX 未设置：生产环境只有沙箱接口可用，确认以沙箱运行请设置 SANDBOX=1 / set SANDBOX=1 to run the sandbox adapters in production on purpose',
    );
  }
  if (config.environment !== 'production') return problems;
  const seen = new Map<string, string>();
  for (const secret of SECRETS) {
    const value = env[secret.variable]?.trim();
    const name = secret.variable;
    const why = value ? weakness(value) : null;
    if (!value) {
      problems.push(`${name} 未设置：生产环境必须设置 / ${name} is not set: required in production`);
    } else if (value.toLowerCase() === secret.development.toLowerCase()) {
      problems.push(
        `${name} 仍为开发默认值，请设置新的值 / ${name} is the development value: set a secret of your own`,
      );
    } else if (secret.kind === 'text' && value.length < MIN_SECRET_LENGTH) {
      problems.push(
        `${name} 过短，至少 ${MIN_SECRET_LENGTH} 个字符 / ${name} is too short: at least ${MIN_SECRET_LENGTH} characters`,
      );
    } else if (why) {
      problems.push(
        `${name} 过于简单：${why.zh}，请使用随机生成的密钥 / ${name} is too weak: ${why.en}; use a randomly generated secret`,
      );
    } else if (seen.has(value.toLowerCase())) {
      problems.push(
        `${name} 与 ${seen.get(value.toLowerCase())} 相同，每个密钥须各不相同 / ${name} equals ${seen.get(value.toLowerCase())}: every secret must be its own`,
      );
    }
    if (value) seen.set(value.toLowerCase(), name);
  }
  return problems;
}
