// @vitest-environment happy-dom

import { act, cleanup, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPaymentStatus } from '../../../web/src/features/payments/api';
import { ApiError } from '../../../web/src/lib/api';
import { PaymentCancelledPage } from '../../../web/src/pages/payment/payment-cancelled-page';
import { PaymentFailedPage } from '../../../web/src/pages/payment/payment-failed-page';
import { PaymentSuccessPage } from '../../../web/src/pages/payment/payment-success-page';
import { PaymentVerificationPage } from '../../../web/src/pages/payment/payment-verification-page';
import { renderSignedInAt } from './providers';

vi.mock('../../../web/src/features/payments/api', () => ({
  getCheckoutContract: vi.fn(),
  generateTransferAccount: vi.fn(),
  initiateOpayPayment: vi.fn(),
  startCardPayment: vi.fn(),
  getPaymentStatus: vi.fn(),
}));

const contractId = '01JCONTRACT000000000000000';
const txRef = 'MM-01JCONTRACT-u1abcdef-1759312800000';
/** Where the provider sends the payer back: our query plus its own status, tx_ref and transaction_id. */
const returnedWith = (status: string) =>
  `/payment-verification?tx_ref=${txRef}&contractId=${contractId}&status=${status}&tx_ref=${txRef}&transaction_id=9001`;

const renderAt = (entry: string) =>
  renderSignedInAt(
    entry,
    <>
      <Route path="/payment-verification" element={<PaymentVerificationPage />} />
      <Route path="/payment-success/:contractId" element={<PaymentSuccessPage />} />
      <Route path="/payment-cancelled/:contractId" element={<PaymentCancelledPage />} />
      <Route path="/payment-failed/:contractId" element={<PaymentFailedPage />} />
    </>,
  );

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(getPaymentStatus).mockReset().mockResolvedValue({ status: 'pending', contractId });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('payment verification /payment-verification', () => {
  it.each([`/payment-verification?tx_ref=${txRef}`, `/payment-verification?contractId=${contractId}`, '/payment-verification'])(
    "says 'Transaction reference or Contract ID is missing.' for %s and checks nothing",
    async (entry) => {
      await renderAt(entry);
      expect(screen.getByRole('alert').textContent).toBe('Transaction reference or Contract ID is missing.');
      await advance(10_000);
      expect(getPaymentStatus).not.toHaveBeenCalled();
    },
  );

  it('opens the cancelled page when the provider says cancelled, without asking the server', async () => {
    await renderAt(returnedWith('cancelled'));
    expect(heading()).toBe('Payment Cancelled');
    expect(href('Try Again')).toBe(`/custom-checkout/${contractId}`);
    expect(getPaymentStatus).not.toHaveBeenCalled();
  });

  it('opens the failed page when the provider says failed', async () => {
    await renderAt(returnedWith('failed'));
    expect(heading()).toBe('Payment Failed');
    expect(screen.getByText('Your payment was not completed. The contract has not been funded.')).toBeTruthy();
    expect(getPaymentStatus).not.toHaveBeenCalled();
  });

  it('verifies at once and every 5 seconds, and opens the success page with the tx_ref once the server says successful', async () => {
    vi.mocked(getPaymentStatus)
      .mockResolvedValueOnce({ status: 'pending', contractId })
      .mockResolvedValueOnce({ status: 'successful', contractId, amount_minor: 1_000_000 });
    await renderAt(returnedWith('successful'));
    expect(getPaymentStatus).toHaveBeenCalledTimes(1);
    expect(getPaymentStatus).toHaveBeenCalledWith(txRef);
    expect(heading()).toBe('Verifying Payment');
    // Back from the card checkout, the payer sees that something is happening.
    expect(screen.getByRole('status').textContent).toBe('Please wait while we confirm your payment. Do not close this page.');

    await advance(4_999);
    expect(getPaymentStatus).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(getPaymentStatus).toHaveBeenCalledTimes(2);
    expect(heading()).toBe('Payment Successful');
    expect(screen.getByText(`Reference: ${txRef}`)).toBeTruthy();
  });

  it('opens the failed page when the server says the payment failed', async () => {
    vi.mocked(getPaymentStatus).mockResolvedValue({ status: 'failed', contractId });
    await renderAt(returnedWith('successful'));
    expect(heading()).toBe('Payment Failed');
  });

  it('says the payment is being refunded, without Try Again, when the contract took none of it', async () => {
    vi.mocked(getPaymentStatus).mockResolvedValue({ status: 'refunding', contractId, amount_minor: 0, refunding_minor: 400_000 });
    await renderAt(`/payment-verification?tx_ref=${txRef}&contractId=${contractId}`);
    await advance(0);
    expect(heading()).toBe('Payment Failed');
    expect(
      screen.getByText(
        'This contract could not take your payment (it no longer takes payments, or it was paid in another currency), so all of it is being refunded to you.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Try Again' })).toBeNull();
  });

  it("shows 'Confirmation is Taking Longer Than Usual' after 24 pending checks, with a link to Engaged Contracts, and stops", async () => {
    // The provider says successful; only the server's word counts.
    await renderAt(returnedWith('successful'));
    await advance(22 * 5_000);
    expect(getPaymentStatus).toHaveBeenCalledTimes(23);
    expect(heading()).toBe('Verifying Payment');

    await advance(5_000);
    expect(getPaymentStatus).toHaveBeenCalledTimes(24);
    expect(heading()).toBe('Confirmation is Taking Longer Than Usual');
    expect(href('Go to Engaged Contracts')).toBe('/engaged-contracts');

    await advance(60_000);
    expect(getPaymentStatus).toHaveBeenCalledTimes(24);
  });

  it("says 'Verification service is temporarily unavailable.' when a check fails with 503, and keeps checking", async () => {
    vi.mocked(getPaymentStatus)
      .mockRejectedValueOnce(new ApiError(503, 'Payment provider unavailable', true))
      .mockResolvedValueOnce({ status: 'successful', contractId });
    await renderAt(returnedWith('successful'));
    expect(screen.getByRole('alert').textContent).toBe('Verification service is temporarily unavailable.');
    expect(heading()).toBe('Verifying Payment');

    await advance(5_000);
    expect(getPaymentStatus).toHaveBeenCalledTimes(2);
    expect(heading()).toBe('Payment Successful');
  });

  it("stops and shows the server's reason when it refuses the check (not a passing outage)", async () => {
    vi.mocked(getPaymentStatus).mockRejectedValue(
      new ApiError(403, 'Only the buyer of this contract can pay into its escrow.', true),
    );
    await renderAt(returnedWith('successful'));
    expect(screen.getByRole('alert').textContent).toBe('Only the buyer of this contract can pay into its escrow.');
    await advance(30_000);
    expect(getPaymentStatus).toHaveBeenCalledTimes(1);
  });
});

describe('payment outcome pages', () => {
  it('failed page: the spec text, Try Again to the checkout and a way to the dashboard', async () => {
    await renderAt(`/payment-failed/${contractId}`);
    expect(screen.getByRole('alert').textContent).toBe('Your payment was not completed. The contract has not been funded.');
    expect(href('Try Again')).toBe(`/custom-checkout/${contractId}`);
    expect(href('Go to Dashboard')).toBe('/dashboard');
  });

  it('cancelled page: Try Again to the checkout and a way to the dashboard', async () => {
    await renderAt(`/payment-cancelled/${contractId}`);
    expect(heading()).toBe('Payment Cancelled');
    expect(href('Try Again')).toBe(`/custom-checkout/${contractId}`);
    expect(href('Go to Dashboard')).toBe('/dashboard');
  });

  it('success page: the funds are in escrow, with links to Engaged Contracts and the dashboard', async () => {
    await renderAt(`/payment-success/${contractId}?tx_ref=${txRef}`);
    expect(screen.getByText(/held securely in escrow/)).toBeTruthy();
    expect(screen.getByText(`Reference: ${txRef}`)).toBeTruthy();
    expect(href('View in Engaged Contracts')).toBe('/engaged-contracts');
    expect(href('Go to Dashboard')).toBe('/dashboard');
  });
});
