// bench:cluster's processes: the portal servers (server/src/main.ts as `npm start` runs it, production-like) on one
// PostgreSQL database, and a registry that kills every child this bench started when it exits, whatever the reason.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { API } from '@loan/domain';
import { serverNodeFlags } from '../../scripts/server-flags.mjs';
import { BENCH_PRODUCTION_ENV } from './support.ts';

const serverDir = join(import.meta.dirname, '..');
const children = new Set<ChildProcess>();

/** Registers a child to be SIGKILLed when the bench exits (normally, on an error or on a signal). */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** SIGKILLs every child still running (synchronous: safe in process.on('exit')). */
export function killAll(): void {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every `everyMs` until it is true; throws `what` after `timeoutMs` (only a hang reaches it). */
export async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 200,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await probe().catch(() => false)) return Date.now() - started;
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** How long the draining server keeps serving after SIGTERM: several of HAProxy's health checks (500 ms × fall 3). */
export const DRAIN_MS = 3000;
/** A start (tsx compiling, the pool, the job engine's queues) takes seconds; on a busy 2-core host, far more. */
const START_TIMEOUT_MS = 180_000;

/** Runs a command to its end (async, so a signal to the bench is still handled); throws with its output. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = track(spawn(command, args, { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] }));
    let output = '';
    child.stdout?.on('data', (c) => {
      output += c;
    });
    child.stderr?.on('data', (c) => {
      output += c;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

/** One portal server of the cluster: its fixed port (HAProxy's backend line) and its current process. */
export class PortalServer {
  child: ChildProcess | null = null;
  /** the last lines it printed (warnings and errors: LOG_LEVEL=warn), shown when something goes wrong */
  private tail: string[] = [];
  exitCode: number | null = null;
  exitSignal: NodeJS.Signals | null = null;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts main.ts and waits until /api/health/ready answers 200 (the server listens, migrated, not draining). */
  async start(): Promise<number> {
    const env = {
      ...process.env,
      ...BENCH_PRODUCTION_ENV,
      ...this.env,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_TIMEOUT_MS: '30000',
    };
    const child = track(
      spawn(
        process.execPath,
        [...serverNodeFlags(env), '--import', 'tsx', join(serverDir, 'src', 'main.ts')],
        {
          cwd: serverDir,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      ),
    );
    this.child = child;
    this.exitCode = null;
    this.exitSignal = null;
    this.tail = [];
    const keep = (chunk: Buffer) => {
      this.tail.push(...chunk.toString().split('\n').filter(Boolean));
      if (this.tail.length > 40) this.tail.splice(0, this.tail.length - 40);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exitCode = code;
        this.exitSignal = signal;
        resolve();
      }),
    );
    const gone = () => child.exitCode !== null || child.signalCode !== null;
    try {
      const ms = await waitFor(
        `${this.name} ready on ${this.port}`,
        async () => gone() || (await fetch(`${this.base}/api${API.healthReady}`)).status === 200,
        START_TIMEOUT_MS,
      );
      if (gone()) throw new Error(`${this.name} exited while starting:\n${this.output()}`);
      return ms;
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
  }

  /** kill -9: the process vanishes mid-request, its transactions rolled back by PostgreSQL. */
  async kill(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM: ready answers 503 for DRAIN_MS, then the listener closes once in-flight requests end. */
  async terminate(timeoutMs = 90_000): Promise<void> {
    this.child?.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(new Error(`${this.name} did not exit within ${timeoutMs} ms of SIGTERM:\n${this.output()}`)),
        timeoutMs,
      );
    });
    try {
      await Promise.race([this.exited, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  output(): string {
    return this.tail.map((line) => `  [${this.name}] ${line}`).join('\n');
  }
}
