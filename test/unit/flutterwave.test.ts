import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { minorFromProvider, providerAmount, providerExpiryToIso } from '../../lambdas/core/adapters/flutterwave/amounts';
import { chargeWebhookSchema } from '../../lambdas/core/adapters/flutterwave/charges';
import { ProviderRejectedError, ProviderUnavailableError } from '../../lambdas/core/adapters/flutterwave/client';
import { isAuthenticWebhook, matchesWebhookHash } from '../../lambdas/core/adapters/flutterwave/webhooks';

const webhookHash = 'local-webhook-hash-0123456789';

beforeAll(() => {
  // Locally a secret's value comes from the environment (adapters/secrets.ts); set before the first read.
  process.env.FLUTTERWAVE_WEBHOOK_HASH = webhookHash;
});

describe('amounts between kobo and the provider', () => {
  it('reads the provider decimals as exact kobo', () => {
    expect(minorFromProvider(1500.5)).toBe(150050);
    expect(minorFromProvider('1500.50')).toBe(150050);
    expect(minorFromProvider(1500)).toBe(150000);
    expect(minorFromProvider(0.1)).toBe(10);
    expect(minorFromProvider('0.01')).toBe(1);
  });

  it('refuses a provider amount that is not a whole number of kobo', () => {
    for (const bad of [1500.555, 0.1 + 0.2, '1500.555', -1, '-1', '1e3', Number.NaN, Number.POSITIVE_INFINITY, '']) {
      expect(() => minorFromProvider(bad), String(bad)).toThrow(RangeError);
    }
  });

  it('writes kobo as the number the provider expects', () => {
    expect(providerAmount(150050)).toBe(1500.5);
    expect(providerAmount(150000)).toBe(1500);
    expect(providerAmount(1)).toBe(0.01);
    expect(JSON.stringify({ amount: providerAmount(123456789) })).toBe('{"amount":1234567.89}');
  });

  it('refuses to send zero, negative, fractional or unprintable amounts', () => {
    for (const bad of [0, -100, 10.5, Number.NaN, 10 ** 15, Number.MAX_SAFE_INTEGER + 2]) {
      expect(() => providerAmount(bad), String(bad)).toThrow(RangeError);
    }
  });

  it('round-trips every amount through the JSON the provider reads and writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 15 - 1 }), (minor) => {
        const wire = JSON.parse(JSON.stringify({ amount: providerAmount(minor) })) as { amount: number };
        expect(minorFromProvider(wire.amount)).toBe(minor);
      }),
    );
  });
});

describe('bank-transfer account expiry', () => {
  it('reads the live API Lagos wall time as UTC+1', () => {
    expect(providerExpiryToIso('2025-01-31 14:05:00')).toBe('2025-01-31T13:05:00.000Z');
  });

  it('reads epoch milliseconds (test mode) and seconds', () => {
    expect(providerExpiryToIso(1689847855598)).toBe('2023-07-20T10:10:55.598Z');
    expect(providerExpiryToIso('1689847855598')).toBe('2023-07-20T10:10:55.598Z');
    expect(providerExpiryToIso(1689847855)).toBe('2023-07-20T10:10:55.000Z');
  });

  it('reads an ISO instant and refuses anything else', () => {
    expect(providerExpiryToIso('2025-01-31T14:05:00Z')).toBe('2025-01-31T14:05:00.000Z');
    expect(() => providerExpiryToIso('tomorrow')).toThrow(/account_expiration/);
  });
});

describe('webhook authenticity', () => {
  it('accepts exactly the secret hash', () => {
    expect(matchesWebhookHash(webhookHash, webhookHash)).toBe(true);
  });

  it('refuses a different hash of the same length, a different letter case, a prefix or a longer value', () => {
    expect(matchesWebhookHash(`${webhookHash.slice(0, -1)}X`, webhookHash)).toBe(false);
    expect(matchesWebhookHash(webhookHash.toUpperCase(), webhookHash)).toBe(false);
    expect(matchesWebhookHash(webhookHash.slice(0, 5), webhookHash)).toBe(false);
    expect(matchesWebhookHash(`${webhookHash}0`, webhookHash)).toBe(false);
  });

  it('refuses a missing header and never matches an unset secret', () => {
    expect(matchesWebhookHash(undefined, webhookHash)).toBe(false);
    expect(matchesWebhookHash('', '')).toBe(false);
  });

  it('answers false, not an exception, for a value of equal string length but different byte length', () => {
    // 'é' is one UTF-16 unit but two bytes: timingSafeEqual throws on buffers of different lengths.
    expect(matchesWebhookHash('é', 'a')).toBe(false);
  });

  it('finds verif-hash in request headers whatever their case and checks it against the secret', async () => {
    expect(await isAuthenticWebhook({ 'verif-hash': webhookHash })).toBe(true);
    expect(await isAuthenticWebhook({ 'Verif-Hash': webhookHash, 'content-type': 'application/json' })).toBe(true);
    expect(await isAuthenticWebhook({ 'verif-hash': 'wrong' })).toBe(false);
    expect(await isAuthenticWebhook({})).toBe(false);
  });

  it('refuses a repeated verif-hash header', async () => {
    expect(await isAuthenticWebhook({ 'verif-hash': [webhookHash, webhookHash] })).toBe(false);
    expect(await isAuthenticWebhook({ 'verif-hash': webhookHash, 'VERIF-HASH': webhookHash })).toBe(false);
  });
});

describe('charge.completed webhook body', () => {
  const body = {
    event: 'charge.completed',
    data: {
      id: 4100001,
      tx_ref: 'ESC-contract-1-user0001-1700000000000',
      flw_ref: 'FLW-MOCK-1',
      device_fingerprint: 'N/A',
      amount: 1500.5,
      currency: 'NGN',
      charged_amount: 1500.5,
      app_fee: 21.01,
      merchant_fee: 0,
      status: 'successful',
      payment_type: 'bank_transfer',
      created_at: '2025-01-31T13:05:00.000Z',
      customer: { id: 1, name: 'Ada Obi', phone_number: 'N/A', email: 'ada@example.com', created_at: '2025-01-31T13:05:00.000Z' },
    },
    'event.type': 'BANK_TRANSFER_TRANSACTION',
  };

  it('parses the documented fields and drops unknown ones', () => {
    const parsed = chargeWebhookSchema.parse(body);
    expect(parsed.data).toMatchObject({ id: 4100001, tx_ref: body.data.tx_ref, amount: 1500.5, status: 'successful' });
    expect(parsed.data.customer).toEqual({ email: 'ada@example.com', name: 'Ada Obi' });
    expect(parsed).not.toHaveProperty('event.type');
    expect(parsed.data).not.toHaveProperty('device_fingerprint');
  });

  it('accepts a body without the descriptive fields (the webhook is only a hint to verify)', () => {
    const { id, tx_ref, amount, currency, status } = body.data;
    expect(
      chargeWebhookSchema.safeParse({ event: 'charge.completed', data: { id, tx_ref, amount, currency, status } }).success,
    ).toBe(true);
  });

  it('refuses other events and bodies without a transaction id or reference', () => {
    expect(chargeWebhookSchema.safeParse({ ...body, event: 'transfer.completed' }).success).toBe(false);
    expect(chargeWebhookSchema.safeParse({ ...body, data: { ...body.data, tx_ref: '' } }).success).toBe(false);
    expect(chargeWebhookSchema.safeParse({ ...body, data: { ...body.data, id: '4100001' } }).success).toBe(false);
    expect(chargeWebhookSchema.safeParse({ event: 'charge.completed' }).success).toBe(false);
  });
});

describe('provider errors', () => {
  it('marks an unavailable provider as retryable and a refusal as final, with the provider message', () => {
    const unavailable = new ProviderUnavailableError('Flutterwave GET /transactions/{id}/verify answered 502');
    const rejected = new ProviderRejectedError('Invalid authorization key', 401);
    expect(unavailable).toMatchObject({ name: 'ProviderUnavailableError', retryable: true });
    expect(rejected).toMatchObject({
      name: 'ProviderRejectedError',
      retryable: false,
      statusCode: 401,
      message: 'Invalid authorization key',
    });
  });
});
