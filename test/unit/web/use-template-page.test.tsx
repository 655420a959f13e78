// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInstanceFromTemplate, fetchContractTemplate } from '../../../web/src/features/templates/api';
import { readTemplateOrder } from '../../../web/src/features/templates/quantity';
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

function renderPage(entry = '/use-template') {
  renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/use-template/:templateId?" element={<UseTemplatePage />} />
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
/** The texts a control points to with aria-describedby (its hint, its refusal). */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function create() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create Contract & Proceed to Payment' }));
  });
}

async function confirm() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Create Contract' }));
  });
}

beforeEach(() => {
  vi.mocked(fetchContractTemplate).mockReset().mockResolvedValue(template);
  vi.mocked(createInstanceFromTemplate).mockReset();
});

afterEach(cleanup);

describe('quantity rules', () => {
  const order = (input: string, basePriceMinor = 150_050) => readTemplateOrder(input, basePriceMinor, 'NGN');

  it.each([
    ['3', 3],
    ['1', 1],
    [' 12 ', 12],
    ['1000000', 1_000_000],
  ])('reads %j as quantity %i, with its total in minor units', (input, quantity) => {
    expect(order(input, 10)).toEqual({ ok: true, quantity, totalMinor: 10 * quantity });
  });

  it.each(['0', '-2', '2.5', 'abc', '', '1e3', '1,000', '1000001'])(
    'refuses %j as not a whole number from 1 to 1,000,000, never reading it as 1',
    (input) => {
      expect(order(input)).toEqual({ ok: false, message: 'Quantity must be a whole number from 1 to 1,000,000.' });
    },
  );

  it('multiplies in minor units, exactly', () => {
    expect(order('3')).toMatchObject({ totalMinor: 450_150 });
    expect(readTemplateOrder('7', 10, 'NGN')).toMatchObject({ totalMinor: 70 });
  });

  it('says the total is above what one contract can hold instead of giving none', () => {
    expect(order('1000000')).toEqual({
      ok: false,
      message: 'The total would be more than ₦1,000,000,000.00, the most one contract can hold. Choose a smaller quantity.',
    });
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

  it.each(['0', '-4', '2.5', 'abc', ''])(
    'refuses the quantity %j under its box, with no total, and makes nothing',
    async (input) => {
      renderPage();
      await searchFor(template.id);
      fireEvent.change(quantityBox(), { target: { value: input } });
      expect(quantityBox().getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(quantityBox())).toBe('Quantity must be a whole number from 1 to 1,000,000.');
      // One message for the one problem: no total beside it, and the box keeps what was typed.
      expect(screen.getAllByText('Quantity must be a whole number from 1 to 1,000,000.')).toHaveLength(1);
      expect(screen.queryByTestId('template-total')).toBeNull();
      expect(quantityBox().value).toBe(input);
      await create();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(createInstanceFromTemplate).not.toHaveBeenCalled();
    },
  );

  it.each(['0', '-4', '2.5', 'abc'])(
    'turns the quantity %j into 1 on leaving the box (spec §5), saying so beside it, with the total for one still to confirm',
    async (input) => {
      renderPage();
      await searchFor(template.id);
      fireEvent.change(quantityBox(), { target: { value: input } });
      fireEvent.blur(quantityBox());
      expect(quantityBox().value).toBe('1');
      expect(describedBy(quantityBox())).toBe(
        'That was not a whole number of at least 1, so the quantity is now 1. Check the total below.',
      );
      expect(total()).toBe('Total: ₦1,500.50');
      await create();
      expect(within(screen.getByRole('dialog')).getByTestId('confirm-total').textContent).toBe(
        'Total to pay into escrow: ₦1,500.50',
      );
      expect(createInstanceFromTemplate).not.toHaveBeenCalled();
    },
  );

  it('says a total above what one contract can hold, instead of "Total: -"', async () => {
    renderPage();
    await searchFor(template.id);
    fireEvent.change(quantityBox(), { target: { value: '1000000' } });
    expect(describedBy(quantityBox())).toBe(
      'The total would be more than ₦1,000,000,000.00, the most one contract can hold. Choose a smaller quantity.',
    );
    expect(screen.queryByTestId('template-total')).toBeNull();
    expect(screen.queryByText(/Total: -/)).toBeNull();
  });

  it('asks to confirm the quantity and total before the contract is made; Cancel makes nothing', async () => {
    renderPage();
    await searchFor(template.id);
    fireEvent.change(quantityBox(), { target: { value: '3' } });
    await create();
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('3 × "Logo design" at ₦1,500.50 each.');
    expect(within(dialog).getByTestId('confirm-total').textContent).toBe('Total to pay into escrow: ₦4,501.50');
    expect(createInstanceFromTemplate).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(createInstanceFromTemplate).not.toHaveBeenCalled();
  });

  it('creates the contract with the quantity once confirmed and goes to /escrow-payment/{newId}', async () => {
    vi.mocked(createInstanceFromTemplate).mockResolvedValue('01JNEWCONTRACT0000000000000');
    renderPage();
    await searchFor(template.id);
    fireEvent.change(quantityBox(), { target: { value: '4' } });
    await create();
    await confirm();
    expect(createInstanceFromTemplate).toHaveBeenCalledWith(template.id, 4);
    expect(screen.getByText('Arrived at escrow-payment')).toBeTruthy();
  });

  it('goes to /my-contracts when the server names no new contract', async () => {
    vi.mocked(createInstanceFromTemplate).mockResolvedValue(undefined);
    renderPage();
    await searchFor(template.id);
    await create();
    await confirm();
    expect(screen.getByText('Arrived at my-contracts')).toBeTruthy();
  });

  it('looks the template up at once when opened from its share link, /use-template/{id}', async () => {
    renderPage(`/use-template/${template.id}`);
    expect(await screen.findByText('Logo design')).toBeTruthy();
    expect(fetchContractTemplate).toHaveBeenCalledWith(template.id);
    expect((screen.getByLabelText('Template ID') as HTMLInputElement).value).toBe(template.id);
  });

  it("says 'Failed to create contract from template.' when the failure has no server text", async () => {
    vi.mocked(createInstanceFromTemplate).mockRejectedValue(new ApiError(502, 'Request failed with status 502'));
    renderPage();
    await searchFor(template.id);
    await create();
    await confirm();
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
