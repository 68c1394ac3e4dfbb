import { useEffect, useState } from 'react';

/**
 * Whole seconds still to read a text that must be read `minSeconds`, counted from when it was served
 * (`servedAt`, ms): the server measures from the same moment, so signing earlier would be refused. The count is
 * taken from the clock at each render; a timer renders again every second while it runs.
 */
export function useReadingLeft(minSeconds: number, servedAt: number): number {
  const [, setTick] = useState(0);
  const left = Math.max(0, Math.ceil((minSeconds * 1000 - Math.max(0, Date.now() - servedAt)) / 1000));
  const reading = left > 0;
  useEffect(() => {
    if (!reading) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [reading]);
  return left;
}
