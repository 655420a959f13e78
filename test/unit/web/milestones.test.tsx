// @vitest-environment happy-dom

import type { MilestoneView } from '@escrow/api/contracts';
import type { ProfileResponse } from '@escrow/api/identity';
import { milestoneMessages } from '@escrow/domain/milestones';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createContract } from '../../../web/src/features/contracts/api';
import { MilestoneList, MilestoneOf, milestoneStateText, refundableOf } from '../../../web/src/features/contracts/milestones';
import { getProfile } from '../../../web/src/features/profile/api';
import { CreateContractPage } from '../../../web/src/pages/contracts/create-contract-page';
import { Arrived, click, renderWithProviders, signedIn } from './providers';

vi.mock('../../../web/src/features/contracts/api', () => ({ createContract: vi.fn() }));
vi.mock('../../../web/src/features/profile/api', () => ({ getProfile: vi.fn() }));

const account = {
  id: 'u1',
  email: 'ada@example.com',
  created_at: '2025-10-01T10:00:00.000Z',
  profile: { full_name: 'Ada Lovelace', username: 'ada', email_updates: true },
} as unknown as ProfileResponse;

function renderCreatePage() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/create-contract']}>
      <Routes>
        <Route path="/create-contract" element={<CreateContractPage />} />
        <Route path="/my-created-contract/:contractId" element={<Arrived at="my-created-contract" />} />
      </Routes>
    </MemoryRouter>,
    { auth: signedIn },
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillTerms() {
  type("Buyer's email or User ID", 'buyer-1');
  type('Contract Title', 'Shop website');
  type('Description', 'In stages');
}

beforeEach(() => {
  vi.mocked(createContract).mockReset().mockResolvedValue({ id: 'C1' });
  vi.mocked(getProfile).mockReset().mockResolvedValue(account);
});
afterEach(cleanup);

describe('creating a contract in milestones', () => {
  it('replaces the value with rows whose sum it shows, and sends the milestones without a value', async () => {
    renderCreatePage();
    fillTerms();
    fireEvent.click(screen.getByLabelText(/Split into milestones/));
    expect(screen.queryByLabelText('Value')).toBeNull();
    type('Milestone 1 title', 'Design');
    type('Milestone 1 amount', '10,000');
    type('Milestone 2 title', 'Build');
    type('Milestone 2 amount', '25000.50');
    type('Milestone 2 due date (optional)', '2099-01-31');
    expect(screen.getByTestId('milestones-value').textContent).toBe('Value: ₦35,000.50 (the sum of the milestones)');
    await click('Create Contract');
    await click('I Agree & Create Contract');
    expect(createContract).toHaveBeenCalledTimes(1);
    const sent = vi.mocked(createContract).mock.calls[0]?.[0];
    expect(sent?.value).toBeUndefined();
    expect(sent?.milestones).toEqual([
      { title: 'Design', amount: '10,000' },
      { title: 'Build', amount: '25000.50', dueDate: '2099-01-31' },
    ]);
  });

  it('adds rows up to ten and removes them down to two; refuses a row without a title or amount with the server’s words', async () => {
    renderCreatePage();
    fillTerms();
    fireEvent.click(screen.getByLabelText(/Split into milestones/));
    expect(screen.queryByRole('button', { name: /Remove milestone/ })).toBeNull();
    for (let i = 0; i < 8; i++) await click('Add a milestone');
    expect(screen.getByLabelText('Milestone 10 title')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a milestone' })).toBeNull();
    await click('Remove milestone 10');
    expect(screen.queryByLabelText('Milestone 10 title')).toBeNull();
    await click('Create Contract');
    expect(screen.getAllByText(milestoneMessages.title).length).toBeGreaterThan(0);
    expect(screen.getAllByText(milestoneMessages.amount).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(createContract).not.toHaveBeenCalled();
  });

  it('unsplit again, asks for the value as before and sends no milestones', async () => {
    renderCreatePage();
    fillTerms();
    const toggle = screen.getByLabelText(/Split into milestones/);
    fireEvent.click(toggle);
    fireEvent.click(toggle);
    expect(screen.queryByLabelText('Milestone 1 title')).toBeNull();
    type('Value', '1500');
    await click('Create Contract');
    await click('I Agree & Create Contract');
    const sent = vi.mocked(createContract).mock.calls[0]?.[0];
    expect(sent).toMatchObject({ value: '1500' });
    expect(sent?.milestones).toBeUndefined();
  });
});

const view = (number: number, status: MilestoneView['status']): MilestoneView => ({
  number,
  title: `Stage ${number}`,
  amount_minor: 1_000_000,
  fee_minor: 20_000,
  payout_minor: 980_000,
  due_date: number === 1 ? '2027-01-31' : null,
  contract_id: `M${number}`,
  status,
  delivered_at: null,
});

describe('the milestones of a contract', () => {
  it('lists each with its amount, the seller’s payout, its due date, where it stands for that side, and a link once started', () => {
    render(
      <MemoryRouter>
        <MilestoneList
          milestones={[view(1, 'completed'), view(2, 'delivered'), view(3, 'not_started')]}
          currency="NGN"
          side="creator"
        />
      </MemoryRouter>,
    );
    const first = within(screen.getByTestId('milestone-1'));
    expect(first.getByText('You receive ₦9,800.00 after the ₦200.00 fee')).toBeTruthy();
    expect(first.getByText('Due January 31, 2027')).toBeTruthy();
    expect(first.getByText('Paid to the seller')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Open milestone 1' }).getAttribute('href')).toBe('/contracts/M1');
    expect(screen.getByTestId('milestone-2-state').textContent).toBe('Delivered: the buyer is inspecting it');
    expect(within(screen.getByTestId('milestone-3')).queryByRole('link')).toBeNull();
  });

  it('offers to cancel only what no milestone released: the milestone under way and those not started', () => {
    expect(refundableOf([view(1, 'completed'), view(2, 'fully_funded'), view(3, 'not_started')])).toBe(2_000_000);
    expect(refundableOf([view(1, 'partially_refunded'), view(2, 'completed')])).toBe(0);
  });

  it('tells each side whose turn it is', () => {
    expect(milestoneStateText('fully_funded', 'creator')).toBe('Your turn: deliver it');
    expect(milestoneStateText('fully_funded', 'payer')).toBe('Waiting for the seller to deliver');
    expect(milestoneStateText('delivered', 'payer')).toBe('Your turn: inspect it and accept it, or report a problem');
    expect(milestoneStateText('payer_marked_satisfied', 'creator')).toBe('Accepted: your turn to release the funds');
    expect(milestoneStateText('partially_refunded', 'payer')).toBe('Settled: part refunded, part paid');
  });

  it('says on a milestone’s page which contract it is part of, linking to it', () => {
    render(
      <MemoryRouter>
        <MilestoneOf of={{ contract_id: 'WHOLE', number: 2, count: 3, title: 'Shop website' }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('milestone-of').textContent).toBe('Milestone 2 of 3 of “Shop website”');
    expect(screen.getByRole('link', { name: '“Shop website”' }).getAttribute('href')).toBe('/contracts/WHOLE');
  });
});
