/**
 * On PostgreSQL (DATABASE_URL set) the API suite runs its files on PG_TEST_WORKERS workers at once, each on a
 * database of its own that global setup creates beside DATABASE_URL's (same server, name + `_w<n>`) and drops at
 * the end: a file truncates and reseeds its worker's database, never another's.
 */
export const PG_TEST_WORKERS = 2;

/** The PostgreSQL database of worker `poolId` (1…PG_TEST_WORKERS), or null on PGlite. */
export function workerDatabaseUrl(
  poolId: string | number | undefined = process.env.VITEST_POOL_ID,
): string | null {
  const base = process.env.DATABASE_URL;
  if (!base) return null;
  const url = new URL(base);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = `/${workerDatabaseName(name, poolId ?? 1)}`;
  return url.toString();
}

export function workerDatabaseName(base: string, poolId: string | number): string {
  return `${base}_w${poolId}`;
}
