// bench:cluster's checks after the run, read from the database: every payment the client saw acknowledged is there
// exactly once (its order PAID, its fee paid, one ledger line), nothing was paid twice, and no period of a periodic
// job ran twice across the cluster (pg-boss keeps one job row per queue and period slot: singleton_on), the
// servers' own count of completed runs (job_runs_total on /metrics) not above the database's.
import pg from 'pg';
import type { Ack } from './cluster-load.ts';
import { PAYER } from './money-write.ts';

export interface PaymentCheck {
  acknowledged: number;
  /** acknowledged, and its order PAID once, its fee paid in full, one ledger line naming the order */
  present: number;
  missing: number;
  doubled: number;
  /** fees of the payer paid although the client never saw it acknowledged (a write given up; not a fault) */
  paidUnacknowledged: number;
  problems: string[];
}

export interface QueueCheck {
  queue: string;
  periodSeconds: number;
  /** period slots with a job row */
  periods: number;
  completed: number;
  /** periods with more than one job row or more than one completed run */
  doubled: number;
  /** runs taken again after a failure (a killed server's run expires and is retried) */
  retried: number;
  /** completed runs the servers counted (job_runs_total, scraped before each stop: at most the real count) */
  metricsCompleted: number;
}

export interface JobCheck {
  queues: QueueCheck[];
  /** over every queue of the engine */
  doubledPeriods: number;
  metricsAboveDatabase: string[];
}

async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function checkPayments(url: string, acks: readonly Ack[]): Promise<PaymentCheck> {
  const rows = await query<{
    fee_id: number;
    out_trade_no: string;
    fee_paid: boolean;
    paid_orders: string;
    this_order_paid: string;
    ledger_lines: string;
  }>(
    url,
    `with acked as (select * from unnest($1::int[], $2::text[]) as a(fee_id, out_trade_no))
     select a.fee_id, a.out_trade_no,
       coalesce(f.paid_fen = f.amount_fen, false) as fee_paid,
       (select count(*) from payment_order_items i join payment_orders o on o.id = i.order_id
         where i.fee_item_id = a.fee_id and o.status = 'PAID') as paid_orders,
       (select count(*) from payment_orders o where o.out_trade_no = a.out_trade_no and o.status = 'PAID')
         as this_order_paid,
       (select count(*) from ledger_transactions l
         where l.loan_id = f.loan_id and l.type = 'FEE_PAYMENT') as ledger_lines
     from acked a left join fee_items f on f.id = a.fee_id`,
    [acks.map((a) => a.feeId), acks.map((a) => a.outTradeNo)],
  );
  const problems: string[] = [];
  let present = 0;
  let missing = 0;
  let doubled = 0;
  for (const r of rows) {
    const [orders, mine, lines] = [Number(r.paid_orders), Number(r.this_order_paid), Number(r.ledger_lines)];
    if (orders > 1 || lines > 1) {
      doubled += 1;
      if (problems.length < 5) problems.push(`fee ${r.fee_id}: ${orders} paid orders, ${lines} ledger lines`);
    } else if (!r.fee_paid || mine !== 1 || orders !== 1 || lines !== 1) {
      missing += 1;
      if (problems.length < 5)
        problems.push(
          `fee ${r.fee_id} (${r.out_trade_no}): paid ${r.fee_paid}, order PAID ${mine}, lines ${lines}`,
        );
    } else present += 1;
  }
  // anywhere in the payer's books: a fee in two paid orders, a loan with two fee payments
  const [whole] = await query<{ fees: string; loans: string; paid: string }>(
    url,
    `select
       (select count(*) from (select i.fee_item_id from payment_order_items i
          join payment_orders o on o.id = i.order_id join users u on u.id = o.user_id
          where u.login_id = $1 and o.status = 'PAID' and i.fee_item_id is not null
          group by i.fee_item_id having count(*) > 1) d) as fees,
       (select count(*) from (select l.loan_id from ledger_transactions l join users u on u.id = l.user_id
          where u.login_id = $1 and l.type = 'FEE_PAYMENT' group by l.loan_id having count(*) > 1) d) as loans,
       (select count(*) from fee_items f join users u on u.id = f.user_id
          where u.login_id = $1 and f.paid_fen > 0) as paid`,
    [PAYER.loginId],
  );
  const doubledAnywhere = Number(whole?.fees ?? 0) + Number(whole?.loans ?? 0);
  if (doubledAnywhere > 0)
    problems.push(`payer's books: ${whole?.fees} fees in two paid orders, ${whole?.loans} loans paid twice`);
  return {
    acknowledged: acks.length,
    present,
    missing,
    doubled: doubled + (doubled === 0 ? doubledAnywhere : 0),
    paidUnacknowledged: Number(whole?.paid ?? 0) - present - doubled,
    problems,
  };
}

/** job_runs_total{queue, outcome="completed"} of one server's /metrics, by queue. */
export async function scrapeCompletedRuns(base: string): Promise<Record<string, number>> {
  const res = await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  // the cross-check only ever lowers the count: a server without /metrics here is reported, not failed
  if (!res.ok) console.log(`[cluster] ${base}/metrics answered ${res.status}: its job runs are not counted`);
  const runs: Record<string, number> = {};
  for (const [, queue = '', n] of text.matchAll(
    /^job_runs_total\{(?=[^}]*outcome="completed")[^}]*queue="([^"]+)"[^}]*\} (\d+)/gm,
  ))
    runs[queue] = (runs[queue] ?? 0) + Number(n);
  return runs;
}

export async function checkJobs(
  url: string,
  periods: Record<string, number>,
  shown: readonly string[],
  metricsCompleted: Record<string, number>,
): Promise<JobCheck> {
  const rows = await query<{
    name: string;
    periods: string;
    completed: string;
    doubled: string;
    retried: string;
  }>(
    url,
    `with runs as (
       select id, name, state::text as state, singleton_on, retry_count from pgboss.job
       union select id, name, state::text, singleton_on, retry_count from pgboss.archive),
     slots as (
       select name, singleton_on, count(distinct id) as jobs,
              count(distinct id) filter (where state = 'completed') as completed,
              count(distinct id) filter (where retry_count > 0) as retried
       from runs where singleton_on is not null group by name, singleton_on)
     select name, count(*) as periods, sum(completed) as completed, sum(retried) as retried,
            count(*) filter (where jobs > 1 or completed > 1) as doubled
     from slots group by name order by name`,
  );
  const queues = rows.map((r) => ({
    queue: r.name,
    periodSeconds: periods[r.name] ?? 0,
    periods: Number(r.periods),
    completed: Number(r.completed),
    doubled: Number(r.doubled),
    retried: Number(r.retried),
    metricsCompleted: metricsCompleted[r.name] ?? 0,
  }));
  return {
    queues: queues.filter((q) => shown.includes(q.queue)),
    doubledPeriods: queues.reduce((sum, q) => sum + q.doubled, 0),
    metricsAboveDatabase: queues
      .filter((q) => q.metricsCompleted > q.completed)
      .map(
        (q) =>
          `${q.queue}: the servers counted ${q.metricsCompleted} completed runs, the database ${q.completed}`,
      ),
  };
}
