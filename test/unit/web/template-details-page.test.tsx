// @vitest-environment happy-dom

import type { TemplateView } from '@escrow/api/templates';
import { deliveryMessages } from '@escrow/domain/delivery';
import { currencyNotAvailable } from '@escrow/domain/money';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteTemplate, editTemplate, getTemplate } from '../../../web/src/features/templates/api';
import { ApiError } from '../../../web/src/lib/api';
import { TemplateDetailsPage } from '../../../web/src/pages/templates/template-details-page';
import { Arrived, click, renderSignedInAt } from './providers';

vi.mock('../../../web/src/features/templates/api', () => ({
  getTemplate: vi.fn(),
  editTemplate: vi.fn(),
  deleteTemplate: vi.fn(),
}));

const template: TemplateView = {
  id: '01JTEMPLATE000000000000000',
  creator_id: 'u1',
  title: 'Logo design',
  description: 'One logo, two revisions',
  base_price_minor: 150_050,
  currency: 'NGN',
  inspection_days: 5,
  created_at: '2025-10-01T10:00:00.000Z',
};

const renderPage = () =>
  renderSignedInAt(
    `/template-details/${template.id}`,
    <>
      <Route path="/template-details/:templateId" element={<TemplateDetailsPage />} />
      <Route path="/my-templates" element={<Arrived at="my-templates" />} />
    </>,
  );

beforeEach(() => {
  vi.mocked(getTemplate).mockReset().mockResolvedValue(template);
  vi.mocked(editTemplate).mockReset();
  vi.mocked(deleteTemplate).mockReset();
});

afterEach(cleanup);

describe('template details page', () => {
  it('shows the template in view mode with its price, currency, inspection window and Back to List', async () => {
    await renderPage();
    expect(getTemplate).toHaveBeenCalledWith(template.id);
    expect(screen.getByText('Logo design')).toBeTruthy();
    expect(screen.getByText('₦1,500.50')).toBeTruthy();
    expect(screen.getByText('5 days to check the delivery')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to List' }).getAttribute('href')).toBe('/my-templates');
    expect(screen.queryByLabelText('Template Title')).toBeNull();
  });

  it('gives the template a share link that opens Use Template with it looked up, with a copy button', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await renderPage();
    const link = `${window.location.origin}/use-template/${template.id}`;
    expect(screen.getByTestId('share-link').textContent).toBe(link);
    await click('Copy link');
    expect(writeText).toHaveBeenCalledWith(link);
    expect(screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')).toContain('wa.me');
    writeText.mockRestore();
  });

  it('Modify Template opens edit mode with the current values; Cancel returns to view mode unchanged', async () => {
    await renderPage();
    await click('Modify Template');
    const title = screen.getByLabelText('Template Title') as HTMLInputElement;
    expect(title.value).toBe('Logo design');
    expect((screen.getByLabelText('Base Price') as HTMLInputElement).value).toBe('1500.50');
    expect((screen.getByLabelText('Inspection window (days)') as HTMLInputElement).value).toBe('5');
    const currencies = [...(screen.getByLabelText('Currency') as HTMLSelectElement).options].map((o) => o.value);
    expect(currencies).toEqual(['USD', 'EUR', 'GBP', 'NGN', 'JPY', 'CAD']);

    fireEvent.change(title, { target: { value: 'Something else' } });
    await click('Cancel');
    expect(screen.queryByLabelText('Template Title')).toBeNull();
    expect(screen.getByText('Logo design')).toBeTruthy();
    expect(editTemplate).not.toHaveBeenCalled();
  });

  it('Save Changes sends the edit and shows the saved template in view mode', async () => {
    vi.mocked(editTemplate).mockResolvedValue({ ...template, title: 'Logo pack', base_price_minor: 200_000, inspection_days: 7 });
    await renderPage();
    await click('Modify Template');
    fireEvent.change(screen.getByLabelText('Template Title'), { target: { value: 'Logo pack' } });
    fireEvent.change(screen.getByLabelText('Base Price'), { target: { value: '2000' } });
    fireEvent.change(screen.getByLabelText('Inspection window (days)'), { target: { value: '7' } });
    await click('Save Changes');
    expect(editTemplate).toHaveBeenCalledWith(template.id, {
      title: 'Logo pack',
      description: 'One logo, two revisions',
      base_price: '2000',
      currency: 'NGN',
      inspectionDays: 7,
    });
    expect(screen.queryByLabelText('Template Title')).toBeNull();
    expect(screen.getByText('Logo pack')).toBeTruthy();
    expect(screen.getByText('₦2,000.00')).toBeTruthy();
    expect(screen.getByText('7 days to check the delivery')).toBeTruthy();
  });

  it('refuses a currency escrow cannot carry yet, with the reason, and stays in edit mode', async () => {
    await renderPage();
    await click('Modify Template');
    const select = screen.getByLabelText('Currency') as HTMLSelectElement;
    expect([...select.options].filter((o) => !o.disabled).map((o) => o.value)).toEqual(['USD', 'EUR', 'GBP', 'NGN']);
    fireEvent.change(select, { target: { value: 'CAD' } });
    await click('Save Changes');
    expect(screen.getByText(currencyNotAvailable('CAD'))).toBeTruthy();
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(select);
    expect(editTemplate).not.toHaveBeenCalled();
  });

  it.each([
    ['Template Title', ' ', 'Please fill in all fields.'],
    ['Base Price', '-5', 'Please enter a valid, positive number for the base price.'],
    ['Base Price', '0', 'Please enter a valid, positive number for the base price.'],
    ['Inspection window (days)', '15', deliveryMessages.inspectionDaysRange],
    ['Inspection window (days)', '0', deliveryMessages.inspectionDaysRange],
  ])('refuses %s = %j with %j under it, focused, and stays in edit mode', async (label, value, message) => {
    await renderPage();
    await click('Modify Template');
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await click('Save Changes');
    const field = screen.getByLabelText(label);
    const describedBy = (field.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(message);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(editTemplate).not.toHaveBeenCalled();
  });

  it('deletes only after confirmation, then goes back to the list', async () => {
    vi.mocked(deleteTemplate).mockResolvedValue({ message: 'Template deleted.' });
    await renderPage();
    await click('Delete Template');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await click('Keep Template');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deleteTemplate).not.toHaveBeenCalled();

    await click('Delete Template');
    await click('Delete');
    expect(deleteTemplate).toHaveBeenCalledWith(template.id);
    expect(screen.getByText('Arrived at my-templates')).toBeTruthy();
  });

  it("shows the server's 403 text to someone who is not the creator", async () => {
    vi.mocked(getTemplate).mockRejectedValue(new ApiError(403, 'You are not authorized to view this template.', true));
    await renderPage();
    expect(screen.getByRole('alert').textContent).toBe('You are not authorized to view this template.');
    expect(screen.queryByRole('button', { name: 'Modify Template' })).toBeNull();
  });
});
