/**
 * `npm run bench:fsync`: what a durable commit costs on the embedded database. In one run, on two fresh data
 * directories opened as the server opens them (create-cluster, DurableNodeFS, pglite-settings.ts), once as the
 * server runs (fsync on) and once with `fsync=off` (as PGlite runs by default): BENCH_COMMITS single-row inserts,
 * each its own transaction, timed one after the other. Prints the time per commit and the ratio.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ensureCluster } from '../src/db/cluster.ts';
import { DurableNodeFS, diskSyncCount } from '../src/db/durable-fs.ts';
import { DISK_SETTINGS, diskStartParams } from '../src/db/pglite-settings.ts';

const COMMITS = Number(process.env.BENCH_COMMITS ?? 200);

interface Timing {
  name: string;
  msPerCommit: number;
  p99: number;
  syncs: number;
}

async function time(name: string, settings: Record<string, string>): Promise<Timing> {
  const dir = mkdtempSync(join(tmpdir(), 'loan-bench-fsync-'));
  try {
    await ensureCluster(dir);
    const db = await PGlite.create({ fs: new DurableNodeFS(dir), startParams: diskStartParams(settings) });
    try {
      await db.exec('create table commits (id serial primary key, body text not null, at timestamptz)');
      for (let i = 0; i < 20; i++)
        await db.query('insert into commits (body, at) values ($1, now())', ['warm']);
      const syncsBefore = diskSyncCount();
      const each: number[] = [];
      const started = performance.now();
      for (let i = 0; i < COMMITS; i++) {
        const t = performance.now();
        await db.query('insert into commits (body, at) values ($1, now())', [`row ${i}`]);
        each.push(performance.now() - t);
      }
      const total = performance.now() - started;
      each.sort((a, b) => a - b);
      return {
        name,
        msPerCommit: total / COMMITS,
        p99: each[Math.floor(COMMITS * 0.99) - 1] ?? 0,
        syncs: diskSyncCount() - syncsBefore,
      };
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const off = await time('fsync off (PGlite default)', { ...DISK_SETTINGS, fsync: 'off' });
const on = await time('fsync on (the server)', { ...DISK_SETTINGS });
console.log(`\n${COMMITS} single-row insert commits, one after the other, ${new Date().toISOString()}\n`);
console.log('| setting | ms per commit | p99 ms | fsync(2) calls |');
console.log('|---|---:|---:|---:|');
for (const t of [off, on])
  console.log(`| ${t.name} | ${t.msPerCommit.toFixed(3)} | ${t.p99.toFixed(3)} | ${t.syncs} |`);
console.log(`\ncost of durability: ${(on.msPerCommit / off.msPerCommit).toFixed(1)}× the time per commit`);
