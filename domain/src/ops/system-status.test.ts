import { describe, expect, it } from 'vitest';
import { jobHealth, lateAfterSeconds } from './system-status.ts';

const NOW = new Date('2026-03-02T02:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

describe('jobHealth', () => {
  it.each([
    // every 60 s, always offered: late after 180 s
    [
      'completed a minute ago',
      { everySeconds: 60, onDemand: false, lastCompletedAt: ago(60), lastFailedAt: null },
      3600,
      'OK',
    ],
    [
      'completed just within three periods',
      { everySeconds: 60, onDemand: false, lastCompletedAt: ago(180), lastFailedAt: null },
      3600,
      'OK',
    ],
    [
      'completed longer ago than three periods',
      { everySeconds: 60, onDemand: false, lastCompletedAt: ago(181), lastFailedAt: null },
      3600,
      'LATE',
    ],
    [
      'never completed, the server up for an hour',
      { everySeconds: 60, onDemand: false, lastCompletedAt: null, lastFailedAt: null },
      3600,
      'LATE',
    ],
    [
      'never completed, the server just started',
      { everySeconds: 60, onDemand: false, lastCompletedAt: null, lastFailedAt: null },
      30,
      'OK',
    ],
    [
      'failed after its last completion',
      { everySeconds: 60, onDemand: false, lastCompletedAt: ago(120), lastFailedAt: ago(60) },
      3600,
      'FAILING',
    ],
    [
      'failed, never completed',
      { everySeconds: 1, onDemand: true, lastCompletedAt: null, lastFailedAt: ago(5) },
      3600,
      'FAILING',
    ],
    [
      'completed after its last failure',
      { everySeconds: 60, onDemand: false, lastCompletedAt: ago(30), lastFailedAt: ago(90) },
      3600,
      'OK',
    ],
    // on demand, every 1 s: a run in the last two minutes is OK, none is IDLE, never LATE
    [
      'on demand, ran lately',
      { everySeconds: 1, onDemand: true, lastCompletedAt: ago(100), lastFailedAt: null },
      3600,
      'OK',
    ],
    [
      'on demand, nothing lately',
      { everySeconds: 1, onDemand: true, lastCompletedAt: ago(121), lastFailedAt: null },
      3600,
      'IDLE',
    ],
    [
      'on demand, never ran',
      { everySeconds: 1, onDemand: true, lastCompletedAt: null, lastFailedAt: null },
      3600,
      'IDLE',
    ],
  ] as const)('%s', (_name, job, uptime, expected) => {
    expect(jobHealth(job, NOW, uptime)).toBe(expected);
  });

  it('is late after three periods, at least two minutes', () => {
    expect(lateAfterSeconds(1)).toBe(120);
    expect(lateAfterSeconds(60)).toBe(180);
    expect(lateAfterSeconds(3600)).toBe(10_800);
  });
});
