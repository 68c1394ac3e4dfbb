/**
 * `npm run bench:throughput`: the hot read paths of the signed-in pages (getUserInfo, the loan records, the fee
 * list, the ledger) against the portal as `npm start` runs it in production, on PGlite and (when it answers on
 * 127.0.0.1:5432) on PostgreSQL; each as a ratio to the same database's one-query ceiling (Fastify answering one
 * `SELECT 1`) and to bare Fastify, all measured in this run, the calls of one database and its ceiling taking turns.
 * BENCH_CONNECTIONS (50), BENCH_SECONDS per round (4), BENCH_ROUNDS (3).
 */
import { measureRounds, postgresAnswers, type Result, startReference } from './throughput-servers.ts';
import { benchDatabase, type DatabaseResults, HOT_PATHS, type HotPath } from './throughput-suite.ts';

const load = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  seconds: Number(process.env.BENCH_SECONDS ?? 4),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
};
const paths = Object.keys(HOT_PATHS) as HotPath[];

const hello = await startReference();
let bare: Result;
try {
  [bare] = (await measureRounds(
    [{ name: 'bare Fastify hello-world', child: hello.child, url: `${hello.base}/hello`, headers: {} }],
    load,
  )) as [Result];
} finally {
  await hello.stop();
}
const databases: DatabaseResults[] = [await benchDatabase('PGlite', paths, load, { moneyWrite: true })];
if (await postgresAnswers())
  databases.push(await benchDatabase('PostgreSQL', paths, load, { moneyWrite: true }));
else console.log('[bench] PostgreSQL does not answer on 127.0.0.1:5432: skipped');

console.log(
  `\n${load.connections} connections, ${load.rounds} rounds of ${load.seconds} s per call (medians), ${new Date().toISOString()}, node ${process.version}\n`,
);
console.log(
  '| database | call | req/s | p50 ms | p99 ms | ratio to one query | ratio to bare | peak RSS MiB | errors | non-2xx |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
const row = (kind: string, name: string, r: Result, ceiling: Result) =>
  console.log(
    `| ${kind} | ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${(r.rps / ceiling.rps).toFixed(2)} | ${(r.rps / bare.rps).toFixed(2)} | ${r.peakRssMiB} | ${r.errors} | ${r.non2xx} |`,
  );
console.log(
  `| — | bare Fastify | ${bare.rps} | ${bare.p50} | ${bare.p99} | — | 1.00 | ${bare.peakRssMiB} | ${bare.errors} | ${bare.non2xx} |`,
);
for (const d of databases) {
  row(d.kind, 'one SELECT 1 (ceiling)', d.ceiling, d.ceiling);
  for (const p of d.paths) row(d.kind, HOT_PATHS[p.path], p, d.ceiling);
  const w = d.moneyWrite;
  if (w)
    console.log(
      `| ${d.kind} | fee order placed + notify applied (pairs/s) | ${w.rps} | ${w.p50} | ${w.p99} | ${(w.rps / d.ceiling.rps).toFixed(3)} | ${(w.rps / bare.rps).toFixed(3)} | — | ${w.errors} | — |`,
    );
}
