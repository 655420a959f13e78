// @vitest-environment happy-dom

import type { ContractView } from '@escrow/api/contracts';
import type { ProfileResponse } from '@escrow/api/identity';
import type { ContractAnalytics, PayoutView } from '@escrow/api/payouts';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DollarAccountPage } from '../../../web/src/pages/account/bank-info-page';
import { aContractView } from '../../support/contract-view';
import { fakeApi, reply } from './fake-api';
import { Arrived, click, renderSignedInAt } from './providers';
import { sellerPayoutPages } from './seller-payout-pages';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

/**
 * A dollar contract whose seller has a dollar (domiciliary) account on file: the release asks where
 * the payout goes, the naira account converted at the rate shown (the default) or the dollar
 * account in dollars, and sends that choice, with the rate only for naira.
 */

const contractId = '01JCONTRACT000000000000000';
const analyticsPath = `/contracts/${contractId}/analytics`;

const contract: ContractView = aContractView({
  id: contractId,
  creator_id: 'u1',
  acceptor_id: 'buyer-1',
  currency: 'USD',
  value_minor: 100_000,
  status: 'payer_marked_satisfied',
  amount_paid_minor: 100_000,
  payer_user_ids: ['buyer-1'],
  marked_as_cc: 'buyer-1',
  accepted_by: ['buyer-1'],
});

// $1,000 less 2% is $980: ₦1,470,000 at ₦1,500 per $1 to the naira account, or $980 to the dollar one.
const payout: PayoutView = {
  status: 'not_requested',
  released_minor: 100_000,
  fee_minor: 2_000,
  payout_minor: 98_000,
  reference: null,
  provider_message: null,
  bank_code: '044',
  account_number: '0690000032',
  account_name: 'Babatunde Adeyemi',
  paid_at: null,
  conversion: { currency: 'NGN', rate: 1500, amount_minor: 147_000_000 },
  own_currency_account: { bank_code: '058', account_number: '0123451234', account_name: 'Ade Obi' },
};

const analytics = (p: Partial<PayoutView> = {}, c: Partial<ContractView> = {}): ContractAnalytics => ({
  contract: { ...contract, ...c },
  payout: { ...payout, ...p },
});

const toDollars = '$980.00 to your dollar account Ade Obi at Guaranty Trust Bank ******1234.';
const toNaira = '$980.00 at ₦1,500.00 per $1 is ₦1,470,000.00, paid to your naira account.';

const api = fakeApi();

const { analyticsPage, pages } = sellerPayoutPages(api, contract);

const choice = (label: string) => screen.getByRole('radio', { name: label }) as HTMLInputElement;
const typePin = (pin: string) => fireEvent.change(screen.getByLabelText('Payment PIN'), { target: { value: pin } });
const releases = () => api.callsTo('POST', '/release-funds').map((call) => call.body);
const released = reply({
  message: 'Release requested. Your payout is on its way to your dollar account.',
  contract: { ...contract, status: 'releasing' },
});

beforeEach(() => {
  api.install();
  api.on('GET', analyticsPath, reply(analytics())).on('POST', '/release-funds', released);
  api.calls.length = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe.each(pages)('the release of a dollar contract with a dollar account on file, on the %s', (_, renderPage) => {
  it('offers both places, the naira account chosen until the seller picks the dollar one', async () => {
    await renderPage();
    expect(screen.getByText('Where should the payout go?')).toBeTruthy();
    expect(choice(toNaira).checked).toBe(true);
    expect(choice(toDollars).checked).toBe(false);
  });

  it('sends the dollar account as the choice, and no rate: nothing is converted', async () => {
    await renderPage();
    fireEvent.click(choice(toDollars));
    expect(screen.queryByText(/^This is the provider's exchange rate now/)).toBeNull();
    typePin('1234');
    await click('Release Funds');
    expect(releases()).toEqual([{ contractId, pin: '1234', payTo: 'own_currency' }]);
    expect(screen.getByRole('status').textContent).toBe('Release requested. Your payout is on its way to your dollar account.');
  });

  it('still releases to the dollar account while the rate cannot be read, the naira account then out of reach', async () => {
    api.on('GET', analyticsPath, reply(analytics({ conversion: null })));
    await renderPage();
    const nairaChoice = choice('The exchange rate cannot be read right now. Try again in a minute.');
    expect(nairaChoice.disabled).toBe(true);
    expect(choice(toDollars).checked).toBe(true);
    typePin('1234');
    await click('Release Funds');
    expect(releases()).toEqual([{ contractId, pin: '1234', payTo: 'own_currency' }]);
  });

  it('sends the naira account with the rate shown when the seller keeps it', async () => {
    await renderPage();
    expect(screen.getByText(/^This is the provider's exchange rate now/)).toBeTruthy();
    typePin('1234');
    await click('Release Funds');
    expect(releases()).toEqual([{ contractId, pin: '1234', rate: 1500, payTo: 'naira' }]);
  });
});

describe('a dollar contract without a dollar account on file', () => {
  it('asks nothing and sends the naira release as before', async () => {
    api.on('GET', analyticsPath, reply(analytics({ own_currency_account: null })));
    await analyticsPage();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText(toNaira)).toBeTruthy();
    typePin('1234');
    await click('Release Funds');
    expect(releases()).toEqual([{ contractId, pin: '1234', rate: 1500 }]);
  });
});

describe('a dollar contract paid to the dollar account', () => {
  it('says on the analytics page where the dollars went', async () => {
    api.on(
      'GET',
      analyticsPath,
      reply(
        analytics(
          {
            status: 'paid',
            reference: `payout-${contractId}`,
            conversion: undefined,
            own_currency_account: undefined,
            destination_currency: 'USD',
            bank_code: '058',
            account_number: '0123451234',
            account_name: 'Ade Obi',
            paid_at: '2026-11-28T10:00:00.000Z',
          },
          { status: 'completed' },
        ),
      ),
    );
    await analyticsPage();
    const line = screen.getByText('Paid to your dollar account', { selector: 'dt' }).nextElementSibling?.textContent;
    expect(line).toContain('******1234');
    expect(screen.queryByText(/naira account/)).toBeNull();
  });
});

describe('the dollar account page', () => {
  const account: ProfileResponse = {
    id: 'u1',
    email: 'ada@example.com',
    created_at: '2025-10-01T10:00:00.000Z',
    profile: {
      full_name: 'Ade Obi',
      username: null,
      phone_number: null,
      security_ques: 'Pet?',
      has_security_answer: true,
      has_payment_pin: true,
      account_number: '0690000032',
      bank_code: '044',
      account_name: 'Babatunde Adeyemi',
      email_updates: true,
    },
  };

  beforeEach(() => {
    api
      .on('GET', '/profile', reply(account))
      .on('POST', '/flutterwave-proxy', (body) => {
        const request = body as { path: string; flutterwavePayload?: { account_number: string } };
        if (request.path === '/banks/NG')
          return Response.json({
            status: 'success',
            message: 'Banks fetched',
            data: [{ code: '058', name: 'Guaranty Trust Bank' }],
          });
        return Response.json({
          status: 'success',
          message: 'Account details fetched',
          data: { account_number: request.flutterwavePayload?.account_number, account_name: 'ADE OBI' },
        });
      })
      .on('POST', '/save-bank-info', (body) =>
        Response.json({ message: 'Bank details saved successfully!', ...(body as object), account_name: 'ADE OBI' }),
      );
  });

  it('says only dollars are paid this way, and saves the account as the dollar one with where dollar settlements go', async () => {
    await renderSignedInAt(
      '/dollar-account',
      <>
        <Route path="/dollar-account" element={<DollarAccountPage />} />
        <Route path="/my-account" element={<Arrived at="my-account" />} />
      </>,
    );
    expect(screen.getByText('Only US dollars: euro and pound contracts are paid to your naira account.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Bank'), { target: { value: '058' } });
    const number = screen.getByLabelText('Account number');
    fireEvent.change(number, { target: { value: '0123451234' } });
    await act(async () => {
      fireEvent.blur(number);
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /^Also pay my dollar contracts here when a dispute is settled/ }));
    fireEvent.change(screen.getByLabelText('Payment PIN'), { target: { value: '1234' } });
    await click('Save Bank Info');
    expect(api.callsTo('POST', '/save-bank-info').map((call) => call.body)).toEqual([
      { bank_code: '058', account_number: '0123451234', pin: '1234', currency: 'USD', preferred: true },
    ]);
    expect(JSON.parse(screen.getByTestId('navigation-state').textContent ?? 'null')).toEqual({
      notice: 'Dollar account saved successfully!',
    });
  });
});
