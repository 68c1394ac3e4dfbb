// bench:cluster's load balancer: HAProxy (the Debian package's /usr/sbin/haproxy, or HAPROXY) in front of the
// portal servers, its configuration written to a temporary directory, its view of the servers read from its stats.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API } from '@loan/domain';
import { sleep, track, waitFor } from './cluster-servers.ts';

/** HAPROXY, else haproxy on the PATH, else the Debian package's (/usr/sbin is not on every user's PATH) */
export const HAPROXY =
  process.env.HAPROXY ??
  (spawnSync('haproxy', ['-v']).status === 0 || !existsSync('/usr/sbin/haproxy')
    ? 'haproxy'
    : '/usr/sbin/haproxy');

export function haproxyVersion(): string | null {
  const probe = spawnSync(HAPROXY, ['-v'], { encoding: 'utf8' });
  if (probe.status !== 0) return null;
  return probe.stdout.match(/version (\S+)/)?.[1] ?? 'unknown';
}

/** The deployment's own HAProxy configuration (deploy/haproxy.cfg, which compose.yaml mounts). */
export const DEPLOY_HAPROXY_CFG = join(import.meta.dirname, '..', '..', 'deploy', 'haproxy.cfg');

/**
 * deploy/haproxy.cfg for processes on this machine: its global and defaults sections, its portal frontend and
 * backend as they are (health checks, timeouts, retries and which requests may be repeated), with only what names
 * compose's network changed: the frontend binds 127.0.0.1:`port`, the backend's servers are ours, Docker's DNS
 * resolver and the console's listener (compose's OPS_PORT) are left out, and a stats page is added (the bench reads
 * the servers' states from it). BENCH_CLUSTER_RETRY_ON replaces retry-on, to see the clients' own retries at work.
 */
export function haproxyConfig(opts: {
  port: number;
  statsPort: number;
  servers: ReadonlyArray<{ name: string; port: number }>;
  retryOn?: string | undefined;
}): string {
  const sections = readFileSync(DEPLOY_HAPROXY_CFG, 'utf8')
    .split(/\n(?=\S)/)
    .filter(
      (section) => !/^(resolvers|frontend console|backend console|# the console|# Docker)/.test(section),
    );
  let text = sections.join('\n');
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(text)) throw new Error(`deploy/haproxy.cfg no longer has ${pattern}: update the bench`);
    text = text.replace(pattern, by);
  };
  // the paths it lets HAProxy repeat are the API's own
  const replaySafe = `acl replay_safe path /api${API.payCreateOrder} /api${API.paymentNotify}`;
  if (!text.includes(replaySafe)) throw new Error(`deploy/haproxy.cfg should say: ${replaySafe}`);
  replace(/ resolvers docker init-addr \S+/g, '');
  replace(/^ {2}bind :8080$/m, `  bind 127.0.0.1:${opts.port}`);
  replace(
    /(?:^ {2}server portal\d \S+ check\n)+/m,
    opts.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check\n`).join(''),
  );
  if (opts.retryOn) replace(/^ {2}retry-on .*$/m, `  retry-on ${opts.retryOn}`);
  return `${text.trimEnd()}

listen stats
  bind 127.0.0.1:${opts.statsPort}
  stats enable
  stats uri /stats
  stats refresh 1s
`;
}

export interface Balancer {
  child: ChildProcess;
  base: string;
  /** each server's state as HAProxy sees it: UP, DOWN, MAINT, "UP 1/2" … */
  states(): Promise<Record<string, string>>;
  /** the backend's retries and redispatches so far (HAProxy's counters: wretr, wredis) */
  counters(): Promise<{ retries: number; redispatches: number }>;
  waitState(server: string, wanted: 'UP' | 'DOWN', timeoutMs: number): Promise<number>;
  stop(): Promise<void>;
}

async function statsRows(statsPort: number): Promise<Array<Record<string, string>>> {
  const text = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
  const [header = '', ...lines] = text.split('\n').filter(Boolean);
  const names = header.replace(/^# /, '').split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i] ?? String(i), v])));
}

/** Writes the configuration into `dir`, checks it (haproxy -c), starts haproxy in the foreground (-db). */
export async function startHaproxy(
  dir: string,
  opts: Parameters<typeof haproxyConfig>[0],
): Promise<Balancer> {
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(opts));
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy -c refused ${file}:\n${check.stdout}${check.stderr}`);
  let output = '';
  const child = track(spawn(HAPROXY, ['-f', file, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] }));
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (c) => {
      output = (output + c).slice(-4000);
    });
  const alive = () => child.exitCode === null && child.signalCode === null;
  await waitFor(
    'haproxy stats',
    async () => !alive() || (await fetch(`http://127.0.0.1:${opts.statsPort}/stats;csv`)).ok,
    30_000,
  );
  if (!alive()) throw new Error(`haproxy exited (${child.exitCode}):\n${output}`);
  const states = async () => {
    const rows = await statsRows(opts.statsPort);
    return Object.fromEntries(
      rows
        .filter((r) => r.pxname === 'portal' && r.svname !== 'BACKEND')
        .map((r) => [r.svname, r.status ?? '']),
    );
  };
  return {
    child,
    base: `http://127.0.0.1:${opts.port}`,
    states,
    async counters() {
      const row = (await statsRows(opts.statsPort)).find(
        (r) => r.pxname === 'portal' && r.svname === 'BACKEND',
      );
      return { retries: Number(row?.wretr ?? 0), redispatches: Number(row?.wredis ?? 0) };
    },
    waitState: (server, wanted, timeoutMs) =>
      waitFor(
        `HAProxy to see ${server} ${wanted}`,
        async () => (await states())[server] === wanted,
        timeoutMs,
        100,
      ),
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), sleep(5000)]);
      if (alive()) child.kill('SIGKILL');
    },
  };
}
