import type { ContractView } from '@escrow/api/contracts';
import { useEffect } from 'react';
import { timings } from '../../lib/constants';
import { getContract } from './api';

/**
 * While `active` (money is moving on its own: a settlement's or a cancellation's refund), asks for
 * the contract every few seconds and hands each answer to `onContract`, so the final status appears
 * by itself. Keep `onContract` stable (useCallback or a state setter).
 */
export function usePollContract(contractId: string, active: boolean, onContract: (contract: ContractView) => void) {
  useEffect(() => {
    if (!active) return;
    let running = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () => {
      timer = setTimeout(async () => {
        try {
          const fresh = await getContract(contractId);
          if (running) onContract(fresh.contract);
        } catch {
          // A missed check changes nothing: the next one asks again.
        }
        if (running) poll();
      }, timings.statusPollMs);
    };
    poll();
    return () => {
      running = false;
      clearTimeout(timer);
    };
  }, [active, contractId, onContract]);
}
