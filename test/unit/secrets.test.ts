import { afterEach, describe, expect, it, vi } from 'vitest';

/** Secrets Manager as the adapter sees it: a value ops can change with put-secret-value. */
let stored = 'first-key';
let reads = 0;
const asked: unknown[] = [];
vi.mock('../../lambdas/core/adapters/aws-request', () => ({
  awsJsonRequest: async (call: unknown) => {
    reads += 1;
    asked.push(call);
    return { SecretString: stored };
  },
}));

const { getSecret, secretTtlMs } = await import('../../lambdas/core/adapters/secrets');

afterEach(() => {
  delete process.env.CAPTCHA_SECRET_ARN;
});

describe('secrets from Secrets Manager', () => {
  it('are read once per TTL, and a value put by ops is seen after the TTL, not at the next cold start', async () => {
    process.env.CAPTCHA_SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:captcha';
    const start = 1_000_000;
    expect(await getSecret('captcha', start)).toBe('first-key');
    stored = 'key-from-google';
    expect(await getSecret('captcha', start + secretTtlMs - 1)).toBe('first-key');
    expect(reads).toBe(1);
    expect(await getSecret('captcha', start + secretTtlMs)).toBe('key-from-google');
    expect(reads).toBe(2);
    expect(secretTtlMs).toBeLessThanOrEqual(15 * 60_000);
    // Secrets Manager's GetSecretValue, by the secret's ARN (the JSON protocol, signed as the SDK signs it).
    expect(asked[0]).toMatchObject({
      service: 'secretsmanager',
      path: '/',
      body: { SecretId: 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:captcha' },
      target: { name: 'secretsmanager.GetSecretValue', version: '1.1' },
    });
  });
});
