import type { ContractView } from '@escrow/api/contracts';
import type { DisputeActionResponse, DisputeView } from '@escrow/api/disputes';
import { type ContractStatus, isInDispute } from '@escrow/domain/escrow-contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Loaded } from '../../lib/use-load';
import { getDispute } from './api';
import { usePollContract } from './use-poll-contract';

/**
 * Whether a contract in `status` may have a dispute: once it was disputed, and when completed (a
 * dispute settled with nothing back ends there too). Before that there is none to ask for.
 */
export function mayHaveDispute(status: ContractStatus): boolean {
  return isInDispute(status) || status === 'completed';
}

/**
 * The contract's dispute, asked for only when it may have one, and the contract kept fresh while
 * a settlement's refund and payout are on their way (every few seconds, so the final status
 * appears by itself). `onContract` receives each newer contract; keep it stable (useCallback).
 * `apply` takes a dispute action's reply: the dispute and the contract as they now are.
 */
export function useDispute(contract: ContractView, onContract: (contract: ContractView) => void) {
  const needed = mayHaveDispute(contract.status);
  const contractId = contract.id;
  const [state, setState] = useState<Loaded<DisputeView | null>>(() =>
    needed ? { status: 'loading' } : { status: 'loaded', data: null },
  );
  // The contract whose dispute an action's reply already gave: asking again would only flash "Loading".
  const given = useRef<string | null>(null);

  useEffect(() => {
    if (!needed) {
      setState((previous) =>
        previous.status === 'loaded' && previous.data === null ? previous : { status: 'loaded', data: null },
      );
      return;
    }
    if (given.current === contractId) return;
    let active = true;
    setState({ status: 'loading' });
    // Async, so a failure to ask is a failed load (shown by the panel), never a throw in an effect.
    (async () => getDispute(contractId))().then(
      (dispute) => active && setState({ status: 'loaded', data: dispute }),
      (error: unknown) => active && setState({ status: 'failed', error }),
    );
    return () => {
      active = false;
    };
  }, [contractId, needed]);

  usePollContract(contractId, contract.status === 'settling', onContract);

  const apply = useCallback(
    (reply: DisputeActionResponse) => {
      given.current = reply.dispute.contract_id;
      setState({ status: 'loaded', data: reply.dispute });
      onContract(reply.contract);
    },
    [onContract],
  );
  return { state, apply };
}
