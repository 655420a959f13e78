import { describe, expect, it } from 'vitest';
import type { Contract } from '../../lambdas/core/domain/escrow-contract';
import { isFinal } from '../../lambdas/core/domain/escrow-contract';
import {
  type ContractMilestone,
  heldOutsideMilestones,
  type MilestoneState,
  milestoneContract,
  milestonesValue,
  nextMilestoneStep,
  numberMilestones,
} from '../../lambdas/core/domain/milestones';
import { payoutFigures } from '../../lambdas/core/domain/payout';
import { instanceMilestones } from '../../lambdas/core/domain/template';

const terms = [
  { title: 'Design', amount_minor: 1_000_000, due_date: '2027-01-10' },
  { title: 'Build', amount_minor: 2_000_001, due_date: null },
  { title: 'Launch', amount_minor: 3_000_000, due_date: null },
];
let n = 0;
const milestones: ContractMilestone[] = numberMilestones(terms, () => `M${++n}`);
const states = (...s: MilestoneState[]) => new Map(s.map((state, i) => [i + 1, state]));

describe('milestones', () => {
  it('numbers them in order, each with its own id, and makes the value their sum', () => {
    expect(milestones.map((m) => [m.number, m.title, m.contract_id])).toEqual([
      [1, 'Design', 'M1'],
      [2, 'Build', 'M2'],
      [3, 'Launch', 'M3'],
    ]);
    expect(milestonesValue(milestones)).toBe(6_000_001);
  });

  it('pays each milestone its amount minus 2% of it, fee and payout adding up to it', () => {
    for (const m of milestones) {
      const figures = payoutFigures(m.amount_minor);
      expect(figures.fee_minor + figures.payout_minor).toBe(m.amount_minor);
    }
    expect(payoutFigures(1_000_000)).toMatchObject({ fee_minor: 20_000, payout_minor: 980_000 });
  });

  it('starts the first milestone not started once every one before it ended, waits while one runs, ends when all ended', () => {
    expect(nextMilestoneStep(milestones, states(), isFinal)).toMatchObject({ kind: 'start', milestone: { number: 1 } });
    expect(nextMilestoneStep(milestones, states('delivered'), isFinal)).toMatchObject({ kind: 'wait', milestone: { number: 1 } });
    expect(nextMilestoneStep(milestones, states('completed'), isFinal)).toMatchObject({
      kind: 'start',
      milestone: { number: 2 },
    });
    // A disputed milestone holds up only the ones after it: nothing runs beside it.
    expect(nextMilestoneStep(milestones, states('completed', 'disputed'), isFinal)).toMatchObject({
      kind: 'wait',
      milestone: { number: 2 },
    });
    expect(nextMilestoneStep(milestones, states('completed', 'partially_refunded', 'completed'), isFinal)).toEqual({
      kind: 'ended',
    });
    expect(nextMilestoneStep(milestones, states('completed', 'cancelled', 'refunded'), isFinal)).toEqual({ kind: 'ended' });
  });

  it('holds outside its milestones what was paid less every milestone that started (each settles its own money)', () => {
    expect(heldOutsideMilestones(6_000_001, milestones, states())).toBe(6_000_001);
    expect(heldOutsideMilestones(6_000_001, milestones, states('completed'))).toBe(5_000_001);
    expect(heldOutsideMilestones(6_000_001, milestones, states('completed', 'fully_funded'))).toBe(3_000_000);
    expect(heldOutsideMilestones(6_000_001, milestones, states('completed', 'cancelled', 'completed'))).toBe(0);
  });

  it('makes a milestone contract funded with its amount, the same parties and window, its own deadline', () => {
    const parent = {
      id: 'WHOLE',
      creator_id: 'seller',
      acceptor_id: 'buyer',
      payer_user_ids: ['buyer'],
      accepted_by: ['buyer'],
      title: 'Shop',
      description: 'A shop',
      currency: 'NGN',
      inspection_days: 5,
      milestones,
    } as unknown as Contract;
    const child = milestoneContract(parent, milestones[1] as ContractMilestone, '2027-01-01T00:00:00.000Z', 1);
    expect(child).toMatchObject({
      id: 'M2',
      status: 'fully_funded',
      value_minor: 2_000_001,
      amount_paid_minor: 2_000_001,
      total_amount_minor: 2_000_001,
      inspection_days: 5,
      payer_user_ids: ['buyer'],
      title: 'Shop: Build',
      milestones: null,
      milestone_of: { contract_id: 'WHOLE', number: 2, count: 3, title: 'Shop' },
      delivery_due_at: '2027-01-31T00:00:00.000Z',
    });
  });

  it('multiplies a template’s milestones by the quantity, so they still sum to the instance’s value', () => {
    const scaled = instanceMilestones(terms, 3);
    expect(scaled.map((m) => m.amount_minor)).toEqual([3_000_000, 6_000_003, 9_000_000]);
    expect(milestonesValue(scaled)).toBe(milestonesValue(terms) * 3);
  });
});
