import type { OpsOperator } from '@loan/domain';
import { useSyncExternalStore } from 'react';

/** The console's session in this tab (sessionStorage): the token and who signed in. */
export interface OpsSessionRecord {
  opsToken: string;
  operator: OpsOperator;
}

const KEY = 'opsSession';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: OpsSessionRecord | null } = { raw: null, value: null };

export function readOpsSession(): OpsSessionRecord | null {
  const raw = window.sessionStorage.getItem(KEY);
  if (raw === cached.raw) return cached.value;
  let value: OpsSessionRecord | null = null;
  try {
    value = raw ? (JSON.parse(raw) as OpsSessionRecord) : null;
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

function changed() {
  for (const listener of listeners) listener();
}

export function saveOpsSession(record: OpsSessionRecord): void {
  window.sessionStorage.setItem(KEY, JSON.stringify(record));
  changed();
}

export function clearOpsSession(): void {
  window.sessionStorage.removeItem(KEY);
  changed();
}

export function useOpsSession(): OpsSessionRecord | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readOpsSession,
    () => null,
  );
}
