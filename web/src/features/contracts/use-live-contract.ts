import type { ContractPerson, ContractView, ContractWithPeople, MilestoneView } from '@escrow/api/contracts';
import type { DisputeActionResponse, DisputeView } from '@escrow/api/disputes';
import type { EvidenceView } from '@escrow/api/evidence';
import { type ContractStatus, isInDispute, transitionTarget } from '@escrow/domain/escrow-contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { contractChangedBy, useRealtimeEvent } from '../../lib/realtime';
import type { Loaded } from '../../lib/use-load';
import { usePollWhile } from '../../lib/use-poll-while';
import { getContract, getDispute } from './api';

/**
 * Whether a contract in `status` may have a dispute: once it was disputed, and when completed (a
 * dispute settled with nothing back ends there too). Before that there is none to ask for.
 */
export function mayHaveDispute(status: ContractStatus): boolean {
  return isInDispute(status) || status === 'completed';
}

/**
 * Whether the dispute panel shows anything for a contract in `status` with its dispute as loaded:
 * a dispute, the failure to load one, its loading where there may be one, or the way to open one.
 * Asked before the panel's code is loaded (features/contracts/dispute-section.tsx).
 */
export function disputePanelShown(status: ContractStatus, dispute: Loaded<DisputeView | null>): boolean {
  if (dispute.status === 'loading') return mayHaveDispute(status);
  if (dispute.status === 'failed') return true;
  return dispute.data !== null || transitionTarget(status, 'open_dispute') !== undefined;
}

/** The contract's dispute as the dispute panel shows it: a failure to ask is a failed load (the panel says so), never a throw. */
async function loadDispute(contractId: string): Promise<Loaded<DisputeView | null>> {
  try {
    return { status: 'loaded', data: await getDispute(contractId) };
  } catch (error) {
    return { status: 'failed', error };
  }
}

/** While money moves on its own (a settlement's or a cancellation's refund), the page asks again every few seconds too. */
const moving = (status: ContractStatus) => status === 'settling' || status === 'refunding';

interface Snapshot {
  contract: ContractView;
  people: readonly ContractPerson[];
  evidence: readonly EvidenceView[];
  milestones: readonly MilestoneView[];
  dispute: Loaded<DisputeView | null>;
  revision: number;
}

export interface LiveContract {
  contract: ContractView;
  /** The parties' names, from the same answer as `contract`: a party who joined since (an invitation taken up, a new payer) is named too. */
  people: readonly ContractPerson[];
  /** The files attached to its delivery and its dispute's messages, from the same answer (issue 38). */
  evidence: readonly EvidenceView[];
  /** A contract in milestones: where each stands, from the same answer (issue 38); empty for any other. */
  milestones: readonly MilestoneView[];
  /**
   * The contract's dispute (`state`); `known`, the dispute as the timeline reads it (null while
   * there is none, while it loads or when it could not be read); and `apply` for a dispute
   * action's reply: the dispute and the contract as they now are.
   */
  dispute: { state: Loaded<DisputeView | null>; known: DisputeView | null; apply: (reply: DisputeActionResponse) => void };
  /** Moves each time anything on the page was asked for again or changed by an action: sections that load data of their own (the buyer's refunds) ask again. */
  revision: number;
  /** An action's reply: the contract as it now is. Stable. */
  setContract: (contract: ContractView) => void;
}

/**
 * One source for every section of an open contract page (status, details and names, timeline,
 * delivery, cancellation, the dispute and its proposals, refunds): the contract with its parties'
 * names (and a contract in milestones, where each stands) and, when it may have one, its dispute, asked for together and shown together, so no
 * section shows an older contract than another. Asked for again the moment the server announces
 * a change of the contract on the person's realtime channel (any change of it, of its dispute or
 * of the person's refunds on it: lib/realtime.ts `contractChangedBy`), when the window regains
 * focus (the channel may have dropped meanwhile), and every few seconds while its money moves on
 * its own. Only the latest question counts, and an action's reply outdates every question sent
 * before it.
 */
export function useLiveContract(initial: ContractWithPeople): LiveContract {
  const contractId = initial.contract.id;
  const [snapshot, setSnapshot] = useState<Snapshot>(() => ({
    contract: initial.contract,
    people: initial.people,
    evidence: initial.evidence ?? [],
    milestones: initial.milestones ?? [],
    dispute: mayHaveDispute(initial.contract.status) ? { status: 'loading' } : { status: 'loaded', data: null },
    revision: 0,
  }));
  // Each question (and each action's reply) takes the next number; an answer counts only if it is still the latest.
  const asked = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refresh = useCallback(async () => {
    const mine = ++asked.current;
    let fresh: ContractWithPeople;
    try {
      fresh = await getContract(contractId);
    } catch {
      return; // what is shown stays: the next announcement, focus or check asks again
    }
    const dispute = mayHaveDispute(fresh.contract.status)
      ? await loadDispute(contractId)
      : { status: 'loaded' as const, data: null };
    if (!mounted.current || mine !== asked.current) return;
    setSnapshot((previous) => ({
      contract: fresh.contract,
      people: fresh.people,
      evidence: fresh.evidence ?? [],
      milestones: fresh.milestones ?? [],
      dispute,
      revision: previous.revision + 1,
    }));
  }, [contractId]);

  // The dispute of the contract as first shown (or as an action's reply left it), unless a refresh brought it first.
  const disputeNeeded = snapshot.dispute.status === 'loading';
  useEffect(() => {
    if (!disputeNeeded) return;
    let active = true;
    loadDispute(contractId).then((dispute) => {
      if (active) setSnapshot((previous) => (previous.dispute.status === 'loading' ? { ...previous, dispute } : previous));
    });
    return () => {
      active = false;
    };
  }, [contractId, disputeNeeded]);

  // A milestone's own contract changing (delivered, paid, ...) changes where the whole contract stands.
  const milestoneIds = snapshot.contract.milestones?.map((m) => m.contract_id) ?? [];
  useRealtimeEvent((event) => {
    const changed = contractChangedBy(event);
    if (changed && (changed === contractId || milestoneIds.includes(changed))) void refresh();
  });

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const onFocus = () => void refresh();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onFocus);
    };
  }, [refresh]);

  const polling = moving(snapshot.contract.status);
  usePollWhile(polling, refresh);

  const setContract = useCallback((contract: ContractView) => {
    asked.current++;
    setSnapshot((previous) => ({
      ...previous,
      contract,
      // A status that may have a dispute while none is known yet: ask for it.
      dispute:
        previous.dispute.status === 'loaded' && previous.dispute.data === null && mayHaveDispute(contract.status)
          ? { status: 'loading' }
          : previous.dispute,
      revision: previous.revision + 1,
    }));
  }, []);

  const apply = useCallback((reply: DisputeActionResponse) => {
    asked.current++;
    setSnapshot((previous) => ({
      ...previous,
      contract: reply.contract,
      dispute: { status: 'loaded', data: reply.dispute },
      revision: previous.revision + 1,
    }));
  }, []);

  return {
    contract: snapshot.contract,
    people: snapshot.people,
    evidence: snapshot.evidence,
    milestones: snapshot.milestones,
    dispute: { state: snapshot.dispute, known: snapshot.dispute.status === 'loaded' ? snapshot.dispute.data : null, apply },
    revision: snapshot.revision,
    setContract,
  };
}
