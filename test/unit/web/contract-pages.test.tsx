// @vitest-environment happy-dom

import type { ContractView } from '@escrow/api/contracts';
import type { TemplateView } from '@escrow/api/templates';
import { deliveryMessages } from '@escrow/domain/delivery';
import { contractMessages } from '@escrow/domain/escrow-contract';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getContract, listEngagedContracts, listMyContracts } from '../../../web/src/features/contracts/api';
import { createTemplate, listMyTemplates } from '../../../web/src/features/templates/api';
import { ApiError } from '../../../web/src/lib/api';
import { EngagedContractsPage } from '../../../web/src/pages/contracts/engaged-contracts-page';
import { MyCreatedContractPage } from '../../../web/src/pages/contracts/my-created-contract-page';
import { ViewContractsPage } from '../../../web/src/pages/contracts/view-contracts-page';
import { EscrowPaymentPage } from '../../../web/src/pages/payment/escrow-payment-page';
import { CreateTemplatePage } from '../../../web/src/pages/templates/create-template-page';
import { MyTemplatesPage } from '../../../web/src/pages/templates/my-templates-page';
import { aContractView } from '../../support/contract-view';
import { Arrived, renderWithProviders, signedIn } from './providers';

vi.mock('../../../web/src/features/contracts/api', () => ({
  getContract: vi.fn(),
  listMyContracts: vi.fn(),
  listEngagedContracts: vi.fn(),
}));
vi.mock('../../../web/src/features/templates/api', () => ({ createTemplate: vi.fn(), listMyTemplates: vi.fn() }));

const contract: ContractView = aContractView({
  creator_id: 'u1',
  acceptor_id: 'buyer-1',
  value_minor: 1_000_050,
  currency: 'USD',
  accepted_by: ['buyer-1', 'buyer-2'],
});

const template: TemplateView = {
  id: '01JTEMPLATE000000000000000',
  creator_id: 'u1',
  title: 'Logo pack',
  description: 'Per logo',
  base_price_minor: 50_000,
  currency: 'GBP',
  inspection_days: 3,
  created_at: '2025-10-02T10:00:00.000Z',
};

async function renderRoute(entry: string, path: string, page: ReactNode, state?: unknown) {
  renderWithProviders(
    <MemoryRouter initialEntries={[{ pathname: entry, state }]}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="/dashboard" element={<Arrived at="dashboard" />} />
      </Routes>
    </MemoryRouter>,
    { auth: signedIn },
  );
  await act(async () => {});
}

beforeEach(() => {
  vi.mocked(getContract).mockReset().mockResolvedValue({ contract, people: [] });
  vi.mocked(listMyContracts).mockReset();
  vi.mocked(listEngagedContracts).mockReset();
  vi.mocked(createTemplate).mockReset();
  vi.mocked(listMyTemplates).mockReset();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('my created contract', () => {
  it('shows the success banner for 5 seconds after creation, with details, date and who accepted it by name', async () => {
    vi.mocked(getContract).mockResolvedValue({ contract, people: [{ id: 'buyer-1', full_name: 'Bola Ige', username: null }] });
    vi.useFakeTimers();
    await renderRoute(`/my-created-contract/${contract.id}`, '/my-created-contract/:contractId', <MyCreatedContractPage />, {
      created: true,
    });
    expect(getContract).toHaveBeenCalledWith(contract.id);
    expect(screen.getByText('Contract created successfully!')).toBeTruthy();
    expect(screen.getByText('$10,000.50')).toBeTruthy();
    expect(screen.getByText('October 1, 2025')).toBeTruthy();
    expect(screen.getByText('Accepted by').nextElementSibling?.textContent).toBe('Bola Ige, buyer-2');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Contract created successfully!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Contract created successfully!')).toBeNull();
  });

  it("says 'Not accepted yet.' rather than a count of 0", async () => {
    vi.mocked(getContract).mockResolvedValue({ contract: { ...contract, accepted_by: [] }, people: [] });
    await renderRoute(`/my-created-contract/${contract.id}`, '/my-created-contract/:contractId', <MyCreatedContractPage />);
    expect(screen.getByText('Accepted by').nextElementSibling?.textContent).toBe('Not accepted yet.');
  });

  it('says the buyer named by email was emailed the link', async () => {
    await renderRoute(`/my-created-contract/${contract.id}`, '/my-created-contract/:contractId', <MyCreatedContractPage />, {
      created: true,
      invitedEmail: 'bola@example.com',
      invitationEmailed: true,
    });
    expect(screen.getByText(contractMessages.invitationSent('bola@example.com'))).toBeTruthy();
    expect(screen.queryByText(contractMessages.invitationNotEmailed('bola@example.com'))).toBeNull();
  });

  it('asks the seller to send the link themselves when the invitation was not emailed, with the link to copy', async () => {
    await renderRoute(`/my-created-contract/${contract.id}`, '/my-created-contract/:contractId', <MyCreatedContractPage />, {
      created: true,
      invitedEmail: 'bola@example.com',
      invitationEmailed: false,
    });
    expect(screen.getByText(contractMessages.invitationNotEmailed('bola@example.com'))).toBeTruthy();
    expect(screen.queryByText(contractMessages.invitationSent('bola@example.com'))).toBeNull();
    expect(screen.getByTestId('share-link').textContent).toBe(`${window.location.origin}/contracts/${contract.id}`);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('shows no banner when opened later', async () => {
    await renderRoute(`/my-created-contract/${contract.id}`, '/my-created-contract/:contractId', <MyCreatedContractPage />);
    expect(screen.getByText('Logo design')).toBeTruthy();
    expect(screen.queryByText('Contract created successfully!')).toBeNull();
  });
});

describe('escrow payment summary', () => {
  it('shows the ID, title, description, total held in escrow and links to secure checkout', async () => {
    await renderRoute(`/escrow-payment/${contract.id}`, '/escrow-payment/:contractId', <EscrowPaymentPage />);
    expect(screen.getByText(contract.id)).toBeTruthy();
    expect(screen.getByText('Logo design')).toBeTruthy();
    expect(screen.getByText('One logo')).toBeTruthy();
    // The spec's total, and beside it what is in escrow so far: nothing is held before it is paid.
    expect(screen.getByText('Total amount held in escrow').nextElementSibling?.textContent).toBe('$10,000.50Paid so far: $0.00');
    expect(screen.getByTestId('paid-so-far').textContent).toBe('Paid so far: $0.00');
    expect(screen.getByRole('link', { name: 'Proceed to Secure Checkout' }).getAttribute('href')).toBe(
      `/custom-checkout/${contract.id}`,
    );
  });

  it('says how much of the total is paid so far when part of it is', async () => {
    vi.mocked(getContract).mockResolvedValue({
      contract: { ...contract, status: 'in_escrow', amount_paid_minor: 400_000 },
      people: [],
    });
    await renderRoute(`/escrow-payment/${contract.id}`, '/escrow-payment/:contractId', <EscrowPaymentPage />);
    expect(screen.getByTestId('paid-so-far').textContent).toBe('Paid so far: $4,000.00');
    expect(screen.getByText('You pay').nextElementSibling?.textContent).toMatch(/^\$6,000\.50/);
  });

  it("shows the server's text when the contract cannot be read", async () => {
    vi.mocked(getContract).mockRejectedValue(new ApiError(404, 'Contract not found.', true));
    await renderRoute(`/escrow-payment/${contract.id}`, '/escrow-payment/:contractId', <EscrowPaymentPage />);
    expect(screen.getByRole('alert').textContent).toBe('Contract not found.');
  });
});

describe('contract lists', () => {
  it('lists my contracts with value, currency, status and View Details; no Fund Release while nothing can be released', async () => {
    vi.mocked(listMyContracts).mockResolvedValue([contract]);
    await renderRoute('/view-contracts', '/view-contracts', <ViewContractsPage />);
    expect(screen.getByText('Logo design')).toBeTruthy();
    expect(screen.getByText(contract.id)).toBeTruthy();
    expect(screen.getByText('$10,000.50')).toBeTruthy();
    expect(screen.getByText('(USD)')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Fund Release' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(`/my-contract-details/${contract.id}`);
  });

  it("says 'Failed to load your contracts. Please try again.' when the list fails", async () => {
    vi.mocked(listMyContracts).mockRejectedValue(new ApiError(500, 'Internal error', true));
    await renderRoute('/view-contracts', '/view-contracts', <ViewContractsPage />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to load your contracts. Please try again.');
  });

  it('lists engaged contracts with their status', async () => {
    vi.mocked(listEngagedContracts).mockResolvedValue([{ ...contract, status: 'in_escrow' }]);
    await renderRoute('/engaged-contracts', '/engaged-contracts', <EngagedContractsPage />);
    expect(screen.getByText('Logo design')).toBeTruthy();
    expect(screen.getByText('In Escrow')).toBeTruthy();
  });

  it('offers Proceed to Payment while a contract takes payments (active, in escrow), not before or after', async () => {
    vi.mocked(listEngagedContracts).mockResolvedValue([
      { ...contract, id: 'a', title: 'Accepted', status: 'active' },
      { ...contract, id: 'b', title: 'Part paid', status: 'in_escrow' },
      { ...contract, id: 'c', title: 'Paid', status: 'fully_funded' },
      { ...contract, id: 'd', title: 'Waiting', status: 'pending' },
    ]);
    await renderRoute('/engaged-contracts', '/engaged-contracts', <EngagedContractsPage />);
    const links = screen.getAllByRole('link', { name: 'Proceed to Payment' }).map((l) => l.getAttribute('href'));
    expect(links).toEqual(['/escrow-payment/a', '/escrow-payment/b']);
  });
});

describe('templates', () => {
  it('lists my templates with currency, base price, ID and View Details', async () => {
    vi.mocked(listMyTemplates).mockResolvedValue([template]);
    await renderRoute('/my-templates', '/my-templates', <MyTemplatesPage />);
    expect(screen.getByText('Logo pack')).toBeTruthy();
    expect(screen.getByText('Currency: GBP')).toBeTruthy();
    expect(screen.getByText('Base price: £500.00')).toBeTruthy();
    expect(screen.getByText(template.id)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(`/template-details/${template.id}`);
  });

  it("confirms copying a template ID in the list with a 'Copied!' toast for 1.5 seconds", async () => {
    vi.useFakeTimers();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    vi.mocked(listMyTemplates).mockResolvedValue([template]);
    await renderRoute('/my-templates', '/my-templates', <MyTemplatesPage />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith(template.id);
    expect(screen.getByRole('status').textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByRole('status').textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
    writeText.mockRestore();
  });

  it("says 'Could not load your templates. Please try again.' when the list fails", async () => {
    vi.mocked(listMyTemplates).mockRejectedValue(new TypeError('Failed to fetch'));
    await renderRoute('/my-templates', '/my-templates', <MyTemplatesPage />);
    expect(screen.getByRole('alert').textContent).toBe('Could not load your templates. Please try again.');
  });

  function fillTemplate(values: { title?: string; description?: string; basePrice?: string; inspectionDays?: string }) {
    const { title = 'Logo pack', description = 'Per logo', basePrice = '500', inspectionDays } = values;
    fireEvent.change(screen.getByLabelText('Template Title'), { target: { value: title } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: description } });
    fireEvent.change(screen.getByLabelText('Base Price'), { target: { value: basePrice } });
    if (inspectionDays !== undefined)
      fireEvent.change(screen.getByLabelText('Inspection window (days)'), { target: { value: inspectionDays } });
  }

  async function submitTemplate() {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Template' }));
    });
  }

  it.each([
    [{ title: '' }, 'Template Title', 'Please fill in all fields.'],
    [{ basePrice: '' }, 'Base Price', 'Please fill in all fields.'],
    [{ basePrice: '0' }, 'Base Price', 'Please enter a valid, positive number for the base price.'],
    [{ basePrice: '-3' }, 'Base Price', 'Please enter a valid, positive number for the base price.'],
    [{ inspectionDays: '15' }, 'Inspection window (days)', deliveryMessages.inspectionDaysRange],
    [{ inspectionDays: '0' }, 'Inspection window (days)', deliveryMessages.inspectionDaysRange],
  ])('refuses %j under the %s with the spec text, focusing it', async (values, label, message) => {
    await renderRoute('/create-template', '/create-template', <CreateTemplatePage />);
    fillTemplate(values);
    await submitTemplate();
    const field = screen.getByLabelText(label);
    const describedBy = (field.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(message);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(createTemplate).not.toHaveBeenCalled();
  });

  it("shows the creation toast 'Template created successfully!' for 2 seconds", async () => {
    vi.useFakeTimers();
    vi.mocked(createTemplate).mockResolvedValue({ id: template.id });
    await renderRoute('/create-template', '/create-template', <CreateTemplatePage />);
    fillTemplate({});
    await submitTemplate();
    expect(screen.getByRole('status').textContent).toBe('Template created successfully!');
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('status').textContent).toBe('Template created successfully!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText(template.id)).toBeTruthy();
  });

  it('creates the template, then shows its ID with a copy button and Go to Dashboard', async () => {
    vi.mocked(createTemplate).mockResolvedValue({ id: template.id });
    await renderRoute('/create-template', '/create-template', <CreateTemplatePage />);
    fillTemplate({});
    await submitTemplate();
    expect(createTemplate).toHaveBeenCalledWith({
      title: 'Logo pack',
      description: 'Per logo',
      base_price: '500',
      currency: 'NGN',
      inspectionDays: 3,
    });
    expect(screen.getByText(template.id)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    });
    expect(screen.getByText('Arrived at dashboard')).toBeTruthy();
  });

  it('names the new template and gives its share link, to copy or send on WhatsApp', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    vi.mocked(createTemplate).mockResolvedValue({ id: template.id });
    await renderRoute('/create-template', '/create-template', <CreateTemplatePage />);
    fillTemplate({ title: 'Ankara tote bag', basePrice: '1,500.50' });
    await submitTemplate();
    expect(screen.getByText('"Ankara tote bag"')).toBeTruthy();
    const link = `${window.location.origin}/use-template/${template.id}`;
    expect(screen.getByTestId('share-link').textContent).toBe(link);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    expect(writeText).toHaveBeenCalledWith(link);
    const whatsApp = new URL(screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href') ?? '');
    expect(whatsApp.searchParams.get('text')).toBe(
      `Here is my MiddleMan escrow offer "Ankara tote bag" (₦1,500.50 each). Choose how many and pay into escrow here: ${link}`,
    );
    writeText.mockRestore();
  });

  it('creates the template with the inspection window chosen (10 days)', async () => {
    vi.mocked(createTemplate).mockResolvedValue({ id: template.id });
    await renderRoute('/create-template', '/create-template', <CreateTemplatePage />);
    expect((screen.getByLabelText('Inspection window (days)') as HTMLInputElement).value).toBe('3');
    fillTemplate({ inspectionDays: '10' });
    await submitTemplate();
    expect(vi.mocked(createTemplate).mock.calls[0]?.[0]).toMatchObject({ inspectionDays: 10 });
  });
});
