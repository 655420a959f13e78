import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { executionNames, nextExecutionName } from '../../lambdas/core/adapters/workflow';
import {
  acceptableProposal,
  allocateRefund,
  checkProposedRefund,
  detailsSentence,
  disputeMessages,
  disputeReasonCodes,
  disputeSide,
  minutesUntil,
  proposalHour,
  proposalNoticeKind,
  proposalNoticeMinutes,
  type SplitProposal,
  settlementFigures,
} from '../../lambdas/core/domain/dispute';
import {
  type ContractStatus,
  cancellationBy,
  cancellationMessages,
  contractStatuses,
  fundingEndsAt,
  isFinal,
  nextStatus,
  settledEvent,
  transitionTarget,
} from '../../lambdas/core/domain/escrow-contract';
import {
  balances,
  isBalanced,
  ledgerSummary,
  type Posting,
  paymentCreditPosting,
  payoutPosting,
  refundCompletedPosting,
  refundRequestedPosting,
} from '../../lambdas/core/domain/ledger';
import { platformFee } from '../../lambdas/core/domain/money';
import { splitCredit } from '../../lambdas/core/domain/payment';
import { executionLifetimeDays, rearm } from '../../lambdas/core/services/escrow-workflow';
import { escrowDefinitionPath } from '../../lambdas/tasks';

const funded = ['in_escrow', 'fully_funded', 'delivered', 'payer_marked_satisfied'] as const;

describe('delivery and inspection', () => {
  it('lets the creator mark a fully funded contract delivered, and nothing less funded', () => {
    expect(nextStatus('fully_funded', 'mark_delivered')).toBe('delivered');
    for (const status of contractStatuses.filter((s) => s !== 'fully_funded'))
      expect(transitionTarget(status, 'mark_delivered'), status).toBeUndefined();
  });

  it('counts acceptance within the window and silence until it ends alike: payer_marked_satisfied', () => {
    expect(nextStatus('delivered', 'mark_satisfied')).toBe('payer_marked_satisfied');
    expect(nextStatus('delivered', 'inspection_ended')).toBe('payer_marked_satisfied');
    expect(transitionTarget('disputed', 'inspection_ended')).toBeUndefined();
  });

  it('still lets the payer accept early, before delivery', () => {
    expect(nextStatus('in_escrow', 'mark_satisfied')).toBe('payer_marked_satisfied');
    expect(nextStatus('fully_funded', 'mark_satisfied')).toBe('payer_marked_satisfied');
  });
});

describe('disputes', () => {
  it('can be opened on any funded contract until the release is requested, and never after', () => {
    for (const status of funded) expect(nextStatus(status, 'open_dispute'), status).toBe('disputed');
    for (const status of contractStatuses.filter((s) => !(funded as readonly string[]).includes(s)))
      expect(transitionTarget(status, 'open_dispute'), status).toBeUndefined();
  });

  it('freezes the release: a disputed or settling contract cannot be released (409)', () => {
    for (const status of ['disputed', 'settling'] as const)
      expect(() => nextStatus(status, 'request_release')).toThrow(expect.objectContaining({ statusCode: 409 }));
  });

  it('ends in refunded, partially_refunded or completed by how the held money is split', () => {
    expect(settledEvent(10_000, 10_000)).toBe('settled_refunded');
    expect(settledEvent(4_000, 10_000)).toBe('settled_partially_refunded');
    expect(settledEvent(0, 10_000)).toBe('settled_paid_out');
    const ends = {
      settled_refunded: 'refunded',
      settled_partially_refunded: 'partially_refunded',
      settled_paid_out: 'completed',
    };
    for (const [event, to] of Object.entries(ends)) {
      expect(nextStatus(nextStatus('disputed', 'settle'), event as keyof typeof ends)).toBe(to);
    }
  });

  it("tells the details as one sentence in the other side's notice: a period added only when they have no closing mark", () => {
    expect(detailsSentence('Only 120 of 300 photos')).toBe('Only 120 of 300 photos.');
    expect(detailsSentence(' Only 120 of 300 photos. ')).toBe('Only 120 of 300 photos.');
    expect(detailsSentence('Where are the rest?')).toBe('Where are the rest?');
    expect(detailsSentence('They said "next week."')).toBe('They said "next week."');
    expect(detailsSentence('Wrong colour (blue)')).toBe('Wrong colour (blue).');
  });

  it('offers a fixed list of reasons', () => {
    expect(disputeReasonCodes).toContain('not_delivered');
    expect(disputeReasonCodes).toContain('other');
  });

  it('lets the creator and the payer take part, and refuses anyone else (403)', () => {
    const contract = { creator_id: 'seller', acceptor_id: 'buyer', payer_user_ids: ['buyer'] };
    expect(disputeSide(contract, 'seller')).toBe('creator');
    expect(disputeSide(contract, 'buyer')).toBe('payer');
    expect(() => disputeSide(contract, 'stranger')).toThrow(expect.objectContaining({ statusCode: 403 }));
  });

  it('accepts only the latest proposal, and only from the other side (409 otherwise)', () => {
    const proposals: SplitProposal[] = [
      { id: 'p1', by: 'payer', refund_minor: 6_000, created_at: 't1' },
      { id: 'p2', by: 'creator', refund_minor: 4_000, created_at: 't2' },
    ];
    expect(acceptableProposal(proposals, 'payer', 'p2').refund_minor).toBe(4_000);
    expect(() => acceptableProposal(proposals, 'creator', 'p2')).toThrow(expect.objectContaining({ statusCode: 409 }));
    expect(() => acceptableProposal(proposals, 'creator', 'p1')).toThrow(expect.objectContaining({ statusCode: 409 }));
    expect(() => acceptableProposal([], 'payer', 'p1')).toThrow(expect.objectContaining({ statusCode: 409 }));
  });

  it('refuses a proposed refund below zero, of a fraction of a kobo, or above what is held (400)', () => {
    expect(() => checkProposedRefund(10_001, 10_000, '₦100.00')).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(() => checkProposedRefund(-1, 10_000, '₦100.00')).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(() => checkProposedRefund(0.5, 10_000, '₦100.00')).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(() => checkProposedRefund(10_000, 10_000, '₦100.00')).not.toThrow();
  });
});

describe('how often proposals may come, and be told', () => {
  const opened = '2025-10-03T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts the hours of a dispute from its opening: the first ends an hour after it', () => {
    expect(proposalHour(opened, at('2025-10-03T10:00:00.000Z'))).toEqual({ index: 0, endsAt: at('2025-10-03T11:00:00.000Z') });
    expect(proposalHour(opened, at('2025-10-03T10:59:59.999Z')).index).toBe(0);
    expect(proposalHour(opened, at('2025-10-03T11:00:00.000Z'))).toEqual({ index: 1, endsAt: at('2025-10-03T12:00:00.000Z') });
    expect(proposalHour(opened, at('2025-10-04T09:30:00.000Z')).index).toBe(23);
  });

  it('tells a person refused for the hour how many whole minutes are left of it, at least one', () => {
    expect(minutesUntil(at('2025-10-03T11:00:00.000Z'), at('2025-10-03T10:17:30.000Z'))).toBe(43);
    expect(minutesUntil(at('2025-10-03T11:00:00.000Z'), at('2025-10-03T10:59:59.000Z'))).toBe(1);
    expect(disputeMessages.proposalsThisHour(43)).toBe(
      'Your side has already made 5 proposals this hour, the most allowed. You can propose again in 43 minutes.',
    );
    expect(disputeMessages.proposalsThisHour(1)).toMatch(/propose again in 1 minute\.$/);
  });

  it(`tells a person of proposals with a new notification and email once per ${proposalNoticeMinutes} minutes, and replaces it in between`, () => {
    expect(proposalNoticeKind(undefined, at('2025-10-03T10:00:00.000Z'))).toBe('new');
    const notice = { notification_id: 'n1', first_at: '2025-10-03T10:00:00.000Z' };
    expect(proposalNoticeKind(notice, at('2025-10-03T10:00:01.000Z'))).toBe('replace');
    expect(proposalNoticeKind(notice, at('2025-10-03T10:14:59.999Z'))).toBe('replace');
    expect(proposalNoticeKind(notice, at('2025-10-03T10:15:00.000Z'))).toBe('new');
  });
});

describe('settlement figures', () => {
  it('charges the fee on what the creator receives only: refund + fee + payout = held, for any split', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), fc.double({ min: 0, max: 1, noNaN: true }), (held, share) => {
        const refund = Math.floor(held * share);
        const f = settlementFigures(held, refund);
        expect(f.refund_minor + f.fee_minor + f.payout_minor).toBe(held);
        expect(f.fee_minor).toBe(platformFee(held - refund));
      }),
    );
  });

  it('charges nothing on a full refund', () => {
    expect(settlementFigures(500_000, 500_000)).toMatchObject({ fee_minor: 0, payout_minor: 0, released_minor: 0 });
  });

  it('gives 40% back and pays 60% minus 2% of it on a 40/60 split', () => {
    expect(settlementFigures(1_000_000, 400_000)).toEqual({
      held_minor: 1_000_000,
      refund_minor: 400_000,
      released_minor: 600_000,
      fee_minor: 12_000,
      payout_minor: 588_000,
    });
  });

  it('refuses a refund outside 0..held', () => {
    expect(() => settlementFigures(100, 101)).toThrow(RangeError);
    expect(() => settlementFigures(100, -1)).toThrow(RangeError);
  });
});

describe('a settlement’s refund legs', () => {
  it('spreads a refund over the payments oldest first, never more than each holds, summing to the refund exactly', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10 ** 9 }), { minLength: 1, maxLength: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (held, share) => {
          const sources = held.map((available_minor, i) => ({ source: `tx${i}`, available_minor }));
          const total = held.reduce((a, b) => a + b, 0);
          const refund = Math.floor(total * share);
          const legs = allocateRefund(refund, sources);
          expect(legs.reduce((sum, leg) => sum + leg.amount_minor, 0)).toBe(refund);
          for (const leg of legs) {
            expect(leg.amount_minor).toBeGreaterThan(0);
            expect(leg.amount_minor).toBeLessThanOrEqual(sources.find((s) => s.source === leg.source)?.available_minor ?? 0);
          }
          // Oldest first: every leg but the last takes all its payment holds.
          for (const leg of legs.slice(0, -1))
            expect(leg.amount_minor).toBe(sources.find((s) => s.source === leg.source)?.available_minor);
        },
      ),
    );
  });

  it('makes no leg for nothing back, and refuses a refund beyond what the payments hold', () => {
    expect(allocateRefund(0, [{ source: 'tx1', available_minor: 500 }])).toEqual([]);
    expect(
      allocateRefund(700, [
        { source: 'tx1', available_minor: 500 },
        { source: 'tx2', available_minor: 500 },
      ]),
    ).toEqual([
      { source: 'tx1', amount_minor: 500 },
      { source: 'tx2', amount_minor: 200 },
    ]);
    expect(() => allocateRefund(1_001, [{ source: 'tx1', available_minor: 1_000 }])).toThrow(RangeError);
  });
});

describe('the state machine’s dispute branch', () => {
  const definition = JSON.parse(readFileSync(escrowDefinitionPath, 'utf8')) as {
    States: Record<string, { Type: string; Choices?: Array<Record<string, unknown>>; Next?: string; Default?: string }>;
  };
  const states = definition.States;
  const routesDisputes = (choice: string) =>
    states[choice]?.Choices?.find((rule) => rule.Next === 'SettlementDue') as { Or: Array<{ StringEquals: string }> } | undefined;

  it('follows a dispute from the delivery, the inspection and the release request, and only from there', () => {
    for (const choice of ['Delivered', 'Inspected', 'ReleaseRequested'])
      expect(
        routesDisputes(choice)
          ?.Or.map((r) => r.StringEquals)
          .sort(),
        choice,
      ).toEqual(['disputed', 'partially_refunded', 'refunded', 'settling'].sort());
    expect(states.AwaitSettlement?.Next).toBe('SettlementDue');
    expect(states.AwaitOpsDecision?.Next).toBe('SettlementDue');
    expect(states.SettlementDue?.Next).toBe('Settlement');
    expect(states.Settlement?.Default).toBe('AwaitRefunds');
    expect(states.PaidOut?.Choices?.[0]).toMatchObject({ Variable: '$.completion.settling', Next: 'AwaitRefunds' });
    // Through the step that moves a milestone's whole contract on (nothing for any other contract).
    expect(states.AwaitRefunds?.Next).toBe('EndSettled');
    expect(states.EndSettled?.Next).toBe('Settled');
    expect(states.Settled?.Type).toBe('Succeed');
  });
});

describe('the one-year limit of an execution', () => {
  const definition = JSON.parse(readFileSync(escrowDefinitionPath, 'utf8')) as {
    States: Record<
      string,
      {
        Type: string;
        Next?: string;
        Default?: string;
        TimeoutSeconds?: number;
        Catch?: Array<{ ErrorEquals: string[]; Next: string }>;
        Choices?: Array<Record<string, unknown>>;
        Result?: unknown;
      }
    >;
  };
  const states = definition.States;
  const longWaits = ['AwaitReleaseRequest', 'AwaitOpsDecision', 'AwaitRefunds', 'AwaitPayoutResume'];

  it('sends every wait that has no decision of its own through Rearm on its timeout, and back to itself', () => {
    for (const wait of longWaits) {
      const timedOut = states[wait]?.Catch?.find((c) => c.ErrorEquals.includes('States.Timeout'))?.Next;
      expect(timedOut, wait).toBe(`${wait}TimedOut`);
      expect(states[`${wait}TimedOut`]).toMatchObject({ Type: 'Pass', Result: { wait }, Next: 'Rearm' });
      expect(states.Rearmed?.Choices).toContainEqual({ Variable: '$.rearm.wait', StringEquals: wait, Next: wait });
    }
    expect(states.Rearm?.Next).toBe('Rearmed');
    expect(states.Rearmed?.Choices?.[0]).toEqual({
      Variable: '$.rearm.continueAsNew',
      BooleanEquals: true,
      Next: 'ContinueAsNew',
    });
    expect(states.ContinueAsNew?.Next).toBe('ContinuedAsNew');
    // Every other wait ends in a decision: no Task catches its timeout into itself.
    for (const [name, state] of Object.entries(states))
      for (const c of state.Catch ?? []) if (c.ErrorEquals.includes('States.Timeout')) expect(c.Next, name).not.toBe(name);
  });

  it('continues an execution before a year, as <id>--2, --3, ...', () => {
    expect(executionLifetimeDays).toBeLessThan(365 - 20);
    expect(nextExecutionName('01ABC', '01ABC')).toBe('01ABC--2');
    expect(nextExecutionName('01ABC', '01ABC--2')).toBe('01ABC--3');
    expect(() => nextExecutionName('01ABC', '01XYZ--2')).toThrow();
    expect(executionNames('01ABC', 3)).toEqual(['01ABC', '01ABC--2', '01ABC--3']);
    const start = '2026-01-01T00:00:00.000Z';
    expect(rearm('AwaitReleaseRequest', start, Date.parse(start) + 299 * 86_400_000)).toEqual({
      wait: 'AwaitReleaseRequest',
      continueAsNew: false,
    });
    expect(rearm('AwaitReleaseRequest', start, Date.parse(start) + 300 * 86_400_000).continueAsNew).toBe(true);
  });
});

describe('cancellation and the delivery deadline', () => {
  it('sends a funded, undelivered contract to refunding, and from there to cancelled', () => {
    for (const event of ['cancel', 'delivery_expired'] as const) {
      expect(nextStatus('in_escrow', event)).toBe('refunding');
      expect(nextStatus('fully_funded', event)).toBe('refunding');
      for (const status of ['delivered', 'payer_marked_satisfied', 'releasing', 'disputed'] as const)
        expect(transitionTarget(status, event), `${status} --${event}`).toBeUndefined();
    }
    expect(nextStatus('refunding', 'refunds_confirmed')).toBe('cancelled');
  });

  it('leaves no status that holds money without a way out', () => {
    const holding: ContractStatus[] = [
      'in_escrow',
      'fully_funded',
      'delivered',
      'payer_marked_satisfied',
      'releasing',
      'disputed',
      'settling',
      'refunding',
    ];
    for (const status of holding) expect(isFinal(status), status).toBe(false);
  });

  it('lets the creator cancel at once, the payer of a partly paid contract only after its funding window, and otherwise makes the payer’s a request', () => {
    const acceptedAt = '2026-11-01T00:00:00.000Z';
    const base = { accepted_at: acceptedAt, created_at: '2026-10-30T00:00:00.000Z', cancellation_requested_by: null };
    const windowEnds = Date.parse(fundingEndsAt(base, 1));
    expect(windowEnds - Date.parse(acceptedAt)).toBe(7 * 24 * 3600 * 1000);
    const partly = { ...base, status: 'in_escrow' as const };
    const full = { ...base, status: 'fully_funded' as const };
    expect(cancellationBy(full, 'creator', windowEnds - 1, 1)).toBe('cancel');
    expect(cancellationBy(partly, 'payer', windowEnds - 1, 1)).toBe('request');
    expect(cancellationBy(partly, 'payer', windowEnds, 1)).toBe('cancel');
    expect(cancellationBy(full, 'payer', windowEnds + 1, 1)).toBe('request');
    expect(() => cancellationBy({ ...full, cancellation_requested_by: 'p1' }, 'payer', windowEnds, 1)).toThrow(
      cancellationMessages.alreadyRequested,
    );
    for (const status of ['active', 'delivered', 'payer_marked_satisfied', 'disputed', 'refunding'] as const)
      expect(() => cancellationBy({ ...base, status }, 'creator', windowEnds, 1)).toThrow(
        cancellationMessages.notCancellable(status),
      );
    // A contract from before activation was recorded counts its window from its creation.
    expect(fundingEndsAt({ ...base, accepted_at: null }, 1)).toBe('2026-11-06T00:00:00.000Z');
  });
});

describe('the ledger with refunds', () => {
  it('puts an overpayment beyond what is due in suspense, never in escrow', () => {
    const posting = paymentCreditPosting('tx-1', 12_000, 2_000);
    expect(isBalanced(posting.lines)).toBe(true);
    expect(ledgerSummary([posting])).toMatchObject({ paid_in_minor: 12_000, held_minor: 10_000, suspense_minor: 2_000 });
  });

  it('credits a payment no contract can take wholly to suspense', () => {
    expect(paymentCreditPosting('tx-late', 5_000, 5_000).lines).toEqual([
      { account: 'provider_holding', amount_minor: 5_000 },
      { account: 'suspense', amount_minor: -5_000 },
    ]);
  });

  it('moves a refund leg through refund_pending to refunds', () => {
    const postings = [paymentCreditPosting('tx-1', 10_000), refundRequestedPosting('refund-1', 4_000, 'escrow')];
    expect(ledgerSummary(postings)).toMatchObject({ held_minor: 6_000, refund_pending_minor: 4_000, refunded_minor: 0 });
    postings.push(refundCompletedPosting('refund-1', 4_000));
    expect(ledgerSummary(postings)).toMatchObject({ held_minor: 6_000, refund_pending_minor: 0, refunded_minor: 4_000 });
  });

  it('keeps paid in = held + suspense + refund pending + refunded + paid out + fees over any settlement', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        (due, excess, share, confirmed) => {
          const postings: Posting[] = [paymentCreditPosting('tx', due + excess, excess)];
          if (excess > 0) postings.push(refundRequestedPosting('refund-excess', excess, 'suspense'));
          const f = settlementFigures(due, Math.floor(due * share));
          if (f.refund_minor > 0) postings.push(refundRequestedPosting('refund-settlement', f.refund_minor, 'escrow'));
          if (f.released_minor > 0) postings.push(payoutPosting('payout', f));
          if (confirmed) {
            if (excess > 0) postings.push(refundCompletedPosting('refund-excess', excess));
            if (f.refund_minor > 0) postings.push(refundCompletedPosting('refund-settlement', f.refund_minor));
          }
          for (const p of postings) expect(isBalanced(p.lines)).toBe(true);
          const s = ledgerSummary(postings);
          expect(s.paid_in_minor).toBe(
            s.held_minor + s.suspense_minor + s.refund_pending_minor + s.refunded_minor + s.paid_out_minor + s.fees_minor,
          );
          expect(s.held_minor).toBe(0);
          expect(s.suspense_minor).toBe(0);
          expect(s.refunded_minor + s.refund_pending_minor).toBe(excess + f.refund_minor);
          expect(s.fees_minor).toBe(platformFee(f.released_minor));
          expect(Object.values(balances(postings)).reduce((a, b) => a + b, 0)).toBe(0);
        },
      ),
    );
  });

  it('refuses a refund of nothing or of a fraction of a kobo', () => {
    expect(() => refundRequestedPosting('r', 0, 'escrow')).toThrow(RangeError);
    expect(() => refundCompletedPosting('r', 1.5)).toThrow(RangeError);
    expect(() => paymentCreditPosting('tx', 100, 101)).toThrow(RangeError);
  });
});

describe('what a payment credits', () => {
  it('credits at most what is due, and the rest is excess, for any amount and any status', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...contractStatuses),
        fc.integer({ min: 1, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 1, max: 10 ** 12 }),
        (status, total, paidBefore, amount) => {
          const { creditMinor, excessMinor } = splitCredit(amount, {
            status,
            total_amount_minor: total,
            amount_paid_minor: paidBefore,
          });
          expect(creditMinor + excessMinor).toBe(amount);
          expect(creditMinor).toBeGreaterThanOrEqual(0);
          expect(paidBefore + creditMinor <= Math.max(total, paidBefore)).toBe(true);
          if (!['active', 'in_escrow'].includes(status)) expect(creditMinor).toBe(0);
        },
      ),
    );
  });

  it('credits a part payment whole and an overpayment up to the total', () => {
    const contract = { status: 'in_escrow' as const, total_amount_minor: 10_000, amount_paid_minor: 4_000 };
    expect(splitCredit(3_000, contract)).toEqual({ creditMinor: 3_000, excessMinor: 0 });
    expect(splitCredit(9_000, contract)).toEqual({ creditMinor: 6_000, excessMinor: 3_000 });
    expect(splitCredit(5_000, { ...contract, status: 'cancelled' })).toEqual({ creditMinor: 0, excessMinor: 5_000 });
  });
});
