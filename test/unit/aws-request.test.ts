import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AwsServiceError, awsJsonRequest } from '../../lambdas/core/adapters/aws-request';

/** A stand-in for SES's REST endpoint: records each request and answers what the test set. */
let server: Server;
let endpoint: string;
const seen: Array<{ method?: string; url?: string; headers: IncomingMessage['headers']; body: string }> = [];
let answer: { status: number; headers?: Record<string, string>; body: string } = { status: 200, body: '{"MessageId":"m-1"}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubEnv('SES_ENDPOINT', endpoint);
  vi.stubEnv('AWS_REGION', 'eu-west-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY');
  vi.stubEnv('AWS_SESSION_TOKEN', 'session-token');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

const send = () =>
  awsJsonRequest({
    service: 'ses',
    host: 'email.{region}.amazonaws.com',
    endpointEnv: 'sesEndpoint',
    method: 'POST',
    path: '/v2/email/outbound-emails',
    body: { FromEmailAddress: 'no-reply@mail.example.ng', Destination: { ToAddresses: ['ada@example.ng'] } },
  });

describe('a signed request to an AWS service without its SDK client', () => {
  it('posts the JSON signed with SigV4 for the service and region, with the session token, and answers the body', async () => {
    answer = { status: 200, body: '{"MessageId":"m-1"}' };
    expect(await send()).toEqual({ MessageId: 'm-1' });
    const request = seen.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v2/email/outbound-emails');
    expect(JSON.parse(request?.body ?? '')).toMatchObject({ Destination: { ToAddresses: ['ada@example.ng'] } });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-amz-security-token']).toBe('session-token');
    expect(request?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/ses\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    expect(request?.headers.authorization).toContain('content-type');
  });

  it('throws the service’s error by its type and status (MessageRejected, 400), never a bare HTTP error', async () => {
    answer = {
      status: 400,
      headers: { 'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/' },
      body: '{"message":"Email address is not verified."}',
    };
    const failure = send();
    await expect(failure).rejects.toBeInstanceOf(AwsServiceError);
    await expect(failure).rejects.toMatchObject({
      name: 'MessageRejected',
      statusCode: 400,
      message: 'Email address is not verified.',
    });
    answer = { status: 503, body: 'Service Unavailable' };
    await expect(send()).rejects.toMatchObject({ name: 'AwsServiceError', statusCode: 503, message: 'Service Unavailable' });
  });

  it('speaks the JSON protocol (x-amz-target) and names an error by its __type, as the SDK names its exceptions', async () => {
    vi.stubEnv('SFN_ENDPOINT', endpoint);
    answer = {
      status: 400,
      body: '{"__type":"com.amazonaws.swf.service.v2.model#TaskDoesNotExist","message":"Task does not exist"}',
    };
    const call = awsJsonRequest({
      service: 'states',
      host: 'states.{region}.amazonaws.com',
      endpointEnv: 'sfnEndpoint',
      method: 'POST',
      path: '/',
      body: { taskToken: 't', output: '{}' },
      target: { name: 'AWSStepFunctions.SendTaskSuccess', version: '1.0' },
    });
    await expect(call).rejects.toMatchObject({ name: 'TaskDoesNotExist', statusCode: 400 });
    const request = seen.at(-1);
    expect(request?.headers['x-amz-target']).toBe('AWSStepFunctions.SendTaskSuccess');
    expect(request?.headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(request?.headers.authorization).toMatch(/\/eu-west-1\/states\/aws4_request, SignedHeaders=[a-z0-9;-]*x-amz-target/);
  });
});
