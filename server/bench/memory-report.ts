// The figures `npm run bench:memory` prints, and the targets they are held against (idle and peak VmRSS of the
// server process, in MiB).

export interface MemoryFigures {
  /** e.g. 'PGlite (embedded)' or 'PostgreSQL' */
  database: string;
  /** VmRSS idle after the first start (an empty data directory or database) */
  firstStartIdle: number;
  /** VmHWM of that first process, from its start to its idle reading */
  firstStartPeak: number;
  /** VmRSS idle after a restart on the same data */
  restartIdle: number;
  /** VmHWM of the restarted process after the load */
  loadPeak: number;
  /** requests/s of the load */
  rps: number;
}

/** The targets of the embedded server; PostgreSQL's figures are printed beside them for comparison. */
export const MEMORY_TARGETS = { firstStartIdle: 300, restartIdle: 250, loadPeak: 400 } as const;

function verdict(value: number, target: number): string {
  return `${value} ${value <= target ? '(met)' : `(over ${target})`}`;
}

/** The embedded server's figures over their targets, one line each (none when every target is met). */
export function targetsMissed(rows: MemoryFigures[]): string[] {
  const missed: string[] = [];
  for (const r of rows.filter((row) => row.database.startsWith('PGlite'))) {
    for (const [field, target] of Object.entries(MEMORY_TARGETS) as [keyof typeof MEMORY_TARGETS, number][]) {
      if (r[field] > target) missed.push(`${r.database} ${field} ${r[field]} MiB > ${target} MiB`);
    }
  }
  return missed;
}

/** A Markdown table, one row per database, and a JSON line a reader (or a test) can parse. */
export function memoryReport(rows: MemoryFigures[], load: { connections: number; seconds: number }): string {
  const lines = [
    `VmRSS / VmHWM of the server process in MiB; load: GET /users/getUserInfo signed in, ${load.connections} connections, ${load.seconds} s`,
    '',
    '| database | idle after first start | peak of first start | idle after restart | peak under load | req/s under load |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const embedded = r.database.startsWith('PGlite');
    const idle1 = embedded ? verdict(r.firstStartIdle, MEMORY_TARGETS.firstStartIdle) : `${r.firstStartIdle}`;
    const idle2 = embedded ? verdict(r.restartIdle, MEMORY_TARGETS.restartIdle) : `${r.restartIdle}`;
    const peak = embedded ? verdict(r.loadPeak, MEMORY_TARGETS.loadPeak) : `${r.loadPeak}`;
    lines.push(`| ${r.database} | ${idle1} | ${r.firstStartPeak} | ${idle2} | ${peak} | ${r.rps} |`);
  }
  lines.push(
    '',
    `targets (embedded): idle after first start ≤ ${MEMORY_TARGETS.firstStartIdle}, idle after restart ≤ ${MEMORY_TARGETS.restartIdle}, peak under load ≤ ${MEMORY_TARGETS.loadPeak}`,
    `MEMORY_FIGURES ${JSON.stringify(rows)}`,
  );
  return lines.join('\n');
}
