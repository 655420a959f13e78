// @vitest-environment happy-dom

import type { ContractView } from '@escrow/api/contracts';
import { currencyNotAvailable } from '@escrow/domain/money';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteContract, editContract, getContract, markDelivered } from '../../../web/src/features/contracts/api';
import { paymentProgressPercent } from '../../../web/src/features/contracts/progress';
import { ApiError } from '../../../web/src/lib/api';
import { MyContractDetailsPage } from '../../../web/src/pages/contracts/my-contract-details-page';
import { aContractView } from '../../support/contract-view';
import { Arrived, click, renderSignedInAt } from './providers';

vi.mock('../../../web/src/features/contracts/api', () => ({
  getContract: vi.fn(),
  editContract: vi.fn(),
  deleteContract: vi.fn(),
  markDelivered: vi.fn(),
}));

const contract: ContractView = aContractView({
  creator_id: 'u1',
  acceptor_id: 'buyer-1',
  status: 'in_escrow',
  amount_paid_minor: 400_000,
  payer_user_ids: ['buyer-1'],
  accepted_by: ['buyer-1'],
});

const people = [
  { id: 'u1', full_name: 'Ada Lovelace', username: 'ada' },
  { id: 'buyer-1', full_name: 'Bola Ige', username: 'bola' },
];

async function renderPage(value: Partial<ContractView> = {}) {
  vi.mocked(getContract).mockResolvedValue({ contract: { ...contract, ...value }, people });
  await renderSignedInAt(
    `/my-contract-details/${contract.id}`,
    <>
      <Route path="/my-contract-details/:contractId" element={<MyContractDetailsPage />} />
      <Route path="/view-contracts" element={<Arrived at="view-contracts" />} />
    </>,
  );
}

const progress = () => screen.getByRole('progressbar', { name: 'Payment progress' });

beforeEach(() => {
  vi.mocked(getContract).mockReset();
  vi.mocked(editContract).mockReset();
  vi.mocked(deleteContract).mockReset();
  vi.mocked(markDelivered).mockReset();
});

afterEach(cleanup);

describe('payment progress', () => {
  it.each([
    [0, 1000, 0],
    [400, 1000, 40],
    [1000, 1000, 100],
    [1500, 1000, 100],
    [5, 0, 0],
  ])('%i paid of %i is %i%%', (paid, total, percent) => {
    expect(paymentProgressPercent(paid, total)).toBe(percent);
  });
});

describe('my contract details page', () => {
  it('shows status, created date, the seller by name, progress, payers by name and no completion yet', async () => {
    await renderPage();
    expect(screen.getByText('In Escrow')).toBeTruthy();
    expect(screen.getByText('October 1, 2025')).toBeTruthy();
    expect(screen.getByText('Seller').nextElementSibling?.textContent).toBe('Ada Lovelace');
    expect(progress().getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('₦4,000.00 of ₦10,000.00 paid (40%)')).toBeTruthy();
    expect(screen.getByText('Payers').nextElementSibling?.textContent).toBe('Bola Ige');
    expect(screen.getByText('Accepted by').nextElementSibling?.textContent).toBe('Bola Ige');
    expect(screen.getByText('Not yet marked as completed.')).toBeTruthy();
  });

  it('caps the progress bar at 100% when more than the total was paid', async () => {
    await renderPage({ amount_paid_minor: 1_500_000 });
    expect(progress().getAttribute('aria-valuenow')).toBe('100');
    expect((progress().firstElementChild as HTMLElement).style.width).toBe('100%');
  });

  it('names who marked it completed', async () => {
    await renderPage({ status: 'payer_marked_satisfied', marked_as_cc: 'buyer-1' });
    expect(screen.getByText('Marked as completed by').nextElementSibling?.textContent).toBe('Bola Ige');
  });

  it("says 'Could not load contract details.' when the contract cannot be loaded", async () => {
    vi.mocked(getContract).mockRejectedValue(new TypeError('Failed to fetch'));
    await renderSignedInAt(
      `/my-contract-details/${contract.id}`,
      <Route path="/my-contract-details/:contractId" element={<MyContractDetailsPage />} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Could not load contract details.');
    expect(screen.queryByText('Logo design')).toBeNull();
  });

  it("shows the server's 'Access Denied' text to someone who may not open it", async () => {
    vi.mocked(getContract).mockRejectedValue(new ApiError(403, 'Access Denied: You are not the creator of this contract.', true));
    await renderSignedInAt(
      `/my-contract-details/${contract.id}`,
      <Route path="/my-contract-details/:contractId" element={<MyContractDetailsPage />} />,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Access Denied: You are not the creator of this contract.');
  });

  it('refuses the acceptor, who may read the contract but not this page', async () => {
    await renderPage({ creator_id: 'someone-else' });
    expect(screen.getByRole('alert').textContent).toBe('Access Denied: You are not the creator of this contract.');
    expect(screen.queryByText('Logo design')).toBeNull();
  });

  it('offers Modify and Delete only while pending', async () => {
    await renderPage();
    expect(screen.queryByRole('button', { name: 'Modify Contract' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Contract' })).toBeNull();
  });

  it('answers the modification request button with the spec text', async () => {
    await renderPage();
    await click('Request Modification');
    expect(screen.getByRole('status').textContent).toBe('Modification request functionality is not yet implemented.');
  });

  it('shows a pending contract’s share link and whom it was offered to by email, with Copy and WhatsApp', async () => {
    await renderPage({ status: 'pending', amount_paid_minor: 0, payer_user_ids: [], invited_email: 'bola@example.com' });
    expect(screen.getByText('Invited').nextElementSibling?.textContent).toBe('bola@example.com');
    const link = `${window.location.origin}/contracts/${contract.id}`;
    expect(screen.getByTestId('share-link').textContent).toBe(link);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    const whatsapp = new URL(screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href') ?? '');
    expect(whatsapp.origin).toBe('https://wa.me');
    expect(whatsapp.searchParams.get('text')).toContain(link);
  });

  it('edits a pending contract: Save sends the fields and shows the new values', async () => {
    await renderPage({ status: 'pending', amount_paid_minor: 0, payer_user_ids: [] });
    await click('Modify Contract');
    // The edit form's code is loaded when the seller edits.
    await screen.findByLabelText('Contract Title');
    expect((screen.getByLabelText('Value') as HTMLInputElement).value).toBe('10000.00');
    fireEvent.change(screen.getByLabelText('Contract Title'), { target: { value: 'Logo and banner' } });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '12000' } });
    vi.mocked(editContract).mockResolvedValue({
      ...contract,
      status: 'pending',
      title: 'Logo and banner',
      value_minor: 1_200_000,
    });
    await click('Save Changes');
    expect(editContract).toHaveBeenCalledWith(contract.id, {
      title: 'Logo and banner',
      description: 'One logo',
      value: '12000',
      currency: 'NGN',
    });
    expect(screen.getByText('Logo and banner')).toBeTruthy();
    expect(screen.getByText('₦12,000.00')).toBeTruthy();
  });

  it('edits a pending contract in milestones without a Value box: the value, their sum, is sent as it is', async () => {
    const milestones = [
      { number: 1, title: 'Design', amount_minor: 400_000, due_date: null, contract_id: 'M1' },
      { number: 2, title: 'Build', amount_minor: 600_000, due_date: null, contract_id: 'M2' },
    ];
    await renderPage({ status: 'pending', amount_paid_minor: 0, payer_user_ids: [], milestones });
    await click('Modify Contract');
    // The edit form's code is loaded when the seller edits.
    await screen.findByLabelText('Contract Title');
    expect(screen.queryByLabelText('Value')).toBeNull();
    expect(screen.getByText('Value: ₦10,000.00 (the sum of the milestones)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Contract Title'), { target: { value: 'Logo in two parts' } });
    vi.mocked(editContract).mockResolvedValue({ ...contract, status: 'pending', title: 'Logo in two parts', milestones });
    await click('Save Changes');
    expect(editContract).toHaveBeenCalledWith(contract.id, {
      title: 'Logo in two parts',
      description: 'One logo',
      value: '10000.00',
      currency: 'NGN',
    });
  });

  it("refuses a zero amount under the Value with 'Amount must be greater than zero.', focusing it", async () => {
    await renderPage({ status: 'pending' });
    await click('Modify Contract');
    // The edit form's code is loaded when the seller edits.
    await screen.findByLabelText('Contract Title');
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '0' } });
    await click('Save Changes');
    expect(screen.getByText('Amount must be greater than zero.')).toBeTruthy();
    expect(screen.getByLabelText('Value').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Value'));
    expect(editContract).not.toHaveBeenCalled();
  });

  it("marks blank terms under each field with 'Please ensure all fields are filled correctly.', focusing the first", async () => {
    await renderPage({ status: 'pending' });
    await click('Modify Contract');
    // The edit form's code is loaded when the seller edits.
    await screen.findByLabelText('Contract Title');
    for (const label of ['Contract Title', 'Description', 'Value'])
      fireEvent.change(screen.getByLabelText(label), { target: { value: ' ' } });
    await click('Save Changes');
    expect(screen.getAllByText('Please ensure all fields are filled correctly.')).toHaveLength(3);
    for (const label of ['Contract Title', 'Description', 'Value'])
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Contract Title'));
    expect(editContract).not.toHaveBeenCalled();
  });

  it('names a currency escrow cannot carry yet and stays in edit mode', async () => {
    await renderPage({ status: 'pending', currency: 'CAD' });
    await click('Modify Contract');
    // The edit form's code is loaded when the seller edits.
    await screen.findByLabelText('Contract Title');
    await click('Save Changes');
    expect(screen.getByRole('alert').textContent).toBe(currencyNotAvailable('CAD'));
    expect(screen.getByLabelText('Contract Title')).toBeTruthy();
    expect(editContract).not.toHaveBeenCalled();
  });

  it('deletes a pending contract after confirmation and returns to the list', async () => {
    vi.mocked(deleteContract).mockResolvedValue({ message: 'Contract deleted.' });
    await renderPage({ status: 'pending' });
    await click('Delete Contract');
    expect(deleteContract).not.toHaveBeenCalled();
    await click('Delete');
    expect(deleteContract).toHaveBeenCalledWith(contract.id);
    expect(screen.getByText('Arrived at view-contracts')).toBeTruthy();
  });
});

describe('marking it delivered', () => {
  const noteBox = () => screen.getByLabelText('What was delivered (what was sent, tracking or a link)');

  it('is offered on a fully funded contract only', async () => {
    await renderPage({ status: 'in_escrow' });
    expect(screen.queryByRole('button', { name: 'Mark as Delivered' })).toBeNull();
    cleanup();
    await renderPage({ status: 'fully_funded', amount_paid_minor: 1_000_000 });
    expect(screen.getByRole('button', { name: 'Mark as Delivered' })).toBeTruthy();
  });

  it('marks a missing note under its box and focuses it, sending nothing', async () => {
    await renderPage({ status: 'fully_funded', amount_paid_minor: 1_000_000 });
    await click('Mark as Delivered');
    expect(screen.getByText('Please say what was delivered (what was sent, tracking or a link).')).toBeTruthy();
    expect(noteBox().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(noteBox());
    expect(markDelivered).not.toHaveBeenCalled();
  });

  it('sends the note, then shows it with the end of the inspection window', async () => {
    await renderPage({ status: 'fully_funded', amount_paid_minor: 1_000_000 });
    vi.mocked(markDelivered).mockResolvedValue({
      ...contract,
      status: 'delivered',
      amount_paid_minor: 1_000_000,
      delivered_at: '2025-10-02T10:00:00.000Z',
      delivery_note: 'Logo files sent by email',
      inspection_ends_at: '2025-10-05T10:00:00.000Z',
    });
    fireEvent.change(noteBox(), { target: { value: '  Logo files sent by email ' } });
    await click('Mark as Delivered');
    // As typed: the server trims it with the same schema. No file attached.
    expect(markDelivered).toHaveBeenCalledWith(contract.id, '  Logo files sent by email ', []);
    expect(screen.getByText(/Logo files sent by email/)).toBeTruthy();
    expect(screen.getByText('Inspection ends')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as Delivered' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      'Contract marked as delivered. The buyer has been told, and their inspection window has started.',
    );
  });

  it("shows the server's refusal", async () => {
    await renderPage({ status: 'fully_funded', amount_paid_minor: 1_000_000 });
    vi.mocked(markDelivered).mockRejectedValue(
      new ApiError(409, 'This contract was just changed. Please reload it and try again.', true),
    );
    fireEvent.change(noteBox(), { target: { value: 'Sent' } });
    await click('Mark as Delivered');
    expect(screen.getByRole('alert').textContent).toBe('This contract was just changed. Please reload it and try again.');
  });
});
