import { PGlite } from '@electric-sql/pglite';

/**
 * How the embedded PostgreSQL runs on a data directory: durable, and sized for a portal rather than for
 * PostgreSQL's defaults (measured with `npm run bench:memory`, docs/BENCHMARKS.md).
 *
 * Durable: PGlite's own start flags include `-F` (fsync off); it is dropped and `fsync=on` said outright. The WAL
 * is flushed with fsync() because PGlite's fdatasync() does nothing (see durable-fs.ts).
 *
 * Lean: PostgreSQL's shared memory lives in the WASM heap, whose touched pages are never given back, and PGlite
 * runs one backend. Sized for a portal's working set (a few MiB of hot rows and indexes; the OS page cache holds
 * the rest of the files) instead of PostgreSQL's defaults (128 MB shared buffers, 100 connections' shared state,
 * 64 MB maintenance memory), which made the process about 130 MiB larger on opening the database.
 */
export const DISK_SETTINGS: Readonly<Record<string, string>> = {
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
  wal_sync_method: 'fsync',
  shared_buffers: '8MB',
  max_connections: '4',
  wal_buffers: '1MB',
  temp_buffers: '1MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
};

/** PGlite's start parameters for a data directory: its defaults without `-F`, plus DISK_SETTINGS. */
export function diskStartParams(settings: Readonly<Record<string, string>> = DISK_SETTINGS): string[] {
  const base = PGlite.defaultStartParams.filter((flag) => flag !== '-F');
  return [...base, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}
