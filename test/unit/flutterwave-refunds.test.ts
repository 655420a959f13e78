import { describe, expect, it } from 'vitest';
import { ProviderRejectedError, ProviderUnavailableError } from '../../lambdas/core/adapters/flutterwave/client';
import {
  createRefund,
  findRefundsForTransaction,
  getRefund,
  normaliseRefundStatus,
  RefundExceedsRemainingError,
  RefundNotSupportedError,
  refundFromWebhook,
  refundWebhookSchema,
} from '../../lambdas/core/adapters/flutterwave/refunds';
import { webhookEvent } from '../../lambdas/core/adapters/flutterwave/webhooks';
import { scriptedProvider } from '../support/scripted-provider';

/**
 * What the adapter makes of the provider's refund answers, with `fetch` answering as v3 does.
 * The same calls run against the local sandbox in test/integration/flutterwave-refunds-sandbox.test.ts.
 */

const scripted = scriptedProvider();

/** Answers each request with the next reply and records the requests. */
function provider(...replies: Array<{ status: number; body: unknown }>) {
  return scripted.reply(...replies);
}

const error = (message: string) => ({ status: 'error', message, data: null });

/** The create answer's `data`, as v3's refund guide shows it. */
function refundData(fields: Record<string, unknown> = {}) {
  return {
    id: 75923,
    account_id: 73362,
    tx_id: 908790,
    flw_ref: 'URF_1577867664541_3572735',
    wallet_id: 74639,
    amount_refunded: 6900.5,
    status: 'completed',
    destination: 'payment_source',
    meta: { source: 'availablebalance' },
    created_at: '2021-01-24T09:18:37.366Z',
    ...fields,
  };
}

/** A row of `GET /refunds`, as v3's reference shows it. */
function listRow(fields: Record<string, unknown> = {}) {
  return {
    id: 75923,
    amount_refunded: 6900.5,
    status: 'completed',
    flw_ref: 'URF_1577867664541_3572735',
    comment: 'Escrow cancelled',
    settlement_id: 'N/A',
    meta: null,
    created_at: '2021-01-24T09:18:37.366Z',
    account_id: 73362,
    transaction_id: 908790,
    ...fields,
  };
}

const initiated = (data: unknown) => ({
  status: 200,
  body: { status: 'success', message: 'Transaction refund initiated', data },
});

describe('createRefund', () => {
  it('sends the amount in naira with the comments and answers the refund in kobo', async () => {
    const requests = provider(initiated(refundData()));
    expect(await createRefund({ transactionId: 908790, amountMinor: 690_050, comments: 'Escrow cancelled' })).toEqual({
      id: 75923,
      transactionId: 908790,
      amountMinor: 690_050,
      status: 'completed',
      providerStatus: 'completed',
      flwRef: 'URF_1577867664541_3572735',
      comments: '',
      createdAt: '2021-01-24T09:18:37.366Z',
    });
    expect(requests).toEqual([
      {
        url: `${scripted.baseUrl}/transactions/908790/refund`,
        method: 'POST',
        body: { amount: 6900.5, comments: 'Escrow cancelled' },
      },
    ]);
  });

  it('always sends the amount and sends no comments when none are given', async () => {
    const requests = provider(initiated(refundData({ status: 'pending' })));
    expect(await createRefund({ transactionId: '908790', amountMinor: 100 })).toMatchObject({ status: 'pending' });
    expect(requests[0]?.body).toEqual({ amount: 1 });
  });

  it.each([
    'Refunds are not supported for bank_transfer transactions',
    'This transaction cannot be refunded',
    'Transaction is not eligible for refund',
    'Payment method not refundable',
  ])('reads the refusal "%s" as a payment that cannot be refunded', async (message) => {
    provider({ status: 400, body: error(message) });
    const attempt = createRefund({ transactionId: 908790, amountMinor: 100 });
    await expect(attempt).rejects.toBeInstanceOf(RefundNotSupportedError);
    // Still a refusal, never the retryable kind, for code that only knows ProviderRejectedError.
    await expect(attempt).rejects.toBeInstanceOf(ProviderRejectedError);
    await expect(attempt).rejects.toMatchObject({ transactionId: 908790, statusCode: 400, retryable: false, message });
  });

  it.each([
    'Refund amount NGN 600.00 exceeds the amount left to refund on this transaction (NGN 500.00)',
    'Amount to be refunded cannot be greater than the transaction amount',
    'This transaction has already been fully refunded',
  ])('reads the refusal "%s" as more than remains to refund', async (message) => {
    provider({ status: 400, body: error(message) });
    const attempt = createRefund({ transactionId: 908790, amountMinor: 100 });
    await expect(attempt).rejects.toBeInstanceOf(RefundExceedsRemainingError);
    await expect(attempt).rejects.not.toBeInstanceOf(RefundNotSupportedError);
  });

  it('keeps other refusals as ProviderRejectedError and a provider failure as retryable ProviderUnavailableError', async () => {
    provider({ status: 400, body: error('Only a successful transaction can be refunded; this one is pending') });
    const refused = createRefund({ transactionId: 908790, amountMinor: 100 });
    await expect(refused).rejects.toBeInstanceOf(ProviderRejectedError);
    await expect(refused).rejects.not.toBeInstanceOf(RefundNotSupportedError);
    await expect(refused).rejects.not.toBeInstanceOf(RefundExceedsRemainingError);

    // A 5xx that says "cannot be refunded" still says nothing about whether the refund was made.
    provider({ status: 502, body: error('This transaction cannot be refunded') });
    const lost = createRefund({ transactionId: 908790, amountMinor: 100 });
    await expect(lost).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(lost).rejects.toMatchObject({ retryable: true });
  });

  it('refuses a non-numeric transaction id, zero and fractions of a kobo without calling the provider', async () => {
    const requests = provider();
    await expect(createRefund({ transactionId: '1/../2', amountMinor: 100 })).rejects.toThrow(RangeError);
    await expect(createRefund({ transactionId: 1, amountMinor: 0 })).rejects.toThrow(RangeError);
    await expect(createRefund({ transactionId: 1, amountMinor: 1.5 })).rejects.toThrow(RangeError);
    expect(requests).toEqual([]);
  });

  it('refuses an answer whose amount is not a whole number of kobo, or that names no transaction', async () => {
    provider(initiated(refundData({ amount_refunded: 69.005 })));
    await expect(createRefund({ transactionId: 908790, amountMinor: 6900 })).rejects.toThrow(RangeError);
    const { tx_id: _tx, ...anonymous } = refundData();
    provider(initiated(anonymous));
    await expect(createRefund({ transactionId: 908790, amountMinor: 6900 })).rejects.toThrow(/names no transaction/);
  });
});

describe('getRefund', () => {
  it('reads one refund (tx_id or transaction_id) and answers null for an id the provider does not have', async () => {
    const requests = provider(
      { status: 200, body: { status: 'success', message: 'Refund fetched', data: refundData() } },
      { status: 200, body: { status: 'success', message: 'Refund fetched', data: listRow({ status: 'failed' }) } },
      { status: 404, body: error('Refund not found') },
      { status: 400, body: error('No refund found for this id') },
    );
    expect(await getRefund(75923)).toMatchObject({ id: 75923, transactionId: 908790, status: 'completed' });
    expect(await getRefund('75923')).toMatchObject({ transactionId: 908790, status: 'failed', comments: 'Escrow cancelled' });
    expect(await getRefund(1)).toBeNull();
    expect(await getRefund(2)).toBeNull();
    expect(await getRefund('../transfers')).toBeNull();
    expect(requests.map((r) => r.url)).toEqual([
      `${scripted.baseUrl}/refunds/75923`,
      `${scripted.baseUrl}/refunds/75923`,
      `${scripted.baseUrl}/refunds/1`,
      `${scripted.baseUrl}/refunds/2`,
    ]);
  });

  it('refuses an answer whose tx_id and transaction_id disagree', async () => {
    provider({ status: 200, body: { status: 'success', data: refundData({ transaction_id: 1 }) } });
    await expect(getRefund(75923)).rejects.toThrow(/differ/);
  });
});

describe('normaliseRefundStatus', () => {
  it('reads the provider words for done and failed, and every other word as not final', () => {
    for (const word of ['completed', 'COMPLETED', 'completed-mpgs', 'successful'])
      expect(normaliseRefundStatus(word)).toBe('completed');
    for (const word of ['failed', 'FAILED', 'failed-mpgs', 'declined']) expect(normaliseRefundStatus(word)).toBe('failed');
    for (const word of ['pending', 'new', 'processing', 'reversed', '']) expect(normaliseRefundStatus(word)).toBe('pending');
  });
});

describe('findRefundsForTransaction', () => {
  const page = (current: number, total: number, rows: unknown[]) => ({
    status: 200,
    body: {
      status: 'success',
      message: 'Refunds fetched',
      meta: { page_info: { total: 43, current_page: current, total_pages: total, page_size: 20 } },
      data: rows,
    },
  });

  it('reads every page, filters on the transaction itself and answers its refunds oldest first, failed ones too', async () => {
    const requests = provider(
      page(1, 3, [listRow({ id: 12, transaction_id: 1 }), listRow({ id: 11, status: 'pending' })]),
      // Other merchants' rows need not fit our rules: an amount in tenths of a kobo, no transaction.
      page(2, 3, [{ id: 9, amount_refunded: 0.001, transaction_id: 2 }, { id: 8 }]),
      page(3, 3, [listRow({ id: 5, status: 'failed', transaction_id: '908790' })]),
    );
    expect(await findRefundsForTransaction(908790)).toEqual([
      expect.objectContaining({ id: 5, status: 'failed', transactionId: 908790 }),
      expect.objectContaining({ id: 11, status: 'pending', amountMinor: 690_050 }),
    ]);
    // No filter parameter: v3 does not document its name, and a misread one would hide a refund.
    expect(requests.map((r) => new URL(r.url).search)).toEqual(['?page=1', '?page=2', '?page=3']);
  });

  it('keeps a refund once when a new one pushes it onto the next page between reads', async () => {
    provider(page(1, 2, [listRow({ id: 11 })]), page(2, 2, [listRow({ id: 11 })]));
    expect((await findRefundsForTransaction('908790')).map((r) => r.id)).toEqual([11]);
  });

  it('stops at an empty page or a list without page info', async () => {
    provider(page(1, 0, []));
    expect(await findRefundsForTransaction(908790)).toEqual([]);
    const requests = provider({ status: 200, body: { status: 'success', data: [listRow()] } });
    expect(await findRefundsForTransaction(908790)).toHaveLength(1);
    expect(requests).toHaveLength(1);
  });

  it('gives up rather than answer from part of a list of more than 100 pages', async () => {
    provider(...Array.from({ length: 100 }, (_, i) => page(i + 1, 500, [listRow({ id: 100_000 - i, transaction_id: 1 })])));
    await expect(findRefundsForTransaction(908790)).rejects.toThrow(/more than 100 pages/);
  });

  it('refuses a non-numeric transaction id without calling the provider', async () => {
    const requests = provider();
    await expect(findRefundsForTransaction('x')).rejects.toThrow(RangeError);
    expect(requests).toEqual([]);
  });
});

describe('refund webhook body', () => {
  const body = { event: 'refund.completed', data: { ...refundData({ status: 'completed' }), currency: 'NGN' } };

  it('parses the refund, keeps the other fields and reads it as getRefund would', () => {
    const parsed = refundWebhookSchema.parse(body);
    expect(parsed).toEqual(body);
    expect(webhookEvent(body)).toBe('refund.completed');
    expect(refundFromWebhook(parsed)).toMatchObject({
      id: 75923,
      transactionId: 908790,
      amountMinor: 690_050,
      status: 'completed',
    });
    const failed = refundWebhookSchema.parse({ event: 'refund.failed', data: { ...body.data, status: 'failed' } });
    expect(refundFromWebhook(failed).status).toBe('failed');
  });

  it('refuses other events and bodies without a refund id, an amount or a transaction', () => {
    expect(refundWebhookSchema.safeParse({ ...body, event: 'charge.completed' }).success).toBe(false);
    expect(refundWebhookSchema.safeParse({ ...body, data: { ...body.data, id: 'abc' } }).success).toBe(false);
    expect(refundWebhookSchema.safeParse({ ...body, data: { ...body.data, amount_refunded: undefined } }).success).toBe(false);
    expect(refundWebhookSchema.safeParse({ ...body, data: { ...body.data, tx_id: null } }).success).toBe(false);
    expect(refundWebhookSchema.safeParse({ event: 'refund.completed' }).success).toBe(false);
  });
});
