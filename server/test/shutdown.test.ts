import { describe, expect, it } from 'vitest';
import { createShutdown, EXIT, type ShutdownStage } from '../src/shutdown.ts';

/** A shutdown whose exit and log are recorded; resolves `exited` with the first exit code. */
function harness(stages: ShutdownStage[], timeoutMs = 50) {
  const events: string[] = [];
  const logs: string[] = [];
  let resolveExit: (code: number) => void = () => {};
  const exited = new Promise<number>((resolve) => {
    resolveExit = resolve;
  });
  const exits: number[] = [];
  const shutdown = createShutdown({
    beginDrain: () => events.push('drain'),
    drainMs: 0,
    stages,
    timeoutMs,
    log: (m) => logs.push(m),
    exit: (code) => {
      exits.push(code);
      resolveExit(code);
    },
  });
  return { shutdown, events, logs, exited, exits };
}

describe('createShutdown', () => {
  it('drains first, runs the stages in order, then exits 0', async () => {
    const order: string[] = [];
    const h = harness([
      { name: 'http', run: async () => order.push(`http after ${h.events.join(',')}`) },
      { name: 'database', run: async () => order.push('database') },
    ]);
    h.shutdown('SIGTERM');
    expect(await h.exited).toBe(EXIT.clean);
    expect(order).toEqual(['http after drain', 'database']);
  });

  it('a stage that never finishes: exits 1 after the time-out, naming that stage', async () => {
    const h = harness([
      { name: 'http', run: async () => {} },
      { name: 'database (close)', run: () => new Promise(() => {}) },
    ]);
    h.shutdown('SIGTERM');
    expect(await h.exited).toBe(EXIT.failed);
    expect(h.logs.at(-1)).toContain('database (close)');
    expect(h.logs.at(-1)).toContain('timed out');
  });

  it('a stage that fails: exits 1 naming it, the later stages not run', async () => {
    let later = false;
    const h = harness([
      {
        name: 'http',
        run: async () => {
          throw new Error('boom');
        },
      },
      {
        name: 'database',
        run: async () => {
          later = true;
        },
      },
    ]);
    h.shutdown('SIGTERM');
    expect(await h.exited).toBe(EXIT.failed);
    expect(h.logs.at(-1)).toContain('http');
    expect(h.logs.at(-1)).toContain('boom');
    expect(later).toBe(false);
  });

  it('a second signal exits at once (130), while the first stop still runs', async () => {
    const h = harness([{ name: 'http', run: () => new Promise(() => {}) }]);
    h.shutdown('SIGTERM');
    h.shutdown('SIGINT');
    expect(h.exits).toEqual([EXIT.interrupted]);
    expect(h.events).toEqual(['drain']);
  });
});
