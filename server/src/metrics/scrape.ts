import { Counter, Gauge, type Registry } from 'prom-client';

/** What a scrape-time gauge needs: the registry, and where a failed read is logged and counted. */
export interface ScrapeContext {
  registry: Registry;
  log: { warn(obj: object, msg: string): void };
  /** reads that failed at scrape time, by metric */
  failures: Counter<'metric'>;
}

export function scrapeContext(registry: Registry, log: ScrapeContext['log']): ScrapeContext {
  const failures = new Counter({
    name: 'metrics_scrape_errors_total',
    help: 'Reads for a scrape-time metric that failed (the metric is then left out of that scrape), by metric',
    labelNames: ['metric'] as const,
    registers: [registry],
  });
  return { registry, log, failures };
}

/**
 * A gauge computed at scrape time from one read (one grouped count): each row a series, its labels the row's
 * labels and its value `n`. The series of the last scrape are dropped first, so a state that emptied leaves none
 * behind. A failed read leaves the gauge out of the scrape (logged and counted) rather than failing the scrape:
 * the HTTP series still reach Prometheus when the database does not answer.
 */
export function scrapeGauge<L extends string>(
  sc: ScrapeContext,
  name: string,
  help: string,
  labelNames: readonly L[],
  read: () => Promise<Array<Record<L, string> & { n: number }>>,
): void {
  new Gauge({
    name,
    help,
    labelNames,
    registers: [sc.registry],
    async collect() {
      this.reset();
      try {
        for (const { n, ...labels } of await read()) {
          this.set(labels as unknown as Record<L, string>, Number(n));
        }
      } catch (error) {
        sc.failures.inc({ metric: name });
        sc.log.warn({ err: error, metric: name }, '指标读取失败 / metric not read');
      }
    },
  });
}
