// bench:cluster's load through HAProxy: signed-in reads (autocannon, the borrower's pages' GETs in turn) and money
// writes (a fee order, then its signed payment notify) by clients that retry a failed write with the same request:
// the same fee items (createOrder gives back the open order it made) and the same notifyId (DUPLICATE once applied).
import { API } from '@loan/domain';
import autocannon from 'autocannon';
import { PAY_SIGNATURE_HEADER, PAY_TIMESTAMP_HEADER, signNotify } from '../src/modules/payments/signature.ts';
import { sleep } from './cluster-servers.ts';
import { HOT_PATHS } from './throughput-suite.ts';

export interface ReadFigures {
  requests: number;
  /** answers other than 2xx, connection errors and time-outs: what the reading client saw fail */
  errors: number;
  p50: number;
  p99: number;
  problems: string[];
}

export interface WriteFigures {
  /** money writes started in the phase (a fee order and its notify) */
  writes: number;
  /** writes the client saw succeed (the notify APPLIED, or DUPLICATE on a retry) */
  acknowledged: number;
  /** writes that failed after all their tries */
  errors: number;
  /** requests sent again by the client (any of the pair), and writes that needed at least one */
  retries: number;
  retriedWrites: number;
  /** why requests were sent again (the first few) */
  retryReasons: string[];
  p50: number;
  p99: number;
  problems: string[];
}

/** One acknowledged payment: the fee it paid and the order's number. */
export interface Ack {
  feeId: number;
  outTradeNo: string;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!)
    : 0;
};

/** Reads until stopped: autocannon on `connections` connections, the hot GETs in turn, the borrower's token. */
export function startReads(base: string, accessToken: string, connections: number) {
  const problems: string[] = [];
  const note = (what: string) => {
    if (problems.length < 5 && !problems.includes(what)) problems.push(what);
  };
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: `${base}/api`,
        connections,
        duration: 3600,
        timeout: 30,
        headers: { accessToken },
        requests: Object.values(HOT_PATHS).map((path) => ({ method: 'GET' as const, path: `/api${path}` })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance?.on('response', (_client, status) => {
    if (status < 200 || status > 299) note(`HTTP ${status}`);
  });
  instance?.on('reqError', (error: Error) => note(error.message || String(error)));
  return {
    async stop(): Promise<ReadFigures> {
      instance?.stop();
      const r = await done;
      return {
        requests: r.requests.total,
        errors: r.errors + r.non2xx,
        p50: r.latency.p50,
        p99: r.latency.p99,
        problems,
      };
    },
  };
}

interface Answer {
  response?: { rspCode?: string; rspDesc?: string };
  result?: unknown;
}

/** Tries of one request (the first and its retries), the wait before each retry. */
const RETRY_DELAYS_MS = [250, 500, 1000, 2000, 4000];

export interface WriteClient {
  base: string;
  accessToken: string;
  notifySecret: string;
  /** fee ids to pay, taken in turn */
  feeIds: number[];
  acks: Ack[];
}

/**
 * `workers` clients, each paying one fee after another until stopped: POST /pay/createOrder for the fee, then the
 * gateway's signed notify of that order. A request that fails (no answer, a 5xx, an answer other than success) is
 * sent again, identical, up to RETRY_DELAYS_MS.length times; the write counts as an error only when a request
 * exhausts its tries. Each write is counted in the phase it started in (`phase()`).
 */
export function startWrites(client: WriteClient, workers: number) {
  const figures = () => ({
    writes: 0,
    acknowledged: 0,
    errors: 0,
    retries: 0,
    retriedWrites: 0,
    latencies: [] as number[],
    problems: [] as string[],
    retryReasons: [] as string[],
    /** its writes still in flight */
    pending: new Set<Promise<void>>(),
  });
  let current = figures();
  let stopping = false;
  let ranOut = false;

  /** Sends the request until an answer passes `ok`; the answer, or null after the last try. */
  const tryHard = async (
    send: () => Promise<Response>,
    ok: (answer: Answer) => boolean,
    tally: ReturnType<typeof figures>,
    what: string,
  ): Promise<{ answer: Answer | null; retries: number }> => {
    let last = '';
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt += 1) {
      if (attempt > 0) await sleep(RETRY_DELAYS_MS[attempt - 1]!);
      try {
        const res = await send();
        const answer = (await res.json().catch(() => ({}))) as Answer;
        if (res.ok && ok(answer)) return { answer, retries: attempt };
        last = `${what}: HTTP ${res.status} ${answer.response?.rspCode ?? ''} ${answer.response?.rspDesc ?? ''}`;
      } catch (error) {
        last = `${what}: ${(error as Error).message}${(error as { cause?: Error }).cause ? ` (${(error as { cause: Error }).cause.message})` : ''}`;
      }
      if (tally.retryReasons.length < 5) tally.retryReasons.push(`${last.trim()} (try ${attempt + 1})`);
    }
    if (tally.problems.length < 5) tally.problems.push(last.trim());
    return { answer: null, retries: RETRY_DELAYS_MS.length };
  };

  const payOne = async (feeId: number, tally: ReturnType<typeof figures>) => {
    tally.writes += 1;
    const started = performance.now();
    const orderBody = JSON.stringify({ feeIds: [feeId], channel: 'ALIPAY' });
    const placed = await tryHard(
      () =>
        fetch(`${client.base}/api${API.payCreateOrder}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accessToken: client.accessToken },
          body: orderBody,
          signal: AbortSignal.timeout(30_000),
        }),
      (a) => a.response?.rspCode === '0000',
      tally,
      'createOrder',
    );
    const order = (placed.answer?.result as { order?: { outTradeNo: string; amount: string } } | undefined)
      ?.order;
    let retries = placed.retries;
    let acked = false;
    if (order) {
      // the notify's idempotency key is its notifyId: every try sends the same body (a fresh signature)
      const raw = JSON.stringify({
        notifyId: `CLUSTER-${order.outTradeNo}`,
        outTradeNo: order.outTradeNo,
        gatewayTradeNo: `G${order.outTradeNo}`,
        tradeStatus: 'SUCCESS',
        amount: order.amount,
        paidAt: new Date().toISOString(),
      });
      const applied = await tryHard(
        () => {
          const timestamp = String(Math.floor(Date.now() / 1000));
          return fetch(`${client.base}/api${API.paymentNotify}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              [PAY_TIMESTAMP_HEADER]: timestamp,
              [PAY_SIGNATURE_HEADER]: signNotify(client.notifySecret, timestamp, raw),
            },
            body: raw,
            signal: AbortSignal.timeout(30_000),
          });
        },
        (a) => ['APPLIED', 'DUPLICATE'].includes((a.result as { outcome?: string } | null)?.outcome ?? ''),
        tally,
        'notify',
      );
      retries += applied.retries;
      acked = applied.answer !== null;
      if (acked) client.acks.push({ feeId, outTradeNo: order.outTradeNo });
    }
    if (acked) {
      tally.acknowledged += 1;
      tally.latencies.push(performance.now() - started);
    } else tally.errors += 1;
    tally.retries += retries;
    if (retries > 0) tally.retriedWrites += 1;
  };

  let next = 0;
  const loops = Array.from({ length: workers }, async () => {
    while (!stopping) {
      const feeId = client.feeIds[next++];
      if (feeId === undefined) {
        ranOut = true;
        return;
      }
      const tally = current;
      const write = payOne(feeId, tally);
      tally.pending.add(write);
      await write;
      tally.pending.delete(write);
    }
  });

  const close = (tally: ReturnType<typeof figures>): WriteFigures => ({
    writes: tally.writes,
    acknowledged: tally.acknowledged,
    errors: tally.errors,
    retries: tally.retries,
    retriedWrites: tally.retriedWrites,
    retryReasons: tally.retryReasons,
    p50: percentile(tally.latencies, 50),
    p99: percentile(tally.latencies, 99),
    problems: ranOut
      ? [...tally.problems, `ran out of the ${client.feeIds.length} seeded fees`]
      : tally.problems,
  });

  return {
    /** Starts counting a new phase; the figures of the one that ends (its writes still in flight finish in it). */
    phase(): () => Promise<WriteFigures> {
      const ended = current;
      current = figures();
      return async () => {
        await Promise.all(ended.pending);
        return close(ended);
      };
    },
    async stop(): Promise<void> {
      stopping = true;
      await Promise.all(loops);
    },
  };
}
