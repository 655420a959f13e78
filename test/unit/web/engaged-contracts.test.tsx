// @vitest-environment happy-dom

import type { ContractView } from '@escrow/api/contracts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mayMarkCompleted } from '../../../web/src/features/contracts/completion';
import { EngagedContractsPage } from '../../../web/src/pages/contracts/engaged-contracts-page';
import { aContractView } from '../../support/contract-view';
import { fakeApi, reply } from './fake-api';
import { renderSignedInAt } from './providers';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

// The signed-in user (providers' `signedIn`) is u1, the payer here.
const contract: ContractView = aContractView({
  id: 'c-funded',
  status: 'fully_funded',
  amount_paid_minor: 1_000_000,
  payer_user_ids: ['u1'],
  accepted_by: ['u1'],
});

const api = fakeApi();

const renderEngaged = () =>
  renderSignedInAt('/engaged-contracts', <Route path="/engaged-contracts" element={<EngagedContractsPage />} />);

const card = (title: string) => within(screen.getByText(title).closest('li') as HTMLElement);

/** The payer's button, whichever way it is offered: after delivery, or before it (accepting early). */
const markButton = /^Mark as Completed( before delivery)?$/;

async function markCompleted(title: string) {
  await act(async () => {
    fireEvent.click(card(title).getByRole('button', { name: markButton }));
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Mark as Completed' }));
  });
}

beforeEach(() => {
  api.install();
  api.on('GET', '/engaged-contracts', reply({ contracts: [contract] }));
  api.on(
    'GET',
    '/contracts/c-funded',
    reply({
      contract,
      people: [
        { id: 'seller-1', full_name: 'Ada Obi', username: null },
        { id: 'u1', full_name: 'Buyer', username: null },
      ],
    }),
  );
  api.calls.length = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('who may mark a contract completed', () => {
  it.each([
    ['in_escrow', null, true],
    ['fully_funded', null, true],
    ['active', null, false],
    ['pending', null, false],
    ['payer_marked_satisfied', 'u1', false],
    ['fully_funded', 'u1', false],
  ] as const)('a payer, while %s and marked by %s: %s', (status, markedBy, allowed) => {
    expect(mayMarkCompleted({ ...contract, status, marked_as_cc: markedBy }, 'u1')).toBe(allowed);
  });

  it('only a payer', () => {
    expect(mayMarkCompleted({ ...contract, payer_user_ids: ['someone-else'] }, 'u1')).toBe(false);
  });
});

describe('engaged contracts: mark as completed', () => {
  it('offers Mark as Completed only on funded contracts the caller has not marked', async () => {
    api.on(
      'GET',
      '/engaged-contracts',
      reply({
        contracts: [
          { ...contract, id: 'a', title: 'Part paid', status: 'in_escrow' },
          { ...contract, id: 'b', title: 'Paid', status: 'fully_funded' },
          { ...contract, id: 'c', title: 'Accepted', status: 'active', payer_user_ids: [] },
          { ...contract, id: 'd', title: 'Marked', status: 'payer_marked_satisfied', marked_as_cc: 'u1' },
        ],
      }),
    );
    await renderEngaged();
    expect(card('Part paid').getByRole('button', { name: markButton })).toBeTruthy();
    expect(card('Paid').getByRole('button', { name: markButton })).toBeTruthy();
    expect(card('Accepted').queryByRole('button', { name: markButton })).toBeNull();
    expect(card('Marked').queryByRole('button', { name: markButton })).toBeNull();
  });

  it('offers it before delivery only as accepting early: a secondary button named so, saying to wait for the delivery', async () => {
    await renderEngaged();
    expect(card('Logo design').queryByRole('button', { name: 'Mark as Completed' })).toBeNull();
    const early = card('Logo design').getByRole('button', { name: 'Mark as Completed before delivery' });
    expect(early.className).toContain('border-gray-300'); // the secondary look, not the primary green
    expect(card('Logo design').getByTestId('accept-early').textContent).toContain(
      'The seller has not marked it delivered yet. The usual way is to wait for the delivery, check it, then mark the contract completed.',
    );
    await act(async () => {
      fireEvent.click(early);
    });
    const dialog = screen.getByRole('dialog', { name: 'Mark as Completed before delivery?' });
    expect(dialog.textContent).toContain('The usual way is to wait for the delivery');
  });

  it('asks first, naming the amount and the seller, and marks nothing when the buyer says not yet', async () => {
    await renderEngaged();
    await act(async () => {
      fireEvent.click(card('Logo design').getByRole('button', { name: markButton }));
    });
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Ada Obi');
    expect(dialog.textContent).toContain('₦10,000.00');
    expect(dialog.textContent).toContain('"Logo design"');
    // The safe answer is the focused one: Enter marks nothing.
    expect(document.activeElement?.textContent).toBe('Not Yet');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Not Yet' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST', '/mark-contract-completed')).toEqual([]);
  });

  it('shows what was delivered and when the inspection ends', async () => {
    api.on(
      'GET',
      '/engaged-contracts',
      reply({
        contracts: [
          {
            ...contract,
            status: 'delivered',
            delivered_at: '2025-10-02T10:00:00.000Z',
            delivery_note: 'Files sent by email',
            inspection_ends_at: '2025-10-05T10:00:00.000Z',
          },
        ],
      }),
    );
    await renderEngaged();
    expect(card('Logo design').getByText(/Delivered: Files sent by email/).textContent).toContain('inspection ends');
    // Once delivered, marking it completed is the expected next step: the primary button, no "early" note.
    expect(card('Logo design').getByRole('button', { name: 'Mark as Completed' }).className).toContain('bg-emerald-700');
    expect(card('Logo design').queryByTestId('accept-early')).toBeNull();
    await act(async () => {
      fireEvent.click(card('Logo design').getByRole('button', { name: 'Mark as Completed' }));
    });
    expect(screen.getByRole('dialog', { name: 'Mark as Completed?' }).textContent).not.toContain('usual way');
  });

  it("marks it completed and shows the row's new status", async () => {
    api.on(
      'POST',
      '/mark-contract-completed',
      reply({ contract: { ...contract, status: 'payer_marked_satisfied', marked_as_cc: 'u1' } }),
    );
    await renderEngaged();
    expect(card('Logo design').getByText('Fully Funded')).toBeTruthy();
    await markCompleted('Logo design');
    expect(api.callsTo('POST', '/mark-contract-completed').map((call) => call.body)).toEqual([{ contractId: 'c-funded' }]);
    expect(card('Logo design').getByText('Buyer accepted the delivery')).toBeTruthy();
    expect(card('Logo design').queryByRole('button', { name: markButton })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Contract marked as completed. The creator can now release the funds.');
  });

  it("shows the server's refusal and keeps the row as it was", async () => {
    api.on(
      'POST',
      '/mark-contract-completed',
      reply({ error: 'This contract is currently "payer_marked_satisfied" and cannot be marked completed.' }, 409),
    );
    await renderEngaged();
    await markCompleted('Logo design');
    expect(screen.getByRole('alert').textContent).toBe(
      'This contract is currently "payer_marked_satisfied" and cannot be marked completed.',
    );
    expect(card('Logo design').getByText('Fully Funded')).toBeTruthy();
  });
});
