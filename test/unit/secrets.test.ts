import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { getSecret, secretTtlMs } from '../../lambdas/core/adapters/secrets';

/** Secrets Manager as the adapter sees it (the SDK's client, mocked): a value ops can change with put-secret-value. */
const secretsManager = mockClient(SecretsManagerClient);

afterEach(() => {
  secretsManager.reset();
  delete process.env.CAPTCHA_SECRET_ARN;
  delete process.env.FLUTTERWAVE_SECRET_KEY_ARN;
});

afterAll(() => {
  secretsManager.restore();
});

describe('secrets from Secrets Manager', () => {
  it('are read once per TTL, and a value put by ops is seen after the TTL, not at the next cold start', async () => {
    const arn = 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:captcha';
    process.env.CAPTCHA_SECRET_ARN = arn;
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: 'first-key' });
    const start = 1_000_000;
    expect(await getSecret('captcha', start)).toBe('first-key');
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: 'key-from-google' });
    expect(await getSecret('captcha', start + secretTtlMs - 1)).toBe('first-key');
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(await getSecret('captcha', start + secretTtlMs)).toBe('key-from-google');
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(2);
    expect(secretTtlMs).toBeLessThanOrEqual(15 * 60_000);
    // GetSecretValue, by the secret's ARN.
    expect(secretsManager.commandCalls(GetSecretValueCommand).map((call) => call.args[0].input)).toEqual([
      { SecretId: arn },
      { SecretId: arn },
    ]);
  });

  it('tells ops to put a value into a secret that has none yet, and reads it again once they have', async () => {
    process.env.FLUTTERWAVE_SECRET_KEY_ARN = 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:flutterwave';
    secretsManager
      .on(GetSecretValueCommand)
      .rejectsOnce(
        new ResourceNotFoundException({ $metadata: {}, message: "Secrets Manager can't find the specified secret value" }),
      )
      .resolves({ SecretString: 'FLWSECK-live' });
    await expect(getSecret('flutterwaveSecretKey', 5_000_000)).rejects.toThrow(
      /Secret flutterwaveSecretKey has no value yet: put it with aws secretsmanager put-secret-value/,
    );
    expect(await getSecret('flutterwaveSecretKey', 5_000_001)).toBe('FLWSECK-live');
  });
});
