// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInstanceFromTemplate, fetchContractTemplate } from '../../../web/src/features/templates/api';
import { parseQuantity, templateTotalMinor } from '../../../web/src/features/templates/quantity';
import { ApiError } from '../../../web/src/lib/api';
import { UseTemplatePage } from '../../../web/src/pages/templates/use-template-page';
import { Arrived, renderWithProviders, signedIn } from './providers';

vi.mock('../../../web/src/features/templates/api', () => ({
  fetchContractTemplate: vi.fn(),
  createInstanceFromTemplate: vi.fn(),
}));

const template = {
  id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  title: 'Logo design',
  description: 'One logo, two revisions',
  base_price_minor: 150_050,
  currency: 'NGN' as const,
  inspection_days: 5,
};

function renderPage() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/use-template']}>
      <Routes>
        <Route path="/use-template" element={<UseTemplatePage />} />
        <Route path="/escrow-payment/:contractId" element={<Arrived at="escrow-payment" />} />
        <Route path="/my-contracts" element={<Arrived at="my-contracts" />} />
      </Routes>
    </MemoryRouter>,
    { auth: signedIn },
  );
}

async function searchFor(id: string) {
  fireEvent.change(screen.getByLabelText('Template ID'), { target: { value: id } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  });
}

const total = () => screen.getByTestId('template-total').textContent;
const quantityBox = () => screen.getByLabelText('Quantity') as HTMLInputElement;

beforeEach(() => {
  vi.mocked(fetchContractTemplate).mockReset().mockResolvedValue(template);
  vi.mocked(createInstanceFromTemplate).mockReset();
});

afterEach(cleanup);

describe('quantity rules', () => {
  it.each([
    ['3', 3],
    ['1', 1],
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['abc', 1],
    ['', 1],
  ])('reads %j as quantity %i', (input, quantity) => {
    expect(parseQuantity(input)).toBe(quantity);
  });

  it('multiplies in minor units, exactly', () => {
    expect(templateTotalMinor(150_050, 3)).toBe(450_150);
    expect(templateTotalMinor(10, 7)).toBe(70);
  });
});

describe('use template page', () => {
  it("marks an empty ID under its box with 'Please enter a Template ID.' and focuses it, searching nothing", async () => {
    renderPage();
    await searchFor('  ');
    const box = screen.getByLabelText('Template ID');
    expect(screen.getByText('Please enter a Template ID.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    expect(fetchContractTemplate).not.toHaveBeenCalled();
  });

  it("says 'An error occurred while searching.' when the search fails without an answer", async () => {
    vi.mocked(fetchContractTemplate).mockRejectedValue(new TypeError('Failed to fetch'));
    renderPage();
    await searchFor(template.id);
    expect(screen.getByRole('alert').textContent).toBe('An error occurred while searching.');
  });

  it('shows the inspection window a contract made from the template will have', async () => {
    renderPage();
    await searchFor(template.id);
    expect(screen.getByText('Inspection window')).toBeTruthy();
    expect(screen.getByText('5 days to check the delivery')).toBeTruthy();
  });

  it('says "1 day" for a one-day window', async () => {
    vi.mocked(fetchContractTemplate).mockResolvedValue({ ...template, inspection_days: 1 });
    renderPage();
    await searchFor(template.id);
    expect(screen.getByText('1 day to check the delivery')).toBeTruthy();
  });

  it('shows the live total for the quantity: ₦1,500.50 x 3 = ₦4,501.50', async () => {
    renderPage();
    await searchFor(template.id);
    expect(fetchContractTemplate).toHaveBeenCalledWith(template.id);
    expect(screen.getByText('₦1,500.50')).toBeTruthy();
    expect(total()).toBe('Total: ₦1,500.50');
    fireEvent.change(quantityBox(), { target: { value: '3' } });
    expect(total()).toBe('Total: ₦4,501.50');
  });

  it.each(['0', '-4', '2.5'])('counts the invalid quantity %j as 1 and shows 1 once the box is left', async (input) => {
    renderPage();
    await searchFor(template.id);
    fireEvent.change(quantityBox(), { target: { value: '3' } });
    fireEvent.change(quantityBox(), { target: { value: input } });
    expect(total()).toBe('Total: ₦1,500.50');
    fireEvent.blur(quantityBox());
    expect(quantityBox().value).toBe('1');
  });

  it('creates the contract with the quantity and goes to /escrow-payment/{newId}', async () => {
    vi.mocked(createInstanceFromTemplate).mockResolvedValue('01JNEWCONTRACT0000000000000');
    renderPage();
    await searchFor(template.id);
    fireEvent.change(quantityBox(), { target: { value: '4' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Contract & Proceed to Payment' }));
    });
    expect(createInstanceFromTemplate).toHaveBeenCalledWith(template.id, 4);
    expect(screen.getByText('Arrived at escrow-payment')).toBeTruthy();
  });

  it('goes to /my-contracts when the server names no new contract', async () => {
    vi.mocked(createInstanceFromTemplate).mockResolvedValue(undefined);
    renderPage();
    await searchFor(template.id);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Contract & Proceed to Payment' }));
    });
    expect(screen.getByText('Arrived at my-contracts')).toBeTruthy();
  });

  it("says 'Failed to create contract from template.' when the failure has no server text", async () => {
    vi.mocked(createInstanceFromTemplate).mockRejectedValue(new ApiError(502, 'Request failed with status 502'));
    renderPage();
    await searchFor(template.id);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Contract & Proceed to Payment' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Failed to create contract from template.');
  });

  it("shows the server's text for an unknown template", async () => {
    vi.mocked(fetchContractTemplate).mockRejectedValue(new ApiError(404, 'Template not found. Please check the ID.', true));
    renderPage();
    await searchFor('01JUNKNOWN0000000000000000');
    expect(screen.getByRole('alert').textContent).toBe('Template not found. Please check the ID.');
    expect(screen.queryByLabelText('Quantity')).toBeNull();
  });
});
