import { SESv2Client } from '@aws-sdk/client-sesv2';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Every AWS SDK client of the functions is traced by Powertools in Lambda (adapters/tracer.ts,
 * clientAt in aws-client.ts), and left untouched where tracing is off (the local cloud, tests and
 * scripts, which set no AWS_EXECUTION_ENV). The tracer is made once per container, so each case
 * loads the adapters afresh under its own environment.
 */
async function freshClient() {
  vi.resetModules();
  const { clientAt } = await import('../../lambdas/core/adapters/aws-client');
  return clientAt('sesEndpoint', (config) => new SESv2Client(config))();
}

const traced = (client: SESv2Client) =>
  client.middlewareStack.identify().some((entry) => entry.startsWith('XRaySDKInstrumentation'));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('tracing of the AWS clients', () => {
  it('records every call of a client as an X-Ray subsegment in a Lambda function', async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs24.x');
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    expect(traced(await freshClient())).toBe(true);
  });

  it('leaves a client as the SDK made it outside Lambda', async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', '');
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    expect(traced(await freshClient())).toBe(false);
  });
});
