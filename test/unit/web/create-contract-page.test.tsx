// @vitest-environment happy-dom

import type { ProfileResponse } from '@escrow/api/identity';
import { deliveryMessages } from '@escrow/domain/delivery';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createContract } from '../../../web/src/features/contracts/api';
import { getProfile } from '../../../web/src/features/profile/api';
import { ApiError } from '../../../web/src/lib/api';
import { CreateContractPage } from '../../../web/src/pages/contracts/create-contract-page';
import { Arrived, click, renderWithProviders, signedIn } from './providers';

vi.mock('../../../web/src/features/contracts/api', () => ({ createContract: vi.fn() }));
vi.mock('../../../web/src/features/profile/api', () => ({ getProfile: vi.fn() }));

const account: ProfileResponse = {
  id: 'u1',
  email: 'ada@example.com',
  created_at: '2025-10-01T10:00:00.000Z',
  profile: {
    full_name: 'Ada Lovelace',
    username: 'ada',
    phone_number: null,
    security_ques: null,
    has_security_answer: false,
    has_payment_pin: false,
    email_updates: true,
    account_number: null,
    bank_code: null,
    account_name: null,
  },
};

function renderPage() {
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

function fill(values: {
  acceptorId?: string;
  title?: string;
  description?: string;
  value?: string;
  currency?: string;
  inspectionDays?: string;
}) {
  const { acceptorId = 'buyer-1', title = 'Logo design', description = 'One logo', value = '1500.50', currency } = values;
  fireEvent.change(screen.getByLabelText("Buyer's email or User ID"), { target: { value: acceptorId } });
  fireEvent.change(screen.getByLabelText('Contract Title'), { target: { value: title } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: description } });
  fireEvent.change(screen.getByLabelText('Value'), { target: { value } });
  if (currency) fireEvent.change(screen.getByLabelText('Currency'), { target: { value: currency } });
  if (values.inspectionDays !== undefined)
    fireEvent.change(screen.getByLabelText('Inspection window (days)'), { target: { value: values.inspectionDays } });
}

const labels = {
  acceptorId: "Buyer's email or User ID",
  title: 'Contract Title',
  description: 'Description',
  value: 'Value',
} as const;

const inspectionBox = () => screen.getByLabelText('Inspection window (days)') as HTMLInputElement;
/** The texts under the Value box it points to (its hint, its refusal), each as shown. */
const valueTexts = () =>
  (screen.getByLabelText('Value').getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');

beforeEach(() => {
  vi.mocked(createContract).mockReset();
  vi.mocked(getProfile).mockReset().mockResolvedValue(account);
});

afterEach(cleanup);

describe('create contract page', () => {
  it('shows the signed-in email and username', async () => {
    renderPage();
    expect(await screen.findByText('@ada')).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
  });

  it('lists the create currencies with NGN chosen, each one escrow carries, and a text value box for decimals', () => {
    renderPage();
    const select = screen.getByLabelText('Currency') as HTMLSelectElement;
    expect(select.value).toBe('NGN');
    expect([...select.options].map((o) => o.value)).toEqual(['USD', 'EUR', 'GBP', 'NGN']);
    expect([...select.options].filter((o) => !o.disabled).map((o) => o.value)).toEqual(['USD', 'EUR', 'GBP', 'NGN']);
    expect(select.options[0]?.textContent).toBe('USD ($)');
    // A text box: a number box would reread "85.000,50" as 85.00050 before the form saw it.
    expect(screen.getByLabelText('Value').getAttribute('type')).toBe('text');
    expect(screen.getByLabelText('Value').getAttribute('inputmode')).toBe('decimal');
  });

  it.each(['acceptorId', 'title', 'description', 'value'] as const)(
    'refuses a missing %s with the spec text, without opening the policy',
    async (field) => {
      renderPage();
      fill({ [field]: ' ' });
      await click('Create Contract');
      const box = screen.getByLabelText(labels[field]);
      expect(box.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(box.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent).toBe(
        field === 'value'
          ? 'Amount must be greater than zero.'
          : 'Please fill in all contract details, including the Acceptor ID.',
      );
      expect(document.activeElement).toBe(box);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(createContract).not.toHaveBeenCalled();
    },
  );

  it('creates nothing until the policy modal is confirmed', async () => {
    renderPage();
    fill({});
    await click('Create Contract');
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Contract Creation Policy' }).getAttribute('href')).toBe(
      '/contract-creation-policy',
    );
    expect(createContract).not.toHaveBeenCalled();

    await click('Cancel');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(createContract).not.toHaveBeenCalled();
  });

  it('creates the contract once confirmed and opens /my-created-contract/{id}', async () => {
    vi.mocked(createContract).mockResolvedValue({ id: '01JNEWCONTRACT0000000000000' });
    renderPage();
    fill({});
    await click('Create Contract');
    await click('I Agree & Create Contract');
    expect(createContract).toHaveBeenCalledWith({
      acceptorId: 'buyer-1',
      title: 'Logo design',
      description: 'One logo',
      value: '1500.50',
      currency: 'NGN',
      inspectionDays: 3,
    });
    expect(screen.getByText('Arrived at my-created-contract')).toBeTruthy();
    expect(screen.getByTestId('navigation-state').textContent).toBe('{"created":true}');
  });

  it('invites by email: the request names the email, and the next page is told whom it was sent to', async () => {
    vi.mocked(createContract).mockResolvedValue({ id: '01JNEWCONTRACT0000000000000', invitation_emailed: true });
    renderPage();
    fill({ acceptorId: 'Bola@Example.com' });
    await click('Create Contract');
    await click('I Agree & Create Contract');
    expect(vi.mocked(createContract).mock.calls[0]?.[0]).toMatchObject({ acceptorId: 'Bola@Example.com' });
    expect(screen.getByTestId('navigation-state').textContent).toBe(
      '{"created":true,"invitedEmail":"bola@example.com","invitationEmailed":true}',
    );
  });

  it('tells the next page when the server did not email the invitation, so it asks the seller to share the link', async () => {
    vi.mocked(createContract).mockResolvedValue({ id: '01JNEWCONTRACT0000000000000', invitation_emailed: false });
    renderPage();
    fill({ acceptorId: 'bola@example.com' });
    await click('Create Contract');
    await click('I Agree & Create Contract');
    expect(screen.getByTestId('navigation-state').textContent).toBe(
      '{"created":true,"invitedEmail":"bola@example.com","invitationEmailed":false}',
    );
  });

  it('refuses a malformed email under the box, before anything is sent', async () => {
    renderPage();
    fill({ acceptorId: 'bola@' });
    await click('Create Contract');
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads the amount back as it is typed, with what the seller will receive after the 2% fee', () => {
    renderPage();
    fill({ value: '85,000' });
    expect(screen.getByTestId('amount-preview').textContent).toBe('₦85,000.00');
    expect(screen.getByTestId('fee-preview').textContent).toBe('You will receive ₦83,300.00 after the 2% fee');
  });

  it('refuses "85.000,50" naming what it seems to mean, never reading it as 85.00050', async () => {
    renderPage();
    fill({ value: '85.000,50' });
    expect(screen.getByTestId('amount-preview').textContent).toBe(
      '"85.000,50" looks like 85,000.50 written with dots between thousands. Type it as 85,000.50.',
    );
    expect(screen.queryByTestId('fee-preview')).toBeNull();
    await click('Create Contract');
    expect(screen.getByLabelText('Value').getAttribute('aria-invalid')).toBe('true');
    expect(createContract).not.toHaveBeenCalled();
  });

  it('refuses "85k" naming 85,000', async () => {
    renderPage();
    fill({ value: '85k' });
    expect(screen.getByTestId('amount-preview').textContent).toBe('"85k" is short for 85,000: type the amount in full, 85,000.');
    await click('Create Contract');
    expect(createContract).not.toHaveBeenCalled();
  });

  it('says "abc" must be a number, never "greater than zero", once: the preview gives way to the refusal', async () => {
    renderPage();
    fill({ value: 'abc' });
    const notANumber = 'Amount must be a number, such as 85000 or 85,000.50.';
    expect(screen.getByTestId('amount-preview').textContent).toBe(notANumber);
    await click('Create Contract');
    expect(valueTexts()).toEqual([notANumber]);
    expect(screen.getAllByText(notANumber)).toHaveLength(1);
    expect(screen.queryByText('Amount must be greater than zero.')).toBeNull();
    expect(createContract).not.toHaveBeenCalled();
  });

  it.each(['85k', '85.000,50', '0'])(
    'says what is wrong with %j once after submitting, not as a hint and an error',
    async (value) => {
      renderPage();
      fill({ value });
      await click('Create Contract');
      const texts = valueTexts();
      expect(texts).toHaveLength(1);
      expect(screen.getAllByText(texts[0] ?? '')).toHaveLength(1);
      expect(screen.queryByTestId('amount-preview')).toBeNull();
      expect(screen.queryByTestId('fee-preview')).toBeNull();
    },
  );

  it('shows no "You will receive" for an amount above the limit, only the limit, once', async () => {
    renderPage();
    fill({ value: '1000000000000' });
    const limit = 'Amount must not be more than 1,000,000,000.00.';
    expect(screen.getByTestId('amount-preview').textContent).toBe(limit);
    expect(screen.queryByTestId('fee-preview')).toBeNull();
    expect(screen.queryByText(/You will receive/)).toBeNull();
    await click('Create Contract');
    expect(valueTexts()).toEqual([limit]);
    expect(screen.queryByText(/You will receive/)).toBeNull();
    // Put right, the figures come back.
    fill({ value: '1,000,000,000' });
    expect(await screen.findByText('You will receive ₦980,000,000.00 after the 2% fee')).toBeTruthy();
  });

  it('asks for the inspection window in whole days from 1 to 14, 3 to start with, and says what it is', () => {
    renderPage();
    expect(inspectionBox().value).toBe('3');
    expect([inspectionBox().min, inspectionBox().max, inspectionBox().step]).toEqual(['1', '14', '1']);
    const hint = document.getElementById(inspectionBox().getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Days the buyer has to check the delivery before it counts as accepted.');
  });

  it('sends the inspection window chosen (7 days) as a number', async () => {
    vi.mocked(createContract).mockResolvedValue({ id: '01JNEWCONTRACT0000000000000' });
    renderPage();
    fill({ inspectionDays: '7' });
    await click('Create Contract');
    await click('I Agree & Create Contract');
    expect(vi.mocked(createContract).mock.calls[0]?.[0]).toMatchObject({ inspectionDays: 7 });
  });

  it.each(['15', '0', '2.5', ''])(
    "refuses an inspection window of %j with the server's text, without opening the policy",
    async (days) => {
      renderPage();
      fill({ inspectionDays: days });
      await click('Create Contract');
      expect(screen.getByText(deliveryMessages.inspectionDaysRange)).toBeTruthy();
      expect(inspectionBox().getAttribute('aria-invalid')).toBe('true');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(createContract).not.toHaveBeenCalled();
    },
  );

  it("says 'An unknown error occurred.' when the failure has no server text", async () => {
    vi.mocked(createContract).mockRejectedValue(new TypeError('Failed to fetch'));
    renderPage();
    fill({});
    await click('Create Contract');
    await click('I Agree & Create Contract');
    expect(screen.getByRole('alert').textContent).toBe('An unknown error occurred.');
  });

  it("shows the server's text when it gives one", async () => {
    vi.mocked(createContract).mockRejectedValue(new ApiError(400, 'You cannot create a contract for yourself.', true));
    renderPage();
    fill({});
    await click('Create Contract');
    await click('I Agree & Create Contract');
    expect(screen.getByRole('alert').textContent).toBe('You cannot create a contract for yourself.');
  });
});
