// @vitest-environment happy-dom

import type { RefundView } from '@escrow/api/refunds';
import { cleanup, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { RefundsPanel, refundTexts } from '../../../web/src/features/contracts/refunds';
import { fakeApi, reply } from './fake-api';
import { renderSignedInAt } from './providers';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

/** A dollar refund the card would not take back, sent to the buyer's naira account converted. */
const api = fakeApi();
const sentInNaira: RefundView = {
  leg: 'tx-1',
  reason: 'cancellation',
  amount_minor: 10_000,
  currency: 'USD',
  status: 'refunded',
  method: 'bank_transfer',
  to: { account_name: 'Chinedu Eze', bank_name: 'Access Bank', account_number: '******0033' },
  conversion: { currency: 'NGN', rate: 1500, amount_minor: 15_000_000 },
  created_at: '2026-11-28T12:00:00.000Z',
  completed_at: '2026-11-28T12:05:00.000Z',
};

beforeEach(() => api.install());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const panel = () => renderSignedInAt('/c1', <Route path="/:id" element={<RefundsPanel contractId="c1" revision={0} />} />);

it('shows a dollar refund sent to a naira account with the naira it was sent as, and the rate', async () => {
  api.on('GET', '/contracts/c1/refunds', reply({ refunds: [sentInNaira] }));
  await panel();
  const detail = (await screen.findByText(refundTexts.inNairaLabel)).parentElement;
  expect(detail?.textContent).toContain('₦150,000.00 at ₦1,500.00 per $1');
  expect(screen.getByText('$100.00')).toBeTruthy();
});

it('shows no naira for a refund that went back to the card', async () => {
  api.on(
    'GET',
    '/contracts/c1/refunds',
    reply({ refunds: [{ ...sentInNaira, method: 'provider_refund', to: null, conversion: null }] }),
  );
  await panel();
  await screen.findByText('Refunded to you');
  expect(screen.queryByText(refundTexts.inNairaLabel)).toBeNull();
});
