// One database's part of the throughput benchmark: the portal's hot read paths and the one-query ceiling of the
// same database, both servers up, measured in turns (measureRounds) in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@loan/domain';
import { type MoneyWriteResult, measureMoneyWrites, PAYER, seedPayableFees } from './money-write.ts';
import { BENCH_PRODUCTION_ENV, signIn } from './support.ts';
import {
  adminQuery,
  type LoadOptions,
  measureRounds,
  type Result,
  type Running,
  startPortal,
  startReference,
  type Target,
} from './throughput-servers.ts';

export type DatabaseKind = 'PostgreSQL' | 'PGlite';

/** The calls of the signed-in pages, each a GET as the page sends it (first page, no filter). */
export const HOT_PATHS = {
  getUserInfo: API.getUserInfo,
  loanRecords: API.loanRecords,
  feeList: API.feeList,
  tradingRecord: API.tradingRecord,
} as const;
export type HotPath = keyof typeof HOT_PATHS;

export interface DatabaseResults {
  kind: DatabaseKind;
  ceiling: Result;
  paths: Array<Result & { path: HotPath }>;
  /** the money write (money-write.ts), when asked for */
  moneyWrite: MoneyWriteResult | null;
}

/** A fresh database of the kind, given to `run`, removed afterwards. */
async function withDatabase<T>(kind: DatabaseKind, run: (env: NodeJS.ProcessEnv) => Promise<T>): Promise<T> {
  if (kind === 'PostgreSQL') {
    const name = `loan_bench_${Date.now()}`;
    await adminQuery(`create database ${name}`);
    try {
      return await run({ DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}` });
    } finally {
      await adminQuery(`drop database if exists ${name} with (force)`);
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'loan-bench-'));
  try {
    return await run({ DATA_DIR: dir, DATABASE_URL: '' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchDatabase(
  kind: DatabaseKind,
  paths: readonly HotPath[],
  load: LoadOptions,
  { moneyWrite = false } = {},
): Promise<DatabaseResults> {
  return withDatabase(kind, async (env) => {
    let feeIds: number[] = [];
    const portal = await startPortal(env, async () => {
      if (moneyWrite) feeIds = await seedPayableFees(env);
    });
    const refEnv = kind === 'PostgreSQL' ? env : { PGLITE_DIR: join(env.DATA_DIR ?? tmpdir(), 'select1') };
    let reference: Running | null = null;
    try {
      reference = await startReference(refEnv);
      const accessToken = await signIn(portal.base, 'demo', 'Demo1234');
      const targets: Target[] = [
        ...paths.map((path) => ({
          name: `${path} on ${kind}`,
          child: portal.child,
          url: `${portal.base}${HOT_PATHS[path]}`,
          headers: { accessToken },
        })),
        {
          name: `one SELECT 1 on ${kind}`,
          child: reference.child,
          url: `${reference.base}/select1`,
          headers: {},
        },
      ];
      const results = await measureRounds(targets, load);
      const ceiling = results.pop() as Result;
      const writes = moneyWrite
        ? await measureMoneyWrites(
            `fee order placed and paid on ${kind}`,
            portal.base,
            await signIn(portal.base, PAYER.loginId, PAYER.password),
            String(BENCH_PRODUCTION_ENV.PAYMENT_NOTIFY_SECRET),
            feeIds,
            load,
          )
        : null;
      return {
        kind,
        ceiling,
        paths: results.map((r, i) => ({ ...r, path: paths[i] as HotPath })),
        moneyWrite: writes,
      };
    } finally {
      await Promise.all([portal.stop(), reference?.stop()]);
    }
  });
}
