import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobEngine, type JobEngine, type JobLog } from '../src/jobs/engine.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { dropJobSchema, jobRows, testJobSchema, until } from './helpers/jobs.ts';

interface Line {
  level: string;
  /** when it was logged (Date.now()) */
  at: number;
  obj: Record<string, unknown>;
  msg: string;
}

function captureLog(): JobLog & { lines: Line[] } {
  const lines: Line[] = [];
  const at = (level: string) => (obj: object, msg: string) => {
    lines.push({ level, at: Date.now(), obj: obj as Record<string, unknown>, msg });
  };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

let t: TestApp;
const schema = testJobSchema();
const engines: JobEngine[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
  if (!t) return;
  await dropJobSchema(t.db, schema);
  await t.close();
});

describe('the job engine', () => {
  it('retries a failing job with backoff until it succeeds; each run is logged with name, id and outcome', async () => {
    const log = captureLog();
    let calls = 0;
    const engine = createJobEngine({
      db: t.db,
      log,
      schema,
      jobs: [
        {
          name: 'flaky',
          everySeconds: 3600,
          retryDelaySeconds: 1,
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error('bank unreachable');
            return { done: true };
          },
        },
      ],
    });
    engines.push(engine);
    await engine.start();

    const failed = () => log.lines.find((l) => l.obj.job === 'flaky' && l.obj.outcome === 'failed');
    await until(
      () => log.lines.some((l) => l.obj.outcome === 'completed' && l.obj.jobId === failed()?.obj.jobId),
      'the failed job completed on a retry',
    );
    const failure = failed();
    const success = log.lines.find(
      (l) => l.obj.outcome === 'completed' && l.obj.jobId === failure?.obj.jobId,
    );
    expect(failure?.level).toBe('warn');
    expect(failure?.obj).toMatchObject({ job: 'flaky', outcome: 'failed', attempt: 1, willRetry: true });
    expect((failure?.obj.err as Error | undefined)?.message).toBe('bank unreachable');
    expect(typeof failure?.obj.jobId).toBe('string');
    expect(success?.level).toBe('info');
    expect(success?.obj).toMatchObject({
      job: 'flaky',
      outcome: 'completed',
      attempt: 2,
      result: { done: true },
    });
    // backoff: the retry waited at least the retry delay (1 s, doubled with jitter for later tries)
    expect((success?.at ?? 0) - (failure?.at ?? 0)).toBeGreaterThanOrEqual(900);
    // the line is logged inside the handler; the engine records the state once the handler has returned
    const row = async () => (await jobRows(t.db, schema, 'flaky')).find((r) => r.id === failure?.obj.jobId);
    await until(async () => (await row())?.state === 'completed', 'the retried job recorded as completed');
    expect(await row()).toMatchObject({ state: 'completed', retry_count: 1 });
  }, 120_000);

  it('stop returns within its bound while a job still runs; the job is failed, to be retried', async () => {
    const log = captureLog();
    let started = false;
    const engine = createJobEngine({
      db: t.db,
      log,
      schema,
      stopTimeoutMs: 1000,
      jobs: [
        {
          name: 'endless',
          everySeconds: 3600,
          run: async () => {
            started = true;
            await new Promise(() => {});
          },
        },
      ],
    });
    engines.push(engine);
    await engine.start();
    await until(() => started, 'the endless job started');
    await engine.stop();
    const rows = await jobRows(t.db, schema, 'endless');
    expect(rows.some((row) => row.state === 'retry' && row.retry_count === 0)).toBe(true);
  }, 120_000);

  it('offers a queue once per quarter of its period, not every tick: an hourly queue once while a 1 s one is asked every tick', async () => {
    const offers = new Map<string, number>();
    let asked = 0;
    const engine = createJobEngine({
      db: t.db,
      log: captureLog(),
      schema,
      tickMs: 50,
      onOffer: (name) => offers.set(name, (offers.get(name) ?? 0) + 1),
      jobs: [
        { name: 'hourly', everySeconds: 3600, run: async () => ({}) },
        {
          name: 'every-second',
          everySeconds: 1,
          // nothing due: asked at every tick, never queued
          wanted: async () => {
            asked += 1;
            return false;
          },
          run: async () => ({}),
        },
      ],
    });
    engines.push(engine);
    await engine.start();
    // ten ticks: ten quarter periods of the 1 s queue, a few seconds of an hour at most
    await until(async () => asked >= 10, 'ten ticks');
    expect(offers.get('hourly')).toBe(1);
    expect(offers.get('every-second')).toBeUndefined();
  });
});
