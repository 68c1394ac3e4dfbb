// One database's part of the throughput benchmark: the portal's hot read paths and the one-query ceiling of the
// same database, measured one after the other in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@loan/domain';
import { signIn } from './support.ts';
import {
  adminQuery,
  type LoadOptions,
  measure,
  type Result,
  startPortal,
  startReference,
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
): Promise<DatabaseResults> {
  return withDatabase(kind, async (env) => {
    const results: DatabaseResults['paths'] = [];
    const portal = await startPortal(env);
    try {
      const accessToken = await signIn(portal.base, 'demo', 'Demo1234');
      for (const path of paths) {
        const url = `${portal.base}${HOT_PATHS[path]}`;
        results.push({
          path,
          ...(await measure(`${path} on ${kind}`, portal.child, url, { accessToken }, load)),
        });
      }
    } finally {
      await portal.stop();
    }
    const refEnv = kind === 'PostgreSQL' ? env : { PGLITE_DIR: join(env.DATA_DIR ?? tmpdir(), 'select1') };
    const reference = await startReference(refEnv);
    try {
      const ceiling = await measure(
        `one SELECT 1 on ${kind}`,
        reference.child,
        `${reference.base}/select1`,
        {},
        load,
      );
      return { kind, ceiling, paths: results };
    } finally {
      await reference.stop();
    }
  });
}
