import { useEffect, useSyncExternalStore } from 'react';

/**
 * A page that waits on the person's behalf (a checkout watching a bank transfer, 2-5 minutes with
 * nothing to click) holds the session awake: the inactivity sign-out (features/inactivity) stops
 * its clock while any page does, and starts it afresh once none does. Here, not in that feature,
 * because features do not import each other.
 */
let holds = 0;
const listeners = new Set<() => void>();

function changeHolds(by: number) {
  holds += by;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** While `active` and the caller is mounted, the person counts as present. */
export function useKeepAwake(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    changeHolds(1);
    return () => changeHolds(-1);
  }, [active]);
}

/** Whether some page holds the session awake now. */
export function useKeptAwake(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => holds > 0,
    () => false,
  );
}
