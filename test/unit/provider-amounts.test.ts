import { describe, expect, it } from 'vitest';
import { providerDayRange, providerInstantToIso } from '../../lambdas/core/adapters/flutterwave/amounts';
import { getBalance } from '../../lambdas/core/adapters/flutterwave/balances';
import { listTransactions } from '../../lambdas/core/adapters/flutterwave/transactions';
import { roundedMinorFromProvider } from '../../lambdas/core/domain/money';
import { scriptedProvider } from '../support/scripted-provider';

/**
 * The provider's amounts that are not whole kobo (its fees, and balances made of them), and the
 * answers a reconciliation reads them from. With `fetch` answering as v3 may; the same readers run
 * against the local sandbox in test/integration/flutterwave-sandbox.test.ts.
 */

describe('roundedMinorFromProvider', () => {
  it.each([
    [26.875, 2_688],
    [10.75, 1_075],
    [53.75, 5_375],
    ['53.75', 5_375],
    [0.005, 1],
    [0.0049, 0],
    ['0.004999999', 0],
    ['1.125', 113],
    ['1.12499', 112],
    [1500, 150_000],
    ['1500.5', 150_050],
    [' 7 ', 700],
    [0, 0],
  ])('reads %j as %d kobo, a half rounded up', (amount, minor) => {
    expect(roundedMinorFromProvider(amount)).toBe(minor);
  });

  it('is exact where floating point is not: 1.005 x 100 is 100.49999999999999 in a float', () => {
    expect(1.005 * 100).toBeLessThan(100.5);
    expect(roundedMinorFromProvider(1.005)).toBe(101);
    expect(roundedMinorFromProvider('90071992547409.905')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    -1,
    -0.005,
    '-26.875',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1e21,
    1e-7,
    '1e3',
    '',
    '.5',
    '5.',
    '1,000',
    'NaN',
    '90071992547409.92',
  ])('refuses %j with a RangeError', (amount) => {
    expect(() => roundedMinorFromProvider(amount)).toThrow(RangeError);
  });
});

describe('providerDayRange and providerInstantToIso', () => {
  it('takes real YYYY-MM-DD days in order and refuses anything else', () => {
    expect(providerDayRange({ from: '2025-01-31', to: '2025-02-01' })).toEqual({ from: '2025-01-31', to: '2025-02-01' });
    expect(providerDayRange({ from: '2024-02-29', to: '2024-02-29' })).toEqual({ from: '2024-02-29', to: '2024-02-29' });
    for (const range of [
      { from: '2025-02-30', to: '2025-03-01' },
      { from: '2025-2-1', to: '2025-02-02' },
      { from: '2025-02-02', to: '2025-02-01' },
      { from: '2025-02-01T00:00', to: '2025-02-02' },
    ]) {
      expect(() => providerDayRange(range)).toThrow(RangeError);
    }
  });

  it('reads created_at as an ISO instant, and a missing or unreadable one as empty', () => {
    expect(providerInstantToIso('2020-03-11T19:33:20.000Z')).toBe('2020-03-11T19:33:20.000Z');
    expect(providerInstantToIso('2025-02-01T00:30:00+01:00')).toBe('2025-01-31T23:30:00.000Z');
    expect(providerInstantToIso(null)).toBe('');
    expect(providerInstantToIso(undefined)).toBe('');
    expect(providerInstantToIso('N/A')).toBe('');
  });
});

const scripted = scriptedProvider();

/** Answers each request with the next body (200); the URLs asked for, once the calls are done. */
function provider(...bodies: unknown[]): () => string[] {
  const requests = scripted.reply(...bodies.map((body) => ({ status: 200, body })));
  return () => requests.map((request) => request.url);
}

const wallet = (data: object) => ({ status: 'success', message: 'Wallet balance fetched', data });

describe('getBalance', () => {
  it('reads a live balance with sub-kobo fee parts, rounded half up, and keeps a negative one negative', async () => {
    const urls = provider(
      wallet({ currency: 'NGN', available_balance: 11191.285, ledger_balance: '11300.2849' }),
      wallet({ currency: 'ngn', available_balance: -26.875, ledger_balance: '-0.004' }),
    );
    expect(await getBalance('NGN')).toEqual({ currency: 'NGN', availableMinor: 1_119_129, ledgerMinor: 1_130_028 });
    expect(await getBalance('ngn')).toEqual({ currency: 'NGN', availableMinor: -2_688, ledgerMinor: 0 });
    expect(urls()).toEqual([`${scripted.baseUrl}/balances/NGN`, `${scripted.baseUrl}/balances/NGN`]);
  });

  it('refuses a malformed code without asking, and an answer for another currency or an unreadable amount', async () => {
    const urls = provider(
      wallet({ currency: 'USD', available_balance: 1, ledger_balance: 1 }),
      wallet({ currency: 'NGN', available_balance: '1e3', ledger_balance: 1 }),
    );
    await expect(getBalance('NAIRA')).rejects.toBeInstanceOf(RangeError);
    await expect(getBalance('N/A')).rejects.toBeInstanceOf(RangeError);
    expect(urls()).toEqual([]);
    await expect(getBalance('NGN')).rejects.toThrow(/asked for NGN, answered USD/);
    await expect(getBalance('NGN')).rejects.toBeInstanceOf(RangeError);
  });
});

function transactionRow(id: number, fields: Record<string, unknown> = {}) {
  return {
    id,
    tx_ref: `ESC-${id}`,
    flw_ref: `FLW-${id}`,
    amount: 1000,
    charged_amount: 1000,
    app_fee: 14,
    currency: 'NGN',
    status: 'successful',
    payment_type: 'card',
    created_at: '2025-02-01T09:00:00.000Z',
    customer: { email: 'ada@example.com' },
    ...fields,
  };
}

const page = (rows: unknown[], currentPage: number, totalPages: number) => ({
  status: 'success',
  message: 'Transactions fetched',
  meta: { page_info: { total: totalPages * 10, current_page: currentPage, total_pages: totalPages } },
  data: rows,
});

describe('listTransactions', () => {
  it('reads every page with the day range, keeps each transaction once and answers oldest first', async () => {
    const urls = provider(
      page([transactionRow(3), transactionRow(2, { app_fee: null, created_at: undefined })], 1, 2),
      // A payment made between the reads pushed transaction 2 onto the second page.
      page([transactionRow(2, { app_fee: null, created_at: undefined }), transactionRow(1, { app_fee: '0.005' })], 2, 2),
    );
    const listed = await listTransactions({ from: '2025-02-01', to: '2025-02-01' });
    expect(listed.map((tx) => [tx.id, tx.appFeeMinor, tx.createdAt])).toEqual([
      [1, 1, '2025-02-01T09:00:00.000Z'],
      [2, 0, ''],
      [3, 1_400, '2025-02-01T09:00:00.000Z'],
    ]);
    expect(urls().map((url) => new URL(url).search)).toEqual([
      '?from=2025-02-01&to=2025-02-01&page=1',
      '?from=2025-02-01&to=2025-02-01&page=2',
    ]);
  });

  it('throws rather than answer from part of the list: no page info, a row it cannot read, over 500 pages', async () => {
    provider({ status: 'success', message: 'Transactions fetched', data: [transactionRow(1)] });
    await expect(listTransactions({ from: '2025-02-01', to: '2025-02-01' })).rejects.toThrow(/Unexpected Flutterwave response/);

    provider(page([transactionRow(1), transactionRow(2, { amount: '10.005' })], 1, 1));
    await expect(listTransactions({ from: '2025-02-01', to: '2025-02-01' })).rejects.toBeInstanceOf(RangeError);

    provider(...Array.from({ length: 500 }, (_, i) => page([transactionRow(10_000 - i)], i + 1, 501)));
    await expect(listTransactions({ from: '2025-02-01', to: '2025-02-01' })).rejects.toThrow(/more than 500 pages/);
  });
});
