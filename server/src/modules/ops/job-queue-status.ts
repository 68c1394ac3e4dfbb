import { JOB_QUEUE_LABELS, type JobQueueStatus, jobHealth } from '@loan/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { JobQueue } from '../../jobs/background.ts';

/** A failure's message is shown up to this many characters. */
export const JOB_ERROR_MAX_CHARS = 200;

interface QueueRuns {
  name: string;
  last_completed_ms: number | null;
  last_failed_ms: number | null;
  last_failed_output: string | null;
  completed_hour: number;
  failed_hour: number;
}

const dateOf = (epochMs: number | null): Date | null => (epochMs === null ? null : new Date(Number(epochMs)));

/**
 * What a failed run left in pg-boss's `output`: the thrown Error serialized (`{ name, message, stack }`), or a
 * reason of pg-boss's own wrapped as `{ value: … }` (an expired run: `{ value: { message } }`; a stopped server:
 * `{ value: 'pg-boss shut down while active' }`). The message only, never the stack.
 */
export function failureMessage(output: string | null): string | null {
  if (output === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch {
    parsed = output;
  }
  const message = messageIn(parsed) ?? messageIn((parsed as { value?: unknown } | null)?.value) ?? output;
  return message.length > JOB_ERROR_MAX_CHARS ? `${message.slice(0, JOB_ERROR_MAX_CHARS - 1)}…` : message;
}

function messageIn(value: unknown): string | null {
  if (typeof value === 'string') return value;
  const message = (value as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : null;
}

/**
 * Each queue's runs from the job engine's tables: pg-boss 10 keeps jobs in `<schema>.job` and moves those ended
 * more than an hour ago to `<schema>.archive` (engine.ts: archiveCompletedAfterSeconds; deleted after a day), so
 * both are read. A run completed when its job is `completed` (completed_on); it failed when its job is `failed`
 * (its retries spent, completed_on) or waits in `retry` after a failed try (no completed_on yet: the try's
 * started_on); `output` then holds the error. Cancelled and waiting jobs are not runs.
 *
 * Clocks: pg-boss stamps every row with the database's now(), not the app's clock (which tests move), so the
 * last hour and each queue's health are measured against the database's clock as well; `databaseNow` is it.
 */
export async function jobQueueStatus(
  db: Database,
  schema: string,
  queues: JobQueue[],
  uptimeSeconds: number,
): Promise<JobQueueStatus[]> {
  const { runs, databaseNow } = await readRuns(db, schema, queues);
  const byName = new Map(runs.map((r) => [r.name, r]));
  return queues.map(({ name, everySeconds, onDemand }) => {
    const r = byName.get(name);
    const lastCompletedAt = dateOf(r?.last_completed_ms ?? null);
    const lastFailedAt = dateOf(r?.last_failed_ms ?? null);
    const health = jobHealth(
      { everySeconds, onDemand, lastCompletedAt, lastFailedAt },
      databaseNow,
      uptimeSeconds,
    );
    return {
      queue: name,
      label: JOB_QUEUE_LABELS[name] ?? name,
      everySeconds,
      onDemand,
      lastCompletedAt: lastCompletedAt?.toISOString() ?? null,
      lastFailedAt: lastFailedAt?.toISOString() ?? null,
      // the failure is news only while no run has completed since
      lastError: health === 'FAILING' ? failureMessage(r?.last_failed_output ?? null) : null,
      completedLastHour: Number(r?.completed_hour ?? 0),
      failedLastHour: Number(r?.failed_hour ?? 0),
      health,
    };
  });
}

async function readRuns(
  db: Database,
  schema: string,
  queues: JobQueue[],
): Promise<{ runs: QueueRuns[]; databaseNow: Date }> {
  const [present] = rowsOf<{ job: boolean; archive: boolean; now_ms: number }>(
    await db.execute(sql`select
      to_regclass(format('%I.job', ${schema}::text)) is not null as job,
      to_regclass(format('%I.archive', ${schema}::text)) is not null as archive,
      (extract(epoch from now()) * 1000)::float8 as now_ms`),
  );
  const databaseNow = new Date(Number(present?.now_ms ?? Date.now()));
  // no engine has run on this database with this schema yet: no runs
  if (!present?.job || queues.length === 0) return { runs: [], databaseNow };
  const names = sql.join(
    queues.map((q) => sql`${q.name}`),
    sql`, `,
  );
  const ended = (table: string): SQL => sql`
    select name, state::text as state, coalesce(completed_on, started_on, created_on) as at, output
    from ${sql.identifier(schema)}.${sql.identifier(table)}
    where name in (${names}) and state in ('completed', 'failed', 'retry')`;
  const source = present.archive ? sql`${ended('job')} union all ${ended('archive')}` : ended('job');
  const runs = rowsOf<QueueRuns>(
    await db.execute(sql`
      with runs as (${source}),
      last_failure as (
        select distinct on (name) name, output::text as output
        from runs where state <> 'completed' order by name, at desc
      )
      select r.name,
        (extract(epoch from max(r.at) filter (where r.state = 'completed')) * 1000)::float8 as last_completed_ms,
        (extract(epoch from max(r.at) filter (where r.state <> 'completed')) * 1000)::float8 as last_failed_ms,
        f.output as last_failed_output,
        (count(*) filter (where r.state = 'completed' and r.at > now() - interval '1 hour'))::int as completed_hour,
        (count(*) filter (where r.state <> 'completed' and r.at > now() - interval '1 hour'))::int as failed_hour
      from runs r left join last_failure f on f.name = r.name
      group by r.name, f.output`),
  );
  return { runs, databaseNow };
}
