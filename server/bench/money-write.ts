// The throughput benchmark's money write: a fee order placed (POST /pay/createOrder, the order claimed at the
// sandbox gateway) and its signed payment notify applied (POST /callbacks/payment: the fee item paid, the ledger
// line, the audit entry), one after the other, by `connections` borrowers' clients at once.
import { API, shanghaiDate } from '@loan/domain';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { PAY_SIGNATURE_HEADER, PAY_TIMESTAMP_HEADER, signNotify } from '../src/modules/payments/signature.ts';
import type { LoadOptions } from './throughput-servers.ts';

/** Fee items seeded per run: more than any host here pays in the measured time. */
export const PAYABLE_FEES = 6000;
const FEE_FEN = 5000;

/** The borrower who pays in the benchmark: not the one whose pages are read, so their lists keep their size. */
export const PAYER = { loginId: 'bench-payer', password: 'Demo1234' };

/**
 * Gives a borrower of its own (PAYER, demo's password) `count` disbursed loans, each with one unpaid upfront fee
 * of 50.00 yuan, in set-based SQL on the database of `env` (before the portal opens it: PGlite's directory is one
 * process's at a time); the fees' ids. One fee per loan, so the orders do not queue behind one loan's lock.
 */
export async function seedPayableFees(env: NodeJS.ProcessEnv, count = PAYABLE_FEES): Promise<number[]> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL || null, dataDir: env.DATA_DIR ?? null });
  const today = shanghaiDate(new Date());
  try {
    const { db } = handle;
    await db.execute(sql`
      insert into users (login_id, password_hash, user_name_cn, upt_pwd_time, created_at)
      select ${PAYER.loginId}, password_hash, '压测付款人', now(), now() from users where login_id = 'demo'`);
    await db.execute(sql`
      with u as (select id from users where login_id = ${PAYER.loginId}),
           p as (select bank, product_code from products order by id limit 1)
      insert into applications (user_id, bank, product_code, state, amount_fen, term_months, purpose,
                                created_at, updated_at, submitted_at, decided_at)
      select u.id, p.bank, p.product_code, 'DISBURSED', 10000000, 12, '压测', now(), now(), now(), now()
      from u, p, generate_series(1, ${count})`);
    await db.execute(sql`
      insert into loans (application_id, user_id, bank, product_code, principal_fen, annual_rate, method,
                         term_months, start_date, status, outstanding_principal_fen, disbursed_at, applied_at,
                         updated_at)
      select a.id, a.user_id, a.bank, a.product_code, a.amount_fen, '0.1200', 'EQUAL_INSTALMENT', 12, ${today},
             'REPAYING', a.amount_fen, now(), now(), now()
      from applications a join users u on u.id = a.user_id
      where u.login_id = ${PAYER.loginId}`);
    await db.execute(sql`
      insert into fee_items (user_id, loan_id, kind, seq, due_date, amount_fen, updated_at, created_at)
      select l.user_id, l.id, 'UPFRONT', 0, ${today}, ${FEE_FEN}, now(), now()
      from loans l join users u on u.id = l.user_id
      where u.login_id = ${PAYER.loginId}`);
    const rows = await db.execute<{ id: number }>(sql`
      select f.id from fee_items f join users u on u.id = f.user_id
      where u.login_id = ${PAYER.loginId} order by f.id`);
    return (rows as unknown as { rows: Array<{ id: number }> }).rows.map((row) => Number(row.id));
  } finally {
    await handle.close();
  }
}

export interface MoneyWriteResult {
  name: string;
  /** orders placed and paid per second */
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** what an answer that was not the expected one said (the first few) */
  problems: string[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number) : 0;

/**
 * `load.connections` clients, each placing an order for the next unpaid fee and applying its notify, for
 * `load.seconds × rounds` seconds after a 2 s warm-up; the latency is that of the pair.
 */
export async function measureMoneyWrites(
  name: string,
  base: string,
  accessToken: string,
  notifySecret: string,
  feeIds: number[],
  load: LoadOptions,
): Promise<MoneyWriteResult> {
  let next = 0;
  const problems: string[] = [];
  let errors = 0;
  const post = async (path: string, body: unknown, headers: Record<string, string>) => {
    const raw = JSON.stringify(body);
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: raw,
    });
    return (await res.json()) as { response: { rspCode: string; rspDesc: string }; result: unknown };
  };
  const payOne = async (): Promise<boolean> => {
    const feeId = feeIds[next++];
    if (feeId === undefined) return false;
    const created = await post(API.payCreateOrder, { feeIds: [feeId], channel: 'ALIPAY' }, { accessToken });
    const order = (created.result as { order?: { outTradeNo: string; amount: string } } | null)?.order;
    if (created.response.rspCode !== '0000' || !order) {
      errors += 1;
      if (problems.length < 3)
        problems.push(`createOrder: ${created.response.rspCode} ${created.response.rspDesc}`);
      return true;
    }
    const notify = {
      notifyId: `BENCH-${order.outTradeNo}`,
      outTradeNo: order.outTradeNo,
      gatewayTradeNo: `G${order.outTradeNo}`,
      tradeStatus: 'SUCCESS',
      amount: order.amount,
      paidAt: new Date().toISOString(),
    };
    const raw = JSON.stringify(notify);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const res = await fetch(`${base}${API.paymentNotify}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PAY_TIMESTAMP_HEADER]: timestamp,
        [PAY_SIGNATURE_HEADER]: signNotify(notifySecret, timestamp, raw),
      },
      body: raw,
    });
    const applied = (await res.json()) as {
      response: { rspCode: string };
      result: { outcome: string } | null;
    };
    if (applied.result?.outcome !== 'APPLIED') {
      errors += 1;
      if (problems.length < 3)
        problems.push(`notify: ${applied.response.rspCode} ${applied.result?.outcome}`);
    }
    return true;
  };
  const runFor = async (ms: number, latencies: number[] | null) => {
    const until = performance.now() + ms;
    await Promise.all(
      Array.from({ length: load.connections }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          if (!(await payOne())) return;
          latencies?.push(performance.now() - started);
        }
      }),
    );
  };
  await runFor(2000, null);
  const latencies: number[] = [];
  const started = performance.now();
  await runFor(load.seconds * (load.rounds ?? 3) * 1000, latencies);
  const elapsed = (performance.now() - started) / 1000;
  if (next >= feeIds.length) problems.push(`ran out of the ${feeIds.length} seeded fees`);
  latencies.sort((a, b) => a - b);
  const result: MoneyWriteResult = {
    name,
    rps: Math.round(latencies.length / elapsed),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    errors,
    problems,
  };
  console.log(
    `[bench] ${name}: ${result.rps} orders placed and paid per second, p50 ${result.p50} ms, p99 ${result.p99} ms` +
      `${errors ? `, ${errors} errors (${problems.join('; ')})` : ''}`,
  );
  return result;
}
