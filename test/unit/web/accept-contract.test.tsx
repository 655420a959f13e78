// @vitest-environment happy-dom

import type { ContractForAcceptor, ContractView } from '@escrow/api/contracts';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptContract, getContract, getContractForAcceptor, rejectContract } from '../../../web/src/features/contracts/api';
import { ApiError } from '../../../web/src/lib/api';
import { dispatchRealtimeEvent } from '../../../web/src/lib/realtime';
import { AcceptContractManualPage } from '../../../web/src/pages/contracts/accept-contract-manual-page';
import { ContractPage } from '../../../web/src/pages/contracts/contract-page';
import { click, renderSignedInAt, renderWithProviders } from './providers';

vi.mock('../../../web/src/features/contracts/api', () => ({
  getContractForAcceptor: vi.fn(),
  getContract: vi.fn(),
  acceptContract: vi.fn(),
  rejectContract: vi.fn(),
}));

const contractId = '01JCONTRACT000000000000000';
const found: ContractForAcceptor = {
  id: contractId,
  title: 'Logo design',
  description: 'One logo',
  value_minor: 1_000_050,
  currency: 'NGN',
  status: 'pending',
  payer_user_ids: [],
  inspection_days: 4,
};

/** The terms the page showed, as the acceptance sends them. */
const foundTerms = {
  title: 'Logo design',
  description: 'One logo',
  value_minor: 1_000_050,
  currency: 'NGN',
  inspection_days: 4,
  milestones: null,
};

function EscrowPayment() {
  return <p>Escrow payment page</p>;
}

const renderAt = (entry: string) =>
  renderSignedInAt(
    entry,
    <>
      <Route path="/accept-contract-manual/:contractId?" element={<AcceptContractManualPage />} />
      <Route path="/contracts/:contractId" element={<ContractPage />} />
      <Route path="/escrow-payment/:contractId" element={<EscrowPayment />} />
      <Route path="/my-contract-details/:contractId" element={<p>Seller's own page</p>} />
    </>,
  );

async function search(id: string) {
  fireEvent.change(screen.getByLabelText('Contract ID'), { target: { value: id } });
  await click('Search');
}

beforeEach(() => {
  vi.mocked(getContractForAcceptor).mockReset().mockResolvedValue(found);
  vi.mocked(acceptContract)
    .mockReset()
    .mockResolvedValue({ contract: { id: contractId } as ContractView });
  vi.mocked(rejectContract).mockReset();
  vi.mocked(getContract)
    .mockReset()
    .mockRejectedValue(new ApiError(403, 'Access Denied: You are not the creator of this contract.', true));
});

afterEach(cleanup);

describe('accepting a contract by its ID', () => {
  it("marks an empty ID under its box with 'Please enter a Contract ID.' and focuses it, asking nothing", async () => {
    await renderAt('/accept-contract-manual');
    await search('');
    const box = screen.getByLabelText('Contract ID');
    expect(screen.getByText('Please enter a Contract ID.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    expect(getContractForAcceptor).not.toHaveBeenCalled();
  });

  it('finds the contract, accepts only after the policy is confirmed, then opens /escrow-payment/{id}', async () => {
    await renderAt('/accept-contract-manual');
    await search(` ${contractId} `);
    // As typed: the server reads the id with the same schema (trimmed).
    expect(getContractForAcceptor).toHaveBeenCalledWith(` ${contractId} `);
    expect(screen.getByText('₦10,000.50')).toBeTruthy();

    await click('Accept Contract');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(acceptContract).not.toHaveBeenCalled();
    await click('I Agree & Accept');
    expect(acceptContract).toHaveBeenCalledWith(contractId, foundTerms);
    expect(screen.getByText('Escrow payment page')).toBeTruthy();
  });

  it('looks the contract up straight away when its id is in the route', async () => {
    await renderAt(`/accept-contract-manual/${contractId}`);
    expect(getContractForAcceptor).toHaveBeenCalledWith(contractId);
    expect((screen.getByLabelText('Contract ID') as HTMLInputElement).value).toBe(contractId);
    expect(screen.getByText('Logo design')).toBeTruthy();
  });

  it("shows the server's refusal and stays on the page", async () => {
    vi.mocked(acceptContract).mockRejectedValue(new ApiError(403, 'You are not allowed to accept your own contract.', true));
    await renderAt(`/accept-contract-manual/${contractId}`);
    await click('Accept Contract');
    await click('I Agree & Accept');
    expect(screen.getByRole('alert').textContent).toBe('You are not allowed to accept your own contract.');
    expect(screen.queryByText('Escrow payment page')).toBeNull();
  });

  it('refuses a contract that is no longer pending, naming its status', async () => {
    vi.mocked(getContractForAcceptor).mockResolvedValue({ ...found, status: 'in_escrow' });
    await renderAt(`/accept-contract-manual/${contractId}`);
    await click('Accept Contract');
    expect(screen.getByRole('alert').textContent).toBe('This contract is currently "in_escrow" and cannot be accepted.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses someone who already paid', async () => {
    vi.mocked(getContractForAcceptor).mockResolvedValue({ ...found, payer_user_ids: ['u1'] });
    await renderAt(`/accept-contract-manual/${contractId}`);
    await click('Accept Contract');
    expect(screen.getByRole('alert').textContent).toBe('You have already paid for this contract.');
  });

  it("shows the server's text for an unknown contract", async () => {
    vi.mocked(getContractForAcceptor).mockRejectedValue(new ApiError(404, 'Contract not found.', true));
    await renderAt('/accept-contract-manual');
    await search('01JNOSUCHCONTRACT000000000');
    expect(screen.getByRole('alert').textContent).toBe('Contract not found.');
  });
});

describe('the inspection window, before accepting', () => {
  const explained =
    'After the seller delivers, you have this long to check it and mark the contract completed, or open a dispute. If you do neither, the delivery counts as accepted.';

  it.each([`/contracts/${contractId}`, `/accept-contract-manual/${contractId}`])(
    'shows it in the offer at %s, saying what happens when it ends',
    async (entry) => {
      await renderAt(entry);
      expect(screen.getByText('Inspection window').nextElementSibling?.textContent).toBe(
        `4 days to check the delivery${explained}`,
      );
    },
  );

  it('says it again in the acceptance policy the buyer agrees to', async () => {
    await renderAt(`/contracts/${contractId}`);
    await click('Accept');
    expect(screen.getByRole('dialog').textContent).toContain(
      'After the seller delivers, you have 4 days to check the delivery and mark it completed or open a dispute. If you do neither, the delivery counts as accepted.',
    );
  });

  it('says "1 day" for a one-day window', async () => {
    vi.mocked(getContractForAcceptor).mockResolvedValue({ ...found, inspection_days: 1 });
    await renderAt(`/contracts/${contractId}`);
    expect(screen.getByText('1 day to check the delivery')).toBeTruthy();
  });
});

describe('contract view /contracts/{id}', () => {
  it('shows who the seller is and what the buyer pays before accepting, the fee being the seller’s', async () => {
    vi.mocked(getContractForAcceptor).mockResolvedValue({ ...found, seller_name: 'Ada Obi' });
    await renderAt(`/contracts/${contractId}`);
    expect(screen.getByText('Seller').nextElementSibling?.textContent).toBe('Ada Obi');
    expect(screen.getByText('You pay').nextElementSibling?.textContent).toMatch(
      /^₦10,000.50No fee for you: the 2% fee comes out of the seller's payout/,
    );
  });

  it('sends its seller, opening the share link, to their own page of the contract', async () => {
    vi.mocked(getContractForAcceptor).mockResolvedValue({ ...found, is_seller: true });
    await renderAt(`/contracts/${contractId}`);
    expect(screen.getByText("Seller's own page")).toBeTruthy();
    expect(getContract).not.toHaveBeenCalled();
  });

  it('shows title, description and status; Accept accepts after the policy and opens /escrow-payment/{id}', async () => {
    await renderAt(`/contracts/${contractId}`);
    expect(screen.getByText('Logo design')).toBeTruthy();
    expect(screen.getByText('One logo')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    await click('Accept');
    await click('I Agree & Accept');
    expect(acceptContract).toHaveBeenCalledWith(contractId, foundTerms);
    expect(screen.getByText('Escrow payment page')).toBeTruthy();
  });

  it('shows the terms the seller changed while the page was open (their realtime event), and accepts those', async () => {
    await renderAt(`/contracts/${contractId}`);
    expect(screen.getAllByText('₦10,000.50').length).toBeGreaterThan(0);
    vi.mocked(getContractForAcceptor).mockResolvedValue({ ...found, value_minor: 1_200_000 });
    await act(async () => dispatchRealtimeEvent({ type: 'contract', contract_id: contractId, status: 'pending', version: 2 }));
    expect((await screen.findAllByText('₦12,000.00')).length).toBeGreaterThan(0);
    expect(screen.queryAllByText('₦10,000.50')).toEqual([]);
    await click('Accept');
    await click('I Agree & Accept');
    expect(acceptContract).toHaveBeenCalledWith(contractId, { ...foundTerms, value_minor: 1_200_000 });
  });

  it('says the terms changed when the acceptance is refused for it (409), and shows them as they are now', async () => {
    const changed = 'The seller changed this contract after you opened it. Please review the new terms before accepting.';
    vi.mocked(acceptContract).mockRejectedValue(new ApiError(409, changed, true));
    await renderAt(`/contracts/${contractId}`);
    vi.mocked(getContractForAcceptor).mockResolvedValue({ ...found, value_minor: 1_200_000 });
    await click('Accept');
    await click('I Agree & Accept');
    expect(acceptContract).toHaveBeenCalledWith(contractId, foundTerms);
    expect(screen.getByText(changed)).toBeTruthy();
    expect((await screen.findAllByText('₦12,000.00')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Escrow payment page')).toBeNull();
  });

  it('asks for the acceptance policy before accepting from /contracts/{id}', async () => {
    await renderAt(`/contracts/${contractId}`);
    await click('Accept');
    const dialog = screen.getByRole('dialog', { name: 'Acceptance Policy' });
    expect(dialog.textContent).toContain(
      'By accepting this contract you agree to pay ₦10,000.50 into escrow. The money is held securely and released to the creator only after you mark the contract as completed.',
    );
    expect(acceptContract).not.toHaveBeenCalled();

    await click('Cancel');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(acceptContract).not.toHaveBeenCalled();
    expect(screen.queryByText('Escrow payment page')).toBeNull();

    await click('Accept');
    await click('I Agree & Accept');
    expect(acceptContract).toHaveBeenCalledWith(contractId, foundTerms);
    expect(screen.getByText('Escrow payment page')).toBeTruthy();
  });

  it('refuses someone who already paid from /contracts/{id}, without the dialog', async () => {
    vi.mocked(getContractForAcceptor).mockResolvedValue({ ...found, payer_user_ids: ['u1'] });
    await renderAt(`/contracts/${contractId}`);
    await click('Accept');
    expect(screen.getByRole('alert').textContent).toBe('You have already paid for this contract.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(acceptContract).not.toHaveBeenCalled();
  });

  it("tells a signed-out person 'You must be logged in to view contract details.' without asking the server", async () => {
    renderWithProviders(
      <MemoryRouter initialEntries={[`/contracts/${contractId}`]}>
        <Routes>
          <Route path="/contracts/:contractId" element={<ContractPage />} />
        </Routes>
      </MemoryRouter>,
      { auth: { status: 'signedOut' } },
    );
    await act(async () => {});
    expect(screen.getByRole('alert').textContent).toBe('You must be logged in to view contract details.');
    expect(getContractForAcceptor).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it("says 'Contract not found or an error occurred.' when the contract cannot be read", async () => {
    vi.mocked(getContractForAcceptor).mockRejectedValue(new TypeError('Failed to fetch'));
    await renderAt(`/contracts/${contractId}`);
    expect(screen.getByRole('alert').textContent).toBe('Contract not found or an error occurred.');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('Reject rejects and removes the buttons', async () => {
    vi.mocked(rejectContract).mockResolvedValue({ contract: { id: contractId, status: 'pending' } as ContractView });
    await renderAt(`/contracts/${contractId}`);
    await click('Reject');
    expect(rejectContract).toHaveBeenCalledWith(contractId);
    expect(screen.getByRole('status').textContent).toBe('You have rejected this contract.');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});
