import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptRefusal,
  assertMayChange,
  assertMayRespond,
  type ContractEvent,
  type ContractStatus,
  contractStatuses,
  contractTransitions,
  creditEvent,
  isFinal,
  isParty,
  nextStatus,
  termsEditable,
  transitionTarget,
} from '../../lambdas/core/domain/escrow-contract';
import { maxAmountMinor } from '../../lambdas/core/domain/money';
import { instanceValue } from '../../lambdas/core/domain/template';

const contract = (over: Partial<{ status: ContractStatus; payer_user_ids: string[]; accepted_by: string[] }> = {}) => ({
  creator_id: 'seller',
  acceptor_id: 'buyer',
  payer_user_ids: [],
  accepted_by: [],
  status: 'pending' as ContractStatus,
  ...over,
});

const events = [...new Set(contractTransitions.map((t) => t.event))] as ContractEvent[];

describe('the transition table', () => {
  it('allows exactly the moves it lists, from every status and for every event', () => {
    for (const from of [null, ...contractStatuses]) {
      for (const event of events) {
        const row = contractTransitions.find((t) => t.event === event);
        const allowed = from === null ? row?.from.length === 0 : (row?.from as readonly string[] | undefined)?.includes(from);
        if (allowed) {
          expect(nextStatus(from, event), `${from} --${event}->`).toBe(row?.to);
        } else {
          expect(transitionTarget(from, event), `${from} --${event}-> must be refused`).toBeUndefined();
          expect(() => nextStatus(from, event)).toThrow(expect.objectContaining({ statusCode: 409 }));
        }
      }
    }
  });

  it('follows the escrow lifecycle: pending -> active -> in_escrow -> fully_funded -> satisfied -> releasing -> completed', () => {
    let status = nextStatus(null, 'create');
    for (const event of [
      'accept',
      'credit_partial',
      'credit_full',
      'mark_satisfied',
      'request_release',
      'payout_succeeded',
    ] as const) {
      status = nextStatus(status, event);
    }
    expect(status).toBe('completed');
    expect(nextStatus(null, 'instantiate')).toBe('active');
  });

  it('reaches every status from a new contract, and leaves only completed, refunded, partially refunded and cancelled as final', () => {
    const reached = new Set<ContractStatus>();
    let frontier: Array<ContractStatus | null> = [null];
    while (frontier.length) {
      const next: ContractStatus[] = frontier.flatMap((from) => events.flatMap((e) => transitionTarget(from, e) ?? []));
      const fresh = [...new Set(next.filter((s) => !reached.has(s)))];
      for (const s of fresh) reached.add(s);
      frontier = fresh;
    }
    expect([...reached].sort()).toEqual([...contractStatuses].sort());
    expect(contractStatuses.filter(isFinal)).toEqual(['completed', 'refunded', 'partially_refunded', 'cancelled']);
  });

  it('cancels an unfunded contract, but never one that holds money', () => {
    expect(nextStatus('pending', 'funding_expired')).toBe('cancelled');
    expect(nextStatus('active', 'funding_expired')).toBe('cancelled');
    for (const status of ['in_escrow', 'fully_funded', 'payer_marked_satisfied', 'releasing', 'completed'] as const) {
      expect(transitionTarget(status, 'funding_expired')).toBeUndefined();
    }
  });

  it('releases only after the payer is satisfied (409 with the caller’s text otherwise)', () => {
    for (const status of contractStatuses.filter((s) => s !== 'payer_marked_satisfied')) {
      expect(() => nextStatus(status, 'request_release', `not now: ${status}`)).toThrow(
        expect.objectContaining({ statusCode: 409, message: `not now: ${status}` }),
      );
    }
  });

  it('credits a payment as full once the total is reached, partial below it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 12 }), fc.integer({ min: 0, max: 10 ** 12 }), (total, paid) => {
        expect(creditEvent(paid, total)).toBe(paid >= total ? 'credit_full' : 'credit_partial');
      }),
    );
  });

  it('freezes the terms at acceptance: only a pending contract may change', () => {
    expect(contractStatuses.filter(termsEditable)).toEqual(['pending']);
  });
});

describe('accepting and rejecting', () => {
  it('allows the named acceptor on a pending contract', () => {
    expect(() => assertMayRespond(contract(), 'buyer')).not.toThrow();
  });

  it('refuses the creator with the spec’s text (403)', () => {
    expect(() => assertMayRespond(contract(), 'seller')).toThrow(
      expect.objectContaining({ statusCode: 403, message: 'You are not allowed to accept your own contract.' }),
    );
  });

  it('says "reject" when the creator rejects their own contract (403)', () => {
    expect(() => assertMayRespond(contract(), 'seller', 'reject')).toThrow(
      expect.objectContaining({ statusCode: 403, message: 'You are not allowed to reject your own contract.' }),
    );
  });

  it('refuses anyone but the named acceptor (403)', () => {
    expect(() => assertMayRespond(contract(), 'stranger')).toThrow(expect.objectContaining({ statusCode: 403 }));
  });

  it('refuses a contract that is not pending, naming its status (409)', () => {
    expect(() => assertMayRespond(contract({ status: 'in_escrow' }), 'buyer')).toThrow(
      expect.objectContaining({ statusCode: 409, message: 'This contract is currently "in_escrow" and cannot be accepted.' }),
    );
  });

  it('says "cannot be rejected" when a contract that is no longer pending is rejected (409)', () => {
    expect(() => assertMayRespond(contract({ status: 'active', accepted_by: ['buyer'] }), 'buyer', 'reject')).toThrow(
      expect.objectContaining({ statusCode: 409, message: 'This contract is currently "active" and cannot be rejected.' }),
    );
  });

  it('refuses a payer who already paid before looking at the status (409)', () => {
    expect(() => assertMayRespond(contract({ status: 'in_escrow', payer_user_ids: ['buyer'] }), 'buyer')).toThrow(
      expect.objectContaining({ statusCode: 409, message: 'You have already paid for this contract.' }),
    );
  });
});

describe('what the browser checks before accepting', () => {
  it('refuses a payer who already paid, then any status but pending, with the spec’s texts', () => {
    expect(acceptRefusal(contract({ payer_user_ids: ['buyer'] }), 'buyer')).toBe('You have already paid for this contract.');
    expect(acceptRefusal(contract({ status: 'cancelled' }), 'buyer')).toBe(
      'This contract is currently "cancelled" and cannot be accepted.',
    );
    expect(acceptRefusal(contract(), 'buyer')).toBeNull();
  });
});

describe('changing a contract', () => {
  it('allows the creator while pending, and refuses everyone else or any later status', () => {
    expect(() => assertMayChange(contract(), 'seller')).not.toThrow();
    expect(() => assertMayChange(contract(), 'buyer')).toThrow(
      expect.objectContaining({ statusCode: 403, message: 'Access Denied: You are not the creator of this contract.' }),
    );
    for (const status of contractStatuses.filter((s) => s !== 'pending')) {
      expect(() => assertMayChange(contract({ status }), 'seller')).toThrow(expect.objectContaining({ statusCode: 409 }));
    }
  });

  it('counts the creator, the named acceptor and payers as parties, and nobody else', () => {
    expect(isParty(contract(), 'seller')).toBe(true);
    expect(isParty(contract(), 'buyer')).toBe(true);
    expect(isParty(contract({ payer_user_ids: ['payer'] }), 'payer')).toBe(true);
    expect(isParty(contract(), 'stranger')).toBe(false);
  });
});

describe('template instance value', () => {
  it('is base price x quantity, exactly, in minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 8 }), fc.integer({ min: 1, max: 1000 }), (price, quantity) => {
        expect(instanceValue(price, quantity)).toBe(price * quantity);
      }),
    );
  });

  it('is exact for every quantity from 1 to 50 of a price with kobo', () => {
    for (let quantity = 1; quantity <= 50; quantity++) expect(instanceValue(150_050, quantity)).toBe(150_050 * quantity);
  });

  it('refuses a total above the cap of one contract, however it is reached', () => {
    expect(instanceValue(maxAmountMinor, 1)).toBe(maxAmountMinor);
    expect(() => instanceValue(maxAmountMinor, 2)).toThrow(RangeError);
    expect(() => instanceValue(maxAmountMinor / 10 + 1, 10)).toThrow(RangeError);
  });

  it('refuses a total too large to be exact', () => {
    expect(() => instanceValue(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });
});
