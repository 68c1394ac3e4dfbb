// Node.js flags of the server process that `npm start` runs (scripts/start.mjs; the benchmarks start it the same
// way). Measured with `npm run bench:memory` (docs/BENCHMARKS.md): with Node's defaults the server idles about
// 60 MiB higher, on PGlite and on PostgreSQL alike, for a throughput within the noise of the machine.
//   --max-semi-space-size=2  the young generation's semi-spaces at 2 MiB instead of 16: a server's requests make
//                            short-lived garbage that a small young generation collects as well, far more often
//   --v8-pool-size=1         one V8 worker thread instead of one per core: each worker keeps its own malloc arena
//                            (tens of MiB after compiling PGlite's WebAssembly) that is never given back
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--v8-pool-size=1'];
