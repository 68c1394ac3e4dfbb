import { useEffect, useState } from 'react';

/** What counts as the borrower being at the screen. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/** One activity a second is enough to keep the clock: moving the mouse fires dozens. */
const NOTICE_EVERY_MS = 1_000;

/**
 * Whether the borrower used the page (pointer, keys, scrolling) within the last `idleMs`. A poll that runs only
 * while this holds lets a session left open on a shown tab still idle out on the server, as one left alone would.
 */
export function useUserActive(idleMs: number): boolean {
  const [active, setActive] = useState(true);
  useEffect(() => {
    let last = Date.now();
    let timer = setTimeout(() => setActive(false), idleMs);
    const onActivity = () => {
      const now = Date.now();
      if (now - last < NOTICE_EVERY_MS) return;
      last = now;
      clearTimeout(timer);
      timer = setTimeout(() => setActive(false), idleMs);
      setActive(true);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
    };
  }, [idleMs]);
  return active;
}
