import { useEffect, useSyncExternalStore } from 'react';

/**
 * A title a page gives itself while it is shown, in place of its route's (for a page whose subject changes state
 * under the borrower's eyes: /auditing says 审批通过 once the bank has decided). AppShell puts it in document.title.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

function set(title: string | null) {
  if (current === title) return;
  current = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The title the shown page gave itself, or null (the route's title applies). */
export function usePageTitleOverride(): string | null {
  // a page rendered ahead (src/prerender.tsx) has given itself no title yet
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Gives the page this title while it is mounted (null: the route's). */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    set(title);
    return () => set(null);
  }, [title]);
}
