import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendEmail } from '../../lambdas/core/adapters/email';

/**
 * The clients' common configuration (adapters/aws-client.ts), with a real SDK client (SES's,
 * through the email adapter) against a stand-in that records what arrives: the endpoint comes from
 * the environment, and each call is signed with the keys the environment holds at that moment,
 * as the local cloud needs when it runs every function, each with its own role, in one process.
 */
const seen: Array<{ url?: string; headers: IncomingHttpHeaders }> = [];
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    seen.push({ url: request.url, headers: request.headers });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"MessageId":"m-1"}');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('SES_ENDPOINT', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  vi.stubEnv('AWS_REGION', 'eu-west-1');
  vi.stubEnv('MAIL_FROM', 'no-reply@mail.example.ng');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

const email = { to: 'ada@example.ng', subject: 'Hello', text: 'Hi' };

describe('the AWS clients of the functions', () => {
  it("reach the local stand-in the environment names, and sign each call with the environment's keys of that moment", async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDFUNCTIONONE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret-one');
    vi.stubEnv('AWS_SESSION_TOKEN', 'token-one');
    await sendEmail(email);
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDFUNCTIONTWO');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret-two');
    vi.stubEnv('AWS_SESSION_TOKEN', 'token-two');
    await sendEmail(email);

    expect(seen.map((request) => request.url)).toEqual(['/v2/email/outbound-emails', '/v2/email/outbound-emails']);
    expect(seen.map((request) => request.headers.authorization)).toEqual([
      expect.stringMatching(/^AWS4-HMAC-SHA256 Credential=AKIDFUNCTIONONE\/\d{8}\/eu-west-1\/ses\/aws4_request, /),
      expect.stringMatching(/^AWS4-HMAC-SHA256 Credential=AKIDFUNCTIONTWO\/\d{8}\/eu-west-1\/ses\/aws4_request, /),
    ]);
    expect(seen.map((request) => request.headers['x-amz-security-token'])).toEqual(['token-one', 'token-two']);
  });
});
