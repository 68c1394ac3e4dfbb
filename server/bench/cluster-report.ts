// bench:cluster's report: a Markdown table per phase and the checks' figures, printed and (full runs) written into
// docs/BENCHMARKS.md between the bench:cluster markers.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JobCheck, PaymentCheck } from './cluster-checks.ts';
import type { ReadFigures, WriteFigures } from './cluster-load.ts';

export interface PhaseFigures {
  name: string;
  seconds: number;
  reads: ReadFigures;
  writes: WriteFigures;
}

export interface FaultFigures {
  /** ms from kill -9 until HAProxy marked the server DOWN */
  killedDownMs: number;
  /** ms from SIGTERM until HAProxy marked the server DOWN, and until the process exited (with its code) */
  drainedDownMs: number;
  drainedExitMs: number;
  drainedExitCode: number | null;
  /** ms from the restart until both servers were UP in HAProxy again */
  rejoinMs: number;
  /** HAProxy's backend counters over the run: requests sent again (wretr) and to another server (wredis) */
  haproxyRetries: number;
  haproxyRedispatches: number;
}

export interface ClusterReport {
  date: string;
  short: boolean;
  node: string;
  haproxy: string;
  postgres: string;
  redis: string;
  readConnections: number;
  writeWorkers: number;
  phases: PhaseFigures[];
  faults: FaultFigures;
  payments: PaymentCheck;
  jobs: JobCheck;
  wallSeconds: number;
  failures: string[];
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function clusterMarkdown(r: ClusterReport): string {
  const lines = [
    `Run of ${r.date}${r.short ? ' (short)' : ''}: node ${r.node}, HAProxy ${r.haproxy}, ${r.postgres}, ${r.redis}; ` +
      `${r.readConnections} read connections, ${r.writeWorkers} paying clients; ${Math.round(r.wallSeconds)} s in all.`,
    '',
    '| phase | s | reads | read errors | read p50 / p99 ms | writes (acknowledged) | write errors | writes retried (requests) | write p50 / p99 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.phases.map(
      (p) =>
        `| ${p.name} | ${p.seconds.toFixed(1)} | ${p.reads.requests} | ${p.reads.errors} | ${p.reads.p50} / ${p.reads.p99} | ` +
        `${p.writes.writes} (${p.writes.acknowledged}) | ${p.writes.errors} | ${p.writes.retriedWrites} (${p.writes.retries}) | ` +
        `${p.writes.p50} / ${p.writes.p99} |`,
    ),
    '',
    `Faults: kill -9 of s1, marked DOWN by HAProxy after ${s(r.faults.killedDownMs)}; SIGTERM of s2, DOWN after ` +
      `${s(r.faults.drainedDownMs)} (draining), exited ${r.faults.drainedExitCode === 0 ? 'cleanly' : `with ${r.faults.drainedExitCode}`} ` +
      `after ${s(r.faults.drainedExitMs)}; both restarted and UP again after ${s(r.faults.rejoinMs)}. HAProxy sent ` +
      `${r.faults.haproxyRetries} requests again (${r.faults.haproxyRedispatches} to another server).`,
    '',
    `Payments: ${r.payments.acknowledged} acknowledged, ${r.payments.present} present exactly once (order PAID, ` +
      `fee paid, one ledger line), ${r.payments.missing} missing, ${r.payments.doubled} doubled; ` +
      `${r.payments.paidUnacknowledged} paid without the client seeing it.`,
    '',
    '| job queue | period | periods run | completed (database) | completed (servers\u2019 job_runs_total) | retried | periods run twice |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...r.jobs.queues.map(
      (q) =>
        `| ${q.queue} | ${q.periodSeconds} s | ${q.periods} | ${q.completed} | ${q.metricsCompleted} | ${q.retried} | ${q.doubled} |`,
    ),
    '',
    `Periods run twice over every queue: ${r.jobs.doubledPeriods}.`,
    '',
    r.failures.length ? `**Failed:** ${r.failures.join('; ')}` : '**All goals met.**',
  ];
  return lines.join('\n');
}

const START = '<!-- bench:cluster:start -->';
const END = '<!-- bench:cluster:end -->';

/** Replaces the marked block of docs/BENCHMARKS.md (the section and its markers must be there). */
export function writeDocs(markdown: string): void {
  const file = join(import.meta.dirname, '..', '..', 'docs', 'BENCHMARKS.md');
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`docs/BENCHMARKS.md lacks the ${START} … ${END} markers`);
  writeFileSync(file, `${text.slice(0, from + START.length)}\n${markdown}\n${text.slice(to)}`);
  console.log('[cluster] written to docs/BENCHMARKS.md');
}
