import { type Network, parseNetworks } from './lib/networks.ts';

type Env = Record<string, string | undefined>;

export interface MetricsSettings {
  /**
   * METRICS_ALLOWED_CIDRS: the only networks GET /metrics answers (default this machine: 127.0.0.1/8, ::1);
   * any other client gets 403
   */
  metricsAllowedCidrs: Network[];
}

/** Loopback only, unless METRICS_ALLOWED_CIDRS says otherwise. */
export const METRICS_DEFAULT_CIDRS = '127.0.0.1/8,::1';

/** The metrics' settings, each problem one line (Chinese / English) added to `problems`. */
export function readMetricsSettings(env: Env, problems: string[]): MetricsSettings {
  const raw = env.METRICS_ALLOWED_CIDRS?.trim() || METRICS_DEFAULT_CIDRS;
  const parsed = parseNetworks(raw);
  if ('networks' in parsed) return { metricsAllowedCidrs: parsed.networks };
  problems.push(
    `METRICS_ALLOWED_CIDRS 中的 ${parsed.problem} 不是网段，例如 127.0.0.1/8,10.0.0.0/8 / METRICS_ALLOWED_CIDRS: ${parsed.problem} is not a CIDR`,
  );
  return { metricsAllowedCidrs: [] };
}
