// Node.js flags of the server process that `npm start` runs (scripts/start.mjs; the benchmarks start it the same
// way). On the embedded database (no DATABASE_URL) the server is meant for a small machine: measured with
// `npm run bench:memory` (docs/BENCHMARKS.md), these flags take its idle memory from about 310 MiB to about 240.
// They cost throughput (a young generation this small is collected far more often), so on PostgreSQL, where the
// server scales out and memory is not the constraint, Node's defaults stay.
//   --max-semi-space-size=2  the young generation's semi-spaces at 2 MiB instead of 16
//   --v8-pool-size=1         one V8 worker thread instead of one per core: each worker keeps its own malloc arena
//                            (tens of MiB after compiling PGlite's WebAssembly) that is never given back
//   --expose-gc              main.ts collects once when it listens, returning the start's garbage at once
export const EMBEDDED_NODE_FLAGS = ['--max-semi-space-size=2', '--v8-pool-size=1', '--expose-gc'];

/** The flags for a server started with this environment. */
export function serverNodeFlags(env) {
  return env.DATABASE_URL ? [] : EMBEDDED_NODE_FLAGS;
}
