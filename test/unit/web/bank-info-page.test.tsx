// @vitest-environment happy-dom

import type { ProfileResponse } from '@escrow/api/identity';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filterBanks, uniqueBanks } from '../../../web/src/features/account/banks';
import { BankInfoPage } from '../../../web/src/pages/account/bank-info-page';
import { fakeApi, type Handler, reply } from './fake-api';
import { Arrived, click, renderSignedInAt, renderWithProviders, signedIn } from './providers';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

const banks = [
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '011', name: 'First Bank' },
  { code: '057', name: 'Zenith Bank' },
  { code: '058', name: 'GTBank Plc' },
  { code: '50211', name: 'Kuda Microfinance Bank' },
];

const account: ProfileResponse = {
  id: 'u1',
  email: 'ada@example.com',
  created_at: '2025-10-01T10:00:00.000Z',
  profile: {
    full_name: 'Ada Lovelace',
    username: null,
    phone_number: null,
    security_ques: 'Pet?',
    has_security_answer: true,
    has_payment_pin: true,
    account_number: null,
    bank_code: null,
    account_name: null,
    email_updates: true,
  },
};

const api = fakeApi();

/** The provider proxy: the bank list, and names for the account numbers in `names`. */
function provider(names: Record<string, string>): Handler {
  return (body) => {
    const request = body as { path: string; flutterwavePayload?: { account_number: string; account_bank: string } };
    if (request.path === '/banks/NG') return Response.json({ status: 'success', message: 'Banks fetched', data: banks });
    const payload = request.flutterwavePayload;
    const name = payload && names[`${payload.account_bank}:${payload.account_number}`];
    if (!name) return Response.json({ error: 'Could not verify account. Please check details and try again.' }, { status: 400 });
    return Response.json({
      status: 'success',
      message: 'Account details fetched',
      data: { account_number: payload.account_number, account_name: name },
    });
  };
}

const pages = (
  <>
    <Route path="/bank-info" element={<BankInfoPage />} />
    <Route path="/my-account" element={<Arrived at="my-account" />} />
    <Route path="/dashboard" element={<Arrived at="dashboard" />} />
  </>
);

const renderBankInfo = (entry = '/bank-info') => renderSignedInAt(entry, pages);

const bankSelect = () => screen.getByLabelText('Bank') as HTMLSelectElement;
const accountNumber = () => screen.getByLabelText('Account number') as HTMLInputElement;
const accountName = () => (screen.getByLabelText('Account name') as HTMLInputElement).value;
const optionNames = () => [...bankSelect().options].map((option) => option.text);
const search = () => screen.getByLabelText('Search banks') as HTMLInputElement;
/** The texts a control points to with aria-describedby (its hint, its refusal). */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function selectBank(code: string) {
  fireEvent.change(bankSelect(), { target: { value: code } });
}

async function typeAccountNumberAndLeave(value: string) {
  fireEvent.change(accountNumber(), { target: { value } });
  await act(async () => {
    fireEvent.blur(accountNumber());
  });
}

beforeEach(() => {
  api.install();
  api
    .on('GET', '/profile', reply(account))
    .on('POST', '/flutterwave-proxy', provider({ '058:0690000031': 'ADA LOVELACE', '057:0690000031': 'A. LOVELACE' }))
    .on('POST', '/save-bank-info', (body) =>
      Response.json({ message: 'Bank details saved successfully!', ...(body as object), account_name: 'ADA LOVELACE' }),
    );
  api.calls.length = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('bank list', () => {
  it('keeps one bank per code and sorts by name', () => {
    expect(uniqueBanks(banks).map((bank) => bank.code)).toEqual(['011', '058', '50211', '057']);
  });

  it('filters by name, ignoring case, by substring, keeping the selected bank', () => {
    const list = uniqueBanks(banks);
    expect(filterBanks(list, 'BANK').length).toBe(4);
    expect(filterBanks(list, 'zEn').map((bank) => bank.name)).toEqual(['Zenith Bank']);
    expect(filterBanks(list, 'zen', '011').map((bank) => bank.name)).toEqual(['First Bank', 'Zenith Bank']);
    expect(filterBanks(list, '  ')).toEqual(list);
  });
});

describe('bank info page', () => {
  it("loads the banks through the provider proxy under '-- Select Bank --', once per code", async () => {
    await renderBankInfo();
    expect(screen.getByRole('heading', { name: 'Enter Bank Details' })).toBeTruthy();
    expect(api.callsTo('POST', '/flutterwave-proxy')[0]?.body).toEqual({ path: '/banks/NG', method: 'GET' });
    expect(optionNames()).toEqual([
      '-- Select Bank --',
      'First Bank',
      'Guaranty Trust Bank',
      'Kuda Microfinance Bank',
      'Zenith Bank',
    ]);
  });

  it('filters the dropdown as the search box is typed in, case-insensitively, and says how many match', async () => {
    await renderBankInfo();
    fireEvent.change(search(), { target: { value: 'ZENITH' } });
    expect(optionNames()).toEqual(['-- Select Bank --', 'Zenith Bank']);
    expect(describedBy(search())).toBe('1 bank matches');
    fireEvent.change(search(), { target: { value: 'bank' } });
    expect(optionNames()).toHaveLength(5);
    expect(describedBy(search())).toBe('4 banks match');
    fireEvent.change(search(), { target: { value: 'monzo' } });
    expect(optionNames()).toEqual(['-- Select Bank --']);
    expect(describedBy(search())).toBe('No bank matches');
  });

  it('keeps the chosen bank in the dropdown whatever the search says', async () => {
    await renderBankInfo();
    selectBank('057');
    fireEvent.change(search(), { target: { value: 'kuda' } });
    expect(optionNames()).toEqual(['-- Select Bank --', 'Kuda Microfinance Bank', 'Zenith Bank']);
    expect(bankSelect().value).toBe('057');
  });

  it('takes Enter in the search box to the dropdown, choosing the one bank that matches, without saving', async () => {
    await renderBankInfo();
    fireEvent.change(search(), { target: { value: 'guaranty' } });
    fireEvent.keyDown(search(), { key: 'Enter' });
    expect(bankSelect().value).toBe('058');
    expect(document.activeElement).toBe(bankSelect());
    expect(screen.queryByText('Your payment PIN must be exactly 4 digits.')).toBeNull();

    fireEvent.change(search(), { target: { value: 'bank' } });
    fireEvent.keyDown(search(), { key: 'Enter' });
    expect(bankSelect().value).toBe('058');
    expect(api.callsTo('POST', '/save-bank-info')).toHaveLength(0);
  });

  it("says 'Could not load bank list at this time.' when the list cannot be loaded", async () => {
    api.on('POST', '/flutterwave-proxy', reply({ error: 'Provider unavailable' }, 502));
    await renderBankInfo();
    expect(screen.getByRole('alert').textContent).toBe('Could not load bank list at this time.');
  });

  it('keeps digits only in the account number, at most 10', async () => {
    await renderBankInfo();
    fireEvent.change(accountNumber(), { target: { value: '06a9-0000 0312345' } });
    expect(accountNumber().value).toBe('0690000031');
  });

  it('verifies the account when the number box loses focus and shows the name', async () => {
    await renderBankInfo();
    selectBank('058');
    await typeAccountNumberAndLeave('0690000031');
    expect(api.callsTo('POST', '/flutterwave-proxy')[1]?.body).toEqual({
      path: '/accounts/resolve',
      method: 'POST',
      flutterwavePayload: { account_number: '0690000031', account_bank: '058' },
    });
    expect(accountName()).toBe('ADA LOVELACE');
    expect(screen.getByRole('status').textContent).toBe('Account verified successfully!');
  });

  it('asks for a bank and 10 digits under their boxes before verifying, asking the provider nothing', async () => {
    await renderBankInfo();
    await typeAccountNumberAndLeave('0690000031');
    expect(describedBy(bankSelect())).toBe('Please select a bank.');
    expect(bankSelect().getAttribute('aria-invalid')).toBe('true');
    expect(accountNumber().getAttribute('aria-invalid')).toBeNull();
    await act(async () => selectBank('058'));
    // Put right, the bank's refusal goes at once.
    expect(bankSelect().getAttribute('aria-invalid')).toBeNull();
    await typeAccountNumberAndLeave('069000');
    expect(describedBy(accountNumber())).toBe('Please enter a valid 10-digit account number.');
    expect(api.callsTo('POST', '/flutterwave-proxy')).toHaveLength(1);
  });

  it('says what is wrong with a 9-digit account number once, on leaving the box and again on saving', async () => {
    await renderBankInfo();
    selectBank('058');
    await typeAccountNumberAndLeave('069000003');
    const message = 'Please enter a valid 10-digit account number.';
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    // The hint "10 digits" would say it a second time.
    expect(describedBy(accountNumber())).toBe(message);
    fireEvent.change(screen.getByLabelText('Payment PIN'), { target: { value: '1234' } });
    await click('Save Bank Info');
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText(/select a bank/)).toBeNull();
    expect(api.callsTo('POST', '/save-bank-info')).toHaveLength(0);
    // A tenth digit puts it right: the refusal goes and the hint is back.
    await typeAccountNumberAndLeave('0690000031');
    expect(screen.queryByText(message)).toBeNull();
    expect(describedBy(accountNumber())).toBe('10 digits');
  });

  it('says it could not verify and clears the name when the provider cannot resolve the account', async () => {
    await renderBankInfo();
    selectBank('058');
    await typeAccountNumberAndLeave('0690000031');
    expect(accountName()).toBe('ADA LOVELACE');
    await typeAccountNumberAndLeave('1234567890');
    expect(screen.getByRole('alert').textContent).toBe('Could not verify account. Please check details and try again.');
    expect(accountName()).toBe('');
  });

  it('clears the name whenever the bank or the number changes', async () => {
    await renderBankInfo();
    selectBank('058');
    await typeAccountNumberAndLeave('0690000031');
    selectBank('057');
    expect(accountName()).toBe('');
    await typeAccountNumberAndLeave('0690000031');
    expect(accountName()).toBe('A. LOVELACE');
    fireEvent.change(accountNumber(), { target: { value: '069000003' } });
    expect(accountName()).toBe('');
  });

  it("refuses to save with 'Please verify your account details first.' before a name is resolved", async () => {
    await renderBankInfo();
    selectBank('058');
    fireEvent.change(accountNumber(), { target: { value: '0690000031' } });
    fireEvent.change(screen.getByLabelText('Payment PIN'), { target: { value: '1234' } });
    await click('Save Bank Info');
    expect(screen.getByRole('status').textContent).toBe('Please verify your account details first.');
    expect(api.callsTo('POST', '/save-bank-info')).toHaveLength(0);
  });

  it('saves the bank, number and PIN, then opens My Account', async () => {
    await renderBankInfo();
    selectBank('058');
    await typeAccountNumberAndLeave('0690000031');
    fireEvent.change(screen.getByLabelText('Payment PIN'), { target: { value: '12a34' } });
    expect((screen.getByLabelText('Payment PIN') as HTMLInputElement).value).toBe('1234');
    await click('Save Bank Info');
    expect(api.callsTo('POST', '/save-bank-info')[0]?.body).toEqual({
      bank_code: '058',
      account_number: '0690000031',
      pin: '1234',
    });
    expect(screen.getByText('Arrived at my-account')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('navigation-state').textContent ?? 'null')).toEqual({
      notice: 'Bank details saved successfully!',
    });
  });

  it('asks for the 4-digit PIN under its box, and focuses it, before saving', async () => {
    await renderBankInfo();
    selectBank('058');
    await typeAccountNumberAndLeave('0690000031');
    await click('Save Bank Info');
    const pin = screen.getByLabelText('Payment PIN');
    expect(pin.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(pin)).toContain('Your payment PIN must be exactly 4 digits.');
    expect(document.activeElement).toBe(pin);
    expect(api.callsTo('POST', '/save-bank-info')).toHaveLength(0);
  });

  it('marks the bank and the number under each, each in its own words, when saving with neither, focusing the bank first', async () => {
    await renderBankInfo();
    await click('Save Bank Info');
    // Each box its own half of the spec's sentence: never the whole sentence twice.
    expect(bankSelect().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(bankSelect())).toBe('Please select a bank.');
    expect(accountNumber().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(accountNumber())).toBe('Please enter a valid 10-digit account number.');
    expect(document.activeElement).toBe(bankSelect());
    expect(api.callsTo('POST', '/save-bank-info')).toHaveLength(0);
  });

  it("shows the server's refusal, or 'Failed to save bank info. Please try again later.'", async () => {
    api.on('POST', '/save-bank-info', reply({ error: 'Incorrect payment PIN.' }, 400));
    await renderBankInfo();
    selectBank('058');
    await typeAccountNumberAndLeave('0690000031');
    fireEvent.change(screen.getByLabelText('Payment PIN'), { target: { value: '9999' } });
    await click('Save Bank Info');
    expect(screen.getByRole('alert').textContent).toBe('Incorrect payment PIN.');

    api.on('POST', '/save-bank-info', () => new Response('', { status: 502 }));
    await click('Save Bank Info');
    expect(screen.getByRole('alert').textContent).toBe('Failed to save bank info. Please try again later.');
  });

  it('points to /reset-pin, and back to this page, when the account has no payment PIN yet', async () => {
    api.on('GET', '/profile', reply({ ...account, profile: { ...account.profile, has_payment_pin: false } }));
    await renderBankInfo();
    expect(screen.getByRole('link', { name: 'Set your payment PIN' }).getAttribute('href')).toBe(
      '/reset-pin?returnTo=%2Fbank-info',
    );
  });

  it('keeps where it was opened from in the way to set a PIN, so both pages lead back there', async () => {
    api.on('GET', '/profile', reply({ ...account, profile: { ...account.profile, has_payment_pin: false } }));
    await renderBankInfo('/bank-info?returnTo=%2Fdashboard');
    const href = screen.getByRole('link', { name: 'Set your payment PIN' }).getAttribute('href') ?? '';
    const back = new URL(href, 'https://app.example').searchParams.get('returnTo');
    expect(back).toBe('/bank-info?returnTo=%2Fdashboard');
  });

  it('announces what it arrived with (the PIN just set)', async () => {
    renderWithProviders(
      <MemoryRouter initialEntries={[{ pathname: '/bank-info', state: { notice: 'Your payment PIN has been set.' } }]}>
        <Routes>{pages}</Routes>
      </MemoryRouter>,
      { auth: signedIn },
    );
    await act(async () => {});
    expect(screen.getByRole('status').textContent).toBe('Your payment PIN has been set.');
  });

  async function saveValidDetails() {
    selectBank('058');
    await typeAccountNumberAndLeave('0690000031');
    fireEvent.change(screen.getByLabelText('Payment PIN'), { target: { value: '1234' } });
    await click('Save Bank Info');
  }

  it('goes back to where it was opened from (returnTo) once saved', async () => {
    await renderBankInfo('/bank-info?returnTo=%2Fdashboard');
    await saveValidDetails();
    expect(screen.getByText('Arrived at dashboard')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('navigation-state').textContent ?? 'null')).toEqual({
      notice: 'Bank details saved successfully!',
    });
  });

  it.each(['//evil.example/steal', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses returnTo=%s and ends on My Account',
    async (returnTo) => {
      await renderBankInfo(`/bank-info?returnTo=${encodeURIComponent(returnTo)}`);
      await saveValidDetails();
      expect(screen.getByText('Arrived at my-account')).toBeTruthy();
    },
  );

  it('says nothing about the PIN when one is set', async () => {
    await renderBankInfo();
    expect(screen.queryByRole('link', { name: 'Set your payment PIN' })).toBeNull();
  });
});
