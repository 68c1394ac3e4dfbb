import { useMemo, useSyncExternalStore } from 'react';
import { readSession, type SessionRecord, subscribeSession } from './session';

let version = 0;
function subscribe(listener: () => void) {
  return subscribeSession(() => {
    version += 1;
    listener();
  });
}
const getVersion = () => version;

/** The session record, re-read whenever it changes. */
export function useSession(): SessionRecord {
  const v = useSyncExternalStore(subscribe, getVersion, getVersion);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `v` is the change signal of sessionStorage
  return useMemo(() => readSession(), [v]);
}
