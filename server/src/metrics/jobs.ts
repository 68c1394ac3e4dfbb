import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { JobOutcome } from '../jobs/engine.ts';

/** Seconds: a run is one bounded batch, at most its expiry (20 s by default). */
const RUN_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60];

/**
 * The job engine's series, fed by its onRun hook: runs by queue and outcome, their duration, and each queue's lag
 * (seconds since its last completed run on this server, read at scrape time; across servers the smallest is the
 * queue's: `min by (queue) (job_lag_seconds)`). A queue offered only when work is due (notice delivery, refunds …)
 * lags while there is nothing to do.
 */
export function jobMetrics(registry: Registry): (queue: string, outcome: JobOutcome, ms: number) => void {
  const runs = new Counter({
    name: 'job_runs_total',
    help: 'Background job runs on this server, by queue and outcome (completed or failed)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'job_run_duration_seconds',
    help: 'Duration of background job runs on this server, by queue, in seconds',
    labelNames: ['queue'] as const,
    buckets: RUN_BUCKETS,
    registers: [registry],
  });
  /** queue → when its last run completed here (ms since 1970, the real clock) */
  const lastCompleted = new Map<string, number>();
  new Gauge({
    name: 'job_lag_seconds',
    help: 'Seconds since the queue last completed a run on this server',
    labelNames: ['queue'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const now = Date.now();
      for (const [queue, at] of lastCompleted) this.set({ queue }, (now - at) / 1000);
    },
  });
  return (queue, outcome, ms) => {
    runs.inc({ queue, outcome });
    duration.observe({ queue }, ms / 1000);
    if (outcome === 'completed') lastCompleted.set(queue, Date.now());
  };
}
