export const START = new Date('2026-03-02T02:00:00.000Z');
export const MINUTE = 60_000;

/** A clock the tests move by hand. */
export interface Clock {
  now: () => Date;
  advance(ms: number): void;
}

export function createClock(start = START): Clock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
  };
}
