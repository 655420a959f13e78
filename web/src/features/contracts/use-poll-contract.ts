import type { ContractView } from '@escrow/api/contracts';
import { useEffect, useRef } from 'react';
import { timings } from '../../lib/constants';
import { useRealtimeEvent } from '../../lib/realtime';
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

/**
 * Asks for the contract again the moment the server announces a change of it on the person's
 * realtime channel (paid, delivered, disputed, released, refunded...), and hands the answer to
 * `onContract`; only the answer to the latest announcement counts.
 */
export function useContractUpdates(contractId: string, onContract: (contract: ContractView) => void) {
  const latest = useRef(0);
  useRealtimeEvent((event) => {
    if (event.type !== 'contract' || event.contract_id !== contractId) return;
    const mine = ++latest.current;
    getContract(contractId).then(
      (fresh) => mine === latest.current && onContract(fresh.contract),
      () => undefined, // the next announcement, or the page's own refresh, asks again
    );
  });
}
