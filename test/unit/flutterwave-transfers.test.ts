import { describe, expect, it } from 'vitest';
import { listBanks, resolveAccount } from '../../lambdas/core/adapters/flutterwave/banks';
import { ProviderRejectedError, ProviderUnavailableError } from '../../lambdas/core/adapters/flutterwave/client';
import {
  createTransfer,
  DuplicateTransferReferenceError,
  findTransfersByReference,
  getTransfer,
  getTransferRate,
  isAttemptOf,
  retryTransfer,
  transferWebhookSchema,
} from '../../lambdas/core/adapters/flutterwave/transfers';
import { webhookEvent } from '../../lambdas/core/adapters/flutterwave/webhooks';
import { scriptedProvider } from '../support/scripted-provider';

/**
 * What the adapter makes of the provider's transfer answers, with `fetch` answering as v3 does.
 * The same calls run against the local sandbox over HTTP in test/integration/flutterwave-sandbox.test.ts.
 */

const scripted = scriptedProvider();

/** Answers each request with the next reply and records the requests. */
function provider(...replies: Array<{ status: number; body: unknown }>) {
  return scripted.reply(...replies);
}

const error = (message: string) => ({ status: 'error', message, data: null });

function transferRow(fields: Record<string, unknown> = {}) {
  return {
    id: 396432,
    account_number: '0690000040',
    bank_code: '044',
    full_name: 'Jide Balogun',
    created_at: '2025-01-31T13:05:00.000Z',
    currency: 'NGN',
    debit_currency: 'NGN',
    amount: 5500.5,
    fee: 26.875,
    status: 'NEW',
    reference: 'ESC-payout-1',
    meta: null,
    narration: 'Escrow payout',
    complete_message: '',
    requires_approval: 0,
    is_approved: 1,
    bank_name: 'ACCESS BANK NIGERIA',
    ...fields,
  };
}

const order = {
  reference: 'ESC-payout-1',
  amountMinor: 550_050,
  currency: 'NGN',
  bankCode: '044',
  accountNumber: '0690000040',
  narration: 'Escrow payout',
};

describe('createTransfer', () => {
  it('sends the amount in naira with our reference and answers the queued attempt in kobo', async () => {
    const requests = provider({
      status: 200,
      body: { status: 'success', message: 'Transfer Queued Successfully', data: transferRow() },
    });
    expect(await createTransfer(order)).toEqual({
      id: 396432,
      reference: 'ESC-payout-1',
      status: 'NEW',
      amountMinor: 550_050,
      currency: 'NGN',
      debitCurrency: 'NGN',
      accountNumber: '0690000040',
      bankCode: '044',
      completeMessage: '',
      // The fee with VAT (26.875) in whole kobo, rounded half up as the ledger posts it.
      feeMinor: 2_688,
      createdAt: '2025-01-31T13:05:00.000Z',
    });
    expect(requests).toEqual([
      {
        url: `${scripted.baseUrl}/transfers`,
        method: 'POST',
        body: {
          account_bank: '044',
          account_number: '0690000040',
          amount: 5500.5,
          currency: 'NGN',
          narration: 'Escrow payout',
          reference: 'ESC-payout-1',
          debit_currency: 'NGN',
        },
      },
    ]);
  });

  it("sends a converted payout's naira from the contract currency's wallet, and reads the wallet back", async () => {
    const requests = provider({
      status: 200,
      body: { status: 'success', message: 'Transfer Queued Successfully', data: transferRow({ debit_currency: 'USD' }) },
    });
    const transfer = await createTransfer({ ...order, debitCurrency: 'USD' });
    expect(transfer).toMatchObject({ amountMinor: 550_050, currency: 'NGN', debitCurrency: 'USD' });
    expect(requests[0]?.body).toMatchObject({ amount: 5500.5, currency: 'NGN', debit_currency: 'USD' });
  });

  it.each([
    'A transfer with this reference already exists',
    'Duplicate reference',
    'Transfer reference already used',
    'duplicate transfer',
  ])('reads the refusal "%s" as a reused reference', async (message) => {
    provider({ status: 400, body: error(message) });
    const attempt = createTransfer(order);
    await expect(attempt).rejects.toBeInstanceOf(DuplicateTransferReferenceError);
    // Still a refusal for code that only knows ProviderRejectedError.
    await expect(attempt).rejects.toBeInstanceOf(ProviderRejectedError);
    await expect(attempt).rejects.toMatchObject({
      name: 'DuplicateTransferReferenceError',
      reference: 'ESC-payout-1',
      statusCode: 400,
      retryable: false,
      message,
    });
  });

  it('keeps other refusals as ProviderRejectedError and a provider failure as ProviderUnavailableError', async () => {
    provider({ status: 400, body: error('Invalid amount') });
    const refused = createTransfer(order);
    await expect(refused).rejects.toBeInstanceOf(ProviderRejectedError);
    await expect(refused).rejects.not.toBeInstanceOf(DuplicateTransferReferenceError);

    // A 5xx that mentions the reference says nothing about whether the transfer was made.
    provider({ status: 500, body: error('reference already exists') });
    await expect(createTransfer(order)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('refuses an answer whose amount is not a whole number of kobo rather than round it', async () => {
    provider({ status: 200, body: { status: 'success', message: 'ok', data: transferRow({ amount: 5500.505 }) } });
    await expect(createTransfer(order)).rejects.toThrow(RangeError);
  });
});

describe('getTransfer and retryTransfer', () => {
  it('reads one attempt, uppercasing the status, and answers null for an id the provider does not have', async () => {
    const requests = provider(
      { status: 200, body: { status: 'success', message: 'Transfer fetched', data: transferRow({ status: 'successful' }) } },
      { status: 404, body: error('Transfer not found') },
      { status: 400, body: error('No transfer found for this id') },
    );
    expect(await getTransfer(396432)).toMatchObject({ id: 396432, status: 'SUCCESSFUL' });
    expect(await getTransfer('1')).toBeNull();
    expect(await getTransfer(2)).toBeNull();
    expect(await getTransfer('../banks/NG')).toBeNull();
    expect(requests.map((r) => r.url)).toEqual([
      `${scripted.baseUrl}/transfers/396432`,
      `${scripted.baseUrl}/transfers/1`,
      `${scripted.baseUrl}/transfers/2`,
    ]);
  });

  it('answers the new attempt of a retry and refuses a non-numeric id without calling the provider', async () => {
    const requests = provider({
      status: 200,
      body: { status: 'success', message: 'Transfer retry attempt queued.', data: transferRow({ id: 396433 }) },
    });
    expect(await retryTransfer(396432)).toMatchObject({ id: 396433, reference: 'ESC-payout-1', status: 'NEW' });
    expect(requests).toEqual([{ url: `${scripted.baseUrl}/transfers/396432/retries`, method: 'POST', body: undefined }]);
    await expect(retryTransfer('396432/../1')).rejects.toThrow(RangeError);
  });
});

describe('findTransfersByReference', () => {
  const page = (current: number, total: number, rows: unknown[]) => ({
    status: 200,
    body: {
      status: 'success',
      message: 'Transfers fetched',
      meta: { page_info: { total: 25, current_page: current, total_pages: total } },
      data: rows,
    },
  });

  it('reads every page and answers the attempts with the reference, oldest first', async () => {
    const requests = provider(
      page(1, 3, [transferRow({ id: 12, reference: 'other' }), transferRow({ id: 11, status: 'SUCCESSFUL' })]),
      // Rows of other transfers need not fit our rules: a mobile-money payout, a fee in tenths of kobo.
      page(2, 3, [
        { id: 9, reference: 'mm', amount: 20, account_number: 256782033409, status: 'FAILED' },
        { id: 8, reference: null },
      ]),
      page(3, 3, [transferRow({ id: 5, status: 'FAILED', complete_message: 'DISBURSE FAILED: declined' })]),
    );
    expect(await findTransfersByReference('ESC-payout-1')).toEqual([
      expect.objectContaining({ id: 5, status: 'FAILED', completeMessage: 'DISBURSE FAILED: declined' }),
      expect.objectContaining({ id: 11, status: 'SUCCESSFUL' }),
    ]);
    expect(requests.map((r) => new URL(r.url).search)).toEqual(['?page=1', '?page=2', '?page=3']);
  });

  it('keeps an attempt once when a new transfer pushes it onto the next page between reads', async () => {
    provider(page(1, 2, [transferRow({ id: 11 })]), page(2, 2, [transferRow({ id: 11 })]));
    expect((await findTransfersByReference('ESC-payout-1')).map((t) => t.id)).toEqual([11]);
  });

  it('stops at an empty page or a list without page info, and asks nothing for an empty reference', async () => {
    provider(page(1, 0, []));
    expect(await findTransfersByReference('ESC-payout-1')).toEqual([]);
    const requests = provider({ status: 200, body: { status: 'success', data: [transferRow()] } });
    expect(await findTransfersByReference('ESC-payout-1')).toHaveLength(1);
    expect(requests).toHaveLength(1);
    expect(await findTransfersByReference('')).toEqual([]);
  });

  it('gives up rather than answer from part of a list of more than 100 pages', async () => {
    provider(...Array.from({ length: 100 }, (_, i) => page(i + 1, 500, [transferRow({ id: 100_000 - i, reference: 'other' })])));
    await expect(findTransfersByReference('ESC-payout-1')).rejects.toThrow(/more than 100 pages/);
  });
});

describe('banks and account names', () => {
  it('lists each bank code once, keeping the first name', async () => {
    provider({
      status: 200,
      body: {
        status: 'success',
        message: 'Banks fetched successfully',
        data: [
          { id: 1, code: '044', name: 'Access Bank' },
          { id: 2, code: '063', name: 'Access Bank (Diamond)' },
          { id: 3, code: '044', name: 'ACCESS BANK NIGERIA' },
        ],
      },
    });
    expect(await listBanks()).toEqual([
      { code: '044', name: 'Access Bank' },
      { code: '063', name: 'Access Bank (Diamond)' },
    ]);
  });

  it('answers the account name, null for an account the provider cannot resolve, and throws for our own faults', async () => {
    const requests = provider(
      {
        status: 200,
        body: {
          status: 'success',
          message: 'Account details fetched',
          data: { account_number: '0690000032', account_name: 'Pastor Bright' },
        },
      },
      { status: 400, body: error('Sorry, that account number is invalid, please check and try again') },
      { status: 401, body: error('Invalid authorization key') },
      { status: 503, body: error('An error occurred. Please contact support') },
    );
    expect(await resolveAccount('0690000032', '044')).toBe('Pastor Bright');
    expect(requests[0]?.body).toEqual({ account_number: '0690000032', account_bank: '044' });
    expect(await resolveAccount('0690000099', '044')).toBeNull();
    await expect(resolveAccount('0690000032', '044')).rejects.toMatchObject({ name: 'ProviderRejectedError', statusCode: 401 });
    await expect(resolveAccount('0690000032', '044')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('transfer.completed webhook body', () => {
  const body = {
    event: 'transfer.completed',
    'event.type': 'Transfer',
    data: {
      id: 396432,
      account_number: '0690000040',
      bank_name: 'ACCESS BANK NIGERIA',
      bank_code: '044',
      fullname: 'Jide Balogun',
      created_at: '2025-01-31T13:05:00.000Z',
      currency: 'NGN',
      debit_currency: 'NGN',
      amount: 5500.5,
      fee: 26.875,
      status: 'SUCCESSFUL',
      reference: 'ESC-payout-1',
      meta: null,
      narration: 'Escrow payout',
      approver: null,
      complete_message: 'Transaction was successful',
      requires_approval: 0,
      is_approved: 1,
    },
  };

  it('parses the documented fields and keeps the others', () => {
    const parsed = transferWebhookSchema.parse(body);
    expect(parsed).toEqual(body);
    expect(parsed.data.fee).toBe(26.875);
  });

  it('reads a lowercase status as the API writes it elsewhere, and accepts a body without event.type', () => {
    const { 'event.type': _type, ...untyped } = body;
    const parsed = transferWebhookSchema.parse({ ...untyped, data: { ...body.data, status: 'failed' } });
    expect(parsed.data.status).toBe('FAILED');
  });

  it('refuses other events, an unknown status and bodies without a transfer id or reference', () => {
    expect(transferWebhookSchema.safeParse({ ...body, event: 'charge.completed' }).success).toBe(false);
    expect(transferWebhookSchema.safeParse({ ...body, data: { ...body.data, status: 'REVERSED' } }).success).toBe(false);
    expect(transferWebhookSchema.safeParse({ ...body, data: { ...body.data, reference: '' } }).success).toBe(false);
    expect(transferWebhookSchema.safeParse({ ...body, data: { ...body.data, id: '396432' } }).success).toBe(false);
    expect(transferWebhookSchema.safeParse({ event: 'transfer.completed' }).success).toBe(false);
  });
});

describe('webhookEvent', () => {
  it('names the event of a webhook body for dispatch', () => {
    expect(webhookEvent({ event: 'transfer.completed', data: {} })).toBe('transfer.completed');
    expect(webhookEvent({ event: 'charge.completed' })).toBe('charge.completed');
  });

  it('answers undefined for a body with no usable event', () => {
    for (const bad of [undefined, null, 'transfer.completed', 42, [], {}, { event: '' }, { event: 7 }, { data: {} }]) {
      expect(webhookEvent(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });
});

describe('the attempts of a payout reference', () => {
  it('counts the reference itself and its retries (v3 suffixes them), nothing else', () => {
    expect(isAttemptOf('payout-01ABC', 'payout-01ABC')).toBe(true);
    expect(isAttemptOf('payout-01ABC_PMCK_ST_FDU_1_RETRY_2', 'payout-01ABC')).toBe(true);
    expect(isAttemptOf('payout-01ABCD', 'payout-01ABC')).toBe(false);
    expect(isAttemptOf('payout-01AB', 'payout-01ABC')).toBe(false);
  });
});

describe('getTransferRate', () => {
  it('asks what a naira amount costs from a dollar wallet and answers the debit in cents, rounded half up', async () => {
    const requests = provider({
      status: 200,
      body: {
        status: 'success',
        message: 'Transfer amount fetched',
        data: {
          rate: 1 / 1500,
          source: { currency: 'USD', amount: 980.005 },
          destination: { currency: 'NGN', amount: 1470007.5 },
        },
      },
    });
    expect(await getTransferRate({ sourceCurrency: 'USD', destinationCurrency: 'NGN', destinationMinor: 147_000_750 })).toEqual({
      rate: 1 / 1500,
      sourceMinor: 98_001,
      destinationMinor: 147_000_750,
    });
    expect(requests[0]?.url).toBe(
      `${scripted.baseUrl}/transfers/rates?amount=1470007.5&destination_currency=NGN&source_currency=USD`,
    );
    expect(requests[0]?.method).toBe('GET');
  });

  it('refuses an answer for another pair of currencies than asked', async () => {
    provider({
      status: 200,
      body: {
        status: 'success',
        message: 'Transfer amount fetched',
        data: { rate: 1 / 1620, source: { currency: 'EUR', amount: 1 }, destination: { currency: 'NGN', amount: 1620 } },
      },
    });
    await expect(
      getTransferRate({ sourceCurrency: 'USD', destinationCurrency: 'NGN', destinationMinor: 162_000 }),
    ).rejects.toThrow(/asked USD to NGN, answered EUR to NGN/);
  });
});
