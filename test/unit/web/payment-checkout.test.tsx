// @vitest-environment happy-dom

import type { ContractView } from '@escrow/api/contracts';
import type { CardPaymentResponse, TransferAccountResponse } from '@escrow/api/payments';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  generateTransferAccount,
  getCheckoutContract,
  getPaymentStatus,
  initiateOpayPayment,
  startCardPayment,
} from '../../../web/src/features/payments/api';
import { ApiError } from '../../../web/src/lib/api';
import { dispatchRealtimeEvent } from '../../../web/src/lib/realtime';
import { CustomCheckoutPage } from '../../../web/src/pages/payment/custom-checkout-page';
import { PaymentSuccessPage } from '../../../web/src/pages/payment/payment-success-page';
import { aContractView } from '../../support/contract-view';
import { click, renderSignedInAt, testConfig } from './providers';

vi.mock('../../../web/src/features/payments/api', () => ({
  getCheckoutContract: vi.fn(),
  generateTransferAccount: vi.fn(),
  initiateOpayPayment: vi.fn(),
  startCardPayment: vi.fn(),
  getPaymentStatus: vi.fn(),
}));

const contractId = '01JCONTRACT000000000000000';

// Half of the value is already paid: the summary shows ₦5,000.00 due, which is NOT what the
// server asks for below, so a page that charged its own figure would be caught.
const contract: ContractView = aContractView({
  id: contractId,
  creator_id: 'creator-1',
  status: 'in_escrow',
  amount_paid_minor: 500_000,
  payer_user_ids: ['u1'],
  accepted_by: ['u1'],
});

const transferAccount: TransferAccountResponse = {
  txRef: 'MM-BANK-1',
  amount_minor: 500_075,
  currency: 'NGN',
  title: 'Logo design',
  account_number: '0123456789',
  bank_name: 'Wema Bank',
  expires_at: '2025-10-01T11:00:00.000Z',
};

const cardPayment: CardPaymentResponse = {
  txRef: 'MM-01JCONTRACT-u1abcdef-1759312800000',
  amount_minor: 1_234_550,
  currency: 'USD',
  customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
};

const renderCheckout = () =>
  renderSignedInAt(
    `/custom-checkout/${contractId}`,
    <>
      <Route path="/custom-checkout/:contractId" element={<CustomCheckoutPage />} />
      <Route path="/payment-success/:contractId" element={<PaymentSuccessPage />} />
    </>,
  );

async function openTab(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('tab', { name }));
  });
}

const panel = () => screen.getByRole('tabpanel');

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Scripts the page added to <head>: kept out of the document (happy-dom would try to fetch them); tests fire their events. */
const addedScripts: HTMLScriptElement[] = [];

beforeEach(() => {
  vi.mocked(getCheckoutContract).mockReset().mockResolvedValue(contract);
  vi.mocked(generateTransferAccount).mockReset().mockResolvedValue(transferAccount);
  vi.mocked(getPaymentStatus).mockReset().mockResolvedValue({ status: 'pending', contractId });
  vi.mocked(startCardPayment).mockReset().mockResolvedValue(cardPayment);
  vi.mocked(initiateOpayPayment).mockReset();
  addedScripts.length = 0;
  const appendChild = document.head.appendChild.bind(document.head);
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    if (node instanceof HTMLScriptElement) {
      addedScripts.push(node);
      return node;
    }
    return appendChild(node);
  });
});

afterEach(() => {
  cleanup();
  // A script still "loading" would be shared with the next test's page.
  for (const script of addedScripts) script.dispatchEvent(new Event('error'));
  window.FlutterwaveCheckout = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('custom checkout /custom-checkout/{id}', () => {
  it('shows the contract title and the amount still due, the three tabs, support and the FAQ', async () => {
    await renderCheckout();
    expect(getCheckoutContract).toHaveBeenCalledWith(contractId);
    expect(screen.getByText('Logo design')).toBeTruthy();
    expect(screen.getByText('₦5,000.00')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Bank Transfer', 'Card', 'OPay']);
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/support');
    expect(screen.getByText('How does escrow protect me?')).toBeTruthy();
    expect(screen.getByText(/Usually 2-5 minutes/)).toBeTruthy();
  });

  it('shows, before paying, who the seller is, the contract amount and what the buyer pays, with the fee said to be the seller’s', async () => {
    vi.mocked(getCheckoutContract).mockResolvedValue({ ...contract, seller_name: 'Ada Obi' });
    await renderCheckout();
    expect(screen.getByText('Seller').nextElementSibling?.textContent).toBe('Ada Obi');
    expect(screen.getByText('Contract amount').nextElementSibling?.textContent).toBe('₦10,000.00');
    expect(screen.getByText('You pay').nextElementSibling?.textContent).toBe(
      "₦5,000.00No fee for you: the 2% fee comes out of the seller's payout. The money stays in escrow until you are satisfied.",
    );
  });

  it("shows the server's text when the contract cannot be loaded, and offers no way to pay", async () => {
    vi.mocked(getCheckoutContract).mockRejectedValue(new ApiError(404, 'Contract not found.', true));
    await renderCheckout();
    expect(screen.getByRole('alert').textContent).toBe('Contract not found.');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(generateTransferAccount).not.toHaveBeenCalled();
  });
});

describe('bank transfer tab', () => {
  it("shows the server's account number (copyable), bank, exact amount and expiry", async () => {
    await renderCheckout();
    expect(generateTransferAccount).toHaveBeenCalledWith(contractId);
    const bank = within(panel());
    expect(bank.getByText('0123456789')).toBeTruthy();
    expect(bank.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(bank.getByText('Wema Bank')).toBeTruthy();
    expect(bank.getAllByText('₦5,000.75').length).toBeGreaterThan(0);
    expect(bank.getByText('Expires')).toBeTruthy();
  });

  it('checks the payment status every 5 seconds with its txRef, and opens the success page once it is successful', async () => {
    vi.useFakeTimers();
    vi.mocked(getPaymentStatus)
      .mockResolvedValueOnce({ status: 'pending', contractId })
      .mockResolvedValueOnce({ status: 'pending', contractId })
      .mockResolvedValueOnce({ status: 'successful', contractId, amount_minor: 500_075 });
    await renderCheckout();

    await advance(4_999);
    expect(getPaymentStatus).not.toHaveBeenCalled();
    await advance(1);
    expect(getPaymentStatus).toHaveBeenCalledTimes(1);
    expect(getPaymentStatus).toHaveBeenCalledWith('MM-BANK-1');
    await advance(4_999);
    expect(getPaymentStatus).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(getPaymentStatus).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Payment Successful')).toBeNull();

    await advance(5_000);
    expect(getPaymentStatus).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(screen.getByText('Reference: MM-BANK-1')).toBeTruthy();
    await advance(20_000);
    expect(getPaymentStatus).toHaveBeenCalledTimes(3);
  });

  it('checks at once when the server announces a change of one of the person’s contracts, without waiting for the next 5 s', async () => {
    vi.useFakeTimers();
    vi.mocked(getPaymentStatus)
      .mockResolvedValueOnce({ status: 'successful', contractId, amount_minor: 500_075 })
      .mockResolvedValue({ status: 'pending', contractId });
    await renderCheckout();
    await advance(1_000);
    expect(getPaymentStatus).not.toHaveBeenCalled();
    await act(async () =>
      dispatchRealtimeEvent({ type: 'contract', contract_id: contractId, status: 'fully_funded', version: 3 }),
    );
    expect(getPaymentStatus).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    // Settled: later announcements and ticks ask nothing more.
    await act(async () =>
      dispatchRealtimeEvent({ type: 'contract', contract_id: contractId, status: 'fully_funded', version: 4 }),
    );
    await advance(20_000);
    expect(getPaymentStatus).toHaveBeenCalledTimes(1);
  });

  it("says 'Could not generate account details.', or the server's own reason", async () => {
    vi.mocked(generateTransferAccount).mockRejectedValueOnce(new Error('network down'));
    await renderCheckout();
    expect(screen.getByRole('alert').textContent).toBe('Could not generate account details.');
    cleanup();

    vi.mocked(generateTransferAccount).mockRejectedValueOnce(new ApiError(409, 'This contract is already fully funded.', true));
    await renderCheckout();
    expect(screen.getByRole('alert').textContent).toBe('This contract is already fully funded.');
    expect(getPaymentStatus).not.toHaveBeenCalled();
  });

  it('keeps the same account and its polling when the payer looks at another tab and comes back', async () => {
    vi.useFakeTimers();
    await renderCheckout();
    await openTab('Card');
    await advance(5_000);
    expect(getPaymentStatus).toHaveBeenCalledWith('MM-BANK-1');
    await openTab('Bank Transfer');
    expect(generateTransferAccount).toHaveBeenCalledTimes(1);
    expect(within(panel()).getByText('0123456789')).toBeTruthy();
  });
});

describe('card tab', () => {
  it("loads the widget script, then opens it with the server's tx_ref, amount and currency and the verification redirect", async () => {
    await renderCheckout();
    await openTab('Card');
    await click('Pay with Card');

    expect(startCardPayment).toHaveBeenCalledWith(contractId);
    expect(addedScripts).toHaveLength(1);
    expect(addedScripts[0]?.getAttribute('src')).toBe(testConfig.payments.checkoutScriptUrl);

    const checkout = vi.fn();
    window.FlutterwaveCheckout = checkout;
    await act(async () => {
      addedScripts[0]?.dispatchEvent(new Event('load'));
    });

    expect(checkout).toHaveBeenCalledTimes(1);
    expect(checkout).toHaveBeenCalledWith({
      public_key: 'FLWPUBK_TEST-key-X',
      tx_ref: cardPayment.txRef,
      amount: 12345.5,
      currency: 'USD',
      payment_options: 'card',
      redirect_url: `${window.location.origin}/payment-verification?tx_ref=${cardPayment.txRef}&contractId=${contractId}`,
      customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
      customizations: { title: 'Logo design' },
    });
  });

  it('adds the script only once: a second payment reuses the loaded widget', async () => {
    await renderCheckout();
    await openTab('Card');
    await click('Pay with Card');
    const checkout = vi.fn();
    window.FlutterwaveCheckout = checkout;
    await act(async () => {
      addedScripts[0]?.dispatchEvent(new Event('load'));
    });

    await click('Pay with Card');
    expect(addedScripts).toHaveLength(1);
    expect(startCardPayment).toHaveBeenCalledTimes(2);
    expect(checkout).toHaveBeenCalledTimes(2);
  });

  it("says 'Payment service is not ready. Please try again.' when the script leaves no widget", async () => {
    await renderCheckout();
    await openTab('Card');
    await click('Pay with Card');
    await act(async () => {
      addedScripts[0]?.dispatchEvent(new Event('load'));
    });
    expect(screen.getByRole('alert').textContent).toBe('Payment service is not ready. Please try again.');
    expect((screen.getByRole('button', { name: 'Pay with Card' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's refusal and opens no widget when the payment cannot start", async () => {
    vi.mocked(startCardPayment).mockRejectedValue(
      new ApiError(403, 'Only the buyer of this contract can pay into its escrow.', true),
    );
    await renderCheckout();
    await openTab('Card');
    await click('Pay with Card');
    expect(screen.getByRole('alert').textContent).toBe('Only the buyer of this contract can pay into its escrow.');
    expect(addedScripts).toHaveLength(0);
  });
});

describe('OPay tab', () => {
  it('sends the browser to the payment link the server gives', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    vi.mocked(initiateOpayPayment).mockResolvedValue({
      txRef: 'MM-OPAY-1',
      paymentLink: 'https://pay.opay.example/checkout/abc',
    });
    await renderCheckout();
    await openTab('OPay');
    await click('Pay with OPay');
    expect(initiateOpayPayment).toHaveBeenCalledWith(contractId);
    expect(assign).toHaveBeenCalledWith('https://pay.opay.example/checkout/abc');
  });

  it("says 'OPay payment link was not provided.' when the reply has no link", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    vi.mocked(initiateOpayPayment).mockResolvedValue({ txRef: 'MM-OPAY-1' });
    await renderCheckout();
    await openTab('OPay');
    await click('Pay with OPay');
    expect(screen.getByRole('alert').textContent).toBe('OPay payment link was not provided.');
    expect(assign).not.toHaveBeenCalled();
  });

  it("says 'Could not initiate OPay payment.' when the call fails", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    vi.mocked(initiateOpayPayment).mockRejectedValue(new Error('network down'));
    await renderCheckout();
    await openTab('OPay');
    await click('Pay with OPay');
    expect(screen.getByRole('alert').textContent).toBe('Could not initiate OPay payment.');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('a contract in dollars, euros or pounds', () => {
  it('offers only the card, says in one sentence why, and asks for no transfer account', async () => {
    vi.mocked(getCheckoutContract).mockResolvedValue({ ...contract, currency: 'USD' });
    await renderCheckout();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Card']);
    expect(screen.getByRole('tab', { name: 'Card' }).getAttribute('aria-selected')).toBe('true');
    expect(
      screen.getByText(
        'Bank transfer and OPay are only available for contracts in NGN (₦), so this USD contract is paid by card.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('You pay').nextElementSibling?.textContent).toMatch(/^\$5,000\.00/);
    expect(screen.queryByText('How long does a bank transfer take to confirm?')).toBeNull();
    expect(generateTransferAccount).not.toHaveBeenCalled();

    await click('Pay with Card');
    const checkout = vi.fn();
    window.FlutterwaveCheckout = checkout;
    await act(async () => {
      addedScripts[0]?.dispatchEvent(new Event('load'));
    });
    expect(checkout).toHaveBeenCalledWith(expect.objectContaining({ tx_ref: cardPayment.txRef, currency: 'USD' }));
    expect(initiateOpayPayment).not.toHaveBeenCalled();
  });

  it('offers all three ways, with no such sentence, for a naira contract', async () => {
    await renderCheckout();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Bank Transfer', 'Card', 'OPay']);
    expect(screen.queryByText(/are only available for contracts in/)).toBeNull();
  });
});
