import { useEffect } from 'react';
import { timings } from './constants';

/**
 * Runs `refresh` every few seconds (`timings.statusPollMs`) while `active`: each check starts
 * once the previous one has answered, so a slow server is never asked twice at once. For what the
 * realtime channel does not announce step by step (money moving at the provider).
 */
export function usePollWhile(active: boolean, refresh: () => Promise<unknown>): void {
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = true;
    const poll = () => {
      timer = setTimeout(async () => {
        await refresh();
        if (running) poll();
      }, timings.statusPollMs);
    };
    poll();
    return () => {
      running = false;
      clearTimeout(timer);
    };
  }, [active, refresh]);
}
