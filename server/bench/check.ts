/**
 * `npm run bench:check`: the short throughput guard, run by `.ci/run` after the PostgreSQL suite. getUserInfo
 * against the one-query ceiling of the same database in the same run (PostgreSQL when it answers, else PGlite,
 * 3 rounds of 3 s after a 2 s warm-up): exits 1 when it serves less than half the ceiling's requests per second,
 * or its p99 passes 50 ms (PostgreSQL, 50 connections) or 100 ms (PGlite, 10 connections). Ratios of one run, the two servers
 * taking turns (medians of the rounds), so a slower host, or one that slows for a while, does not fail it.
 */
import { postgresAnswers } from './throughput-servers.ts';
import { benchDatabase } from './throughput-suite.ts';

const MIN_RATIO = 0.5;
const onPostgres = await postgresAnswers();
const kind = onPostgres ? 'PostgreSQL' : 'PGlite';
const load = {
  connections: onPostgres ? 50 : 10,
  seconds: Number(process.env.BENCH_SECONDS ?? 3),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
};
const maxP99 = onPostgres ? 50 : 100;

const result = await benchDatabase(kind, ['getUserInfo'], load);
const call = result.paths[0];
if (!call) throw new Error('no result');
const ratio = call.rps / result.ceiling.rps;
const problems = [
  ratio < MIN_RATIO && `getUserInfo ${ratio.toFixed(2)} of the one-query ceiling, below ${MIN_RATIO}`,
  call.p99 > maxP99 && `getUserInfo p99 ${call.p99} ms, above ${maxP99} ms`,
  call.errors + call.non2xx > 0 && `getUserInfo ${call.errors} errors and ${call.non2xx} non-2xx answers`,
].filter(Boolean);
console.log(
  `[bench:check] ${kind}, ${load.connections} connections, ${load.rounds} rounds of ${load.seconds} s: getUserInfo ${call.rps} req/s ` +
    `(p99 ${call.p99} ms) = ${ratio.toFixed(2)} of the one-query ceiling ${result.ceiling.rps} req/s ` +
    `(p99 ${result.ceiling.p99} ms); bounds: ratio ≥ ${MIN_RATIO}, p99 ≤ ${maxP99} ms`,
);
if (problems.length > 0) {
  for (const problem of problems) console.log(`[bench:check] FAILED: ${problem}`);
  process.exit(1);
}
console.log('[bench:check] passed');
