/** The figures of one Lighthouse run of a page, and the Markdown that bench:web writes into docs/BENCHMARKS.md. */
export interface PageFigures {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  /** the main thread's work during the load as Lighthouse counts it (its observed tasks scaled by the CPU slowdown) */
  mainThreadMs: number;
  /** JavaScript as transferred (compressed), all requests of the load */
  scriptBytes: number;
  scriptRequests: number;
}

export interface WebReport {
  date: string;
  chromium: string;
  runs: number;
  benchmarkIndex: number;
  pages: Array<{ path: string; target: number; median: PageFigures; performances: number[] }>;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

export function webReport(r: WebReport): string {
  const rows = r.pages.map(({ path, target, median: m, performances }) =>
    [
      `\`${path}\``,
      `**${m.performance}** (≥ ${target}; runs ${performances.join(', ')})`,
      String(m.accessibility),
      seconds(m.fcpMs),
      seconds(m.lcpMs),
      `${Math.round(m.tbtMs)} ms`,
      m.cls.toFixed(3),
      seconds(m.siMs),
      seconds(m.mainThreadMs),
      `${kb(m.scriptBytes)} in ${m.scriptRequests}`,
    ].join(' | '),
  );
  return [
    `Measured ${r.date} with \`npm run bench:web\`: Lighthouse 12 mobile defaults (simulated slow 4G, 4× CPU), ${r.chromium},`,
    `median of ${r.runs} runs per page by performance score; host benchmark index ${r.benchmarkIndex}.`,
    '',
    '| page | performance | accessibility | FCP | LCP | TBT | CLS | Speed Index | main-thread work | JavaScript (transferred) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}
