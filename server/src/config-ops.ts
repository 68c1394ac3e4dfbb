import { type Network, parseNetworks } from './lib/networks.ts';

type Env = Record<string, string | undefined>;

/** Where the operator console answers when it has a listener of its own. */
export interface OpsListener {
  port: number;
  host: string;
}

export interface OpsSettings {
  /** OPS_ALLOWED_CIDRS: the only networks the console's calls answer (null: any) */
  opsAllowedCidrs: Network[] | null;
  /**
   * OPS_PORT (and OPS_HOST, default 127.0.0.1): the console (`/ops/`, `/api/ops/…`) answers only on this listener
   * and the public one answers none of it; null: both on the one listener
   */
  opsListener: OpsListener | null;
}

/** The console's settings, each problem one line (Chinese / English) added to `problems`. */
export function readOpsSettings(env: Env, publicPort: number, problems: string[]): OpsSettings {
  return {
    opsAllowedCidrs: opsNetworks(env.OPS_ALLOWED_CIDRS?.trim() || null, problems),
    opsListener: opsListener(env, publicPort, problems),
  };
}

function opsNetworks(raw: string | null, problems: string[]): Network[] | null {
  if (raw === null) return null;
  const parsed = parseNetworks(raw);
  if ('networks' in parsed) return parsed.networks;
  problems.push(
    `OPS_ALLOWED_CIDRS 中的 ${parsed.problem} 不是网段，例如 10.0.0.0/8,192.168.1.0/24 / OPS_ALLOWED_CIDRS: ${parsed.problem} is not a CIDR`,
  );
  return [];
}

function opsListener(env: Env, publicPort: number, problems: string[]): OpsListener | null {
  const rawPort = env.OPS_PORT?.trim();
  const host = env.OPS_HOST?.trim();
  if (!rawPort) {
    if (host) {
      problems.push(
        'OPS_HOST 须与 OPS_PORT 一起设置 / OPS_HOST needs OPS_PORT: the console has no listener of its own',
      );
    }
    return null;
  }
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    problems.push('环境变量 OPS_PORT 必须是 1 到 65535 之间的整数 / OPS_PORT must be an integer 1..65535');
    return null;
  }
  if (port === publicPort) {
    problems.push(
      `OPS_PORT 与 PORT 相同（${port}）：运营后台须使用另一个端口 / OPS_PORT equals PORT: the console needs a port of its own`,
    );
    return null;
  }
  return { port, host: host || '127.0.0.1' };
}
