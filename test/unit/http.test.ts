import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invalidRequestMessage } from '../../lambdas/core/api/common';
import { createContractRequestSchema } from '../../lambdas/core/api/contracts';
import { signupRequestSchema } from '../../lambdas/core/api/identity';
import { ConflictError, ForbiddenError, NotFoundError, ThrottledError } from '../../lambdas/core/domain/errors';
import { apiFunction, callerOf, json, jsonBody, parseInput } from '../../lambdas/core/runtime/api-function';
import { lambdaContext } from '../../lib/local/lambda-context';

const schema = z.object({ title: z.string().min(1), value: z.number().positive() });

const echo = apiFunction({ timeoutEarlyInMillis: 0 })
  .use(jsonBody())
  .handler(async (event) => json(200, parseInput(schema, event.body)));

function event(body: string | undefined, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return { headers, body, requestContext: { http: { method: 'POST' } } } as unknown as APIGatewayProxyEventV2;
}

async function invoke(handler: typeof echo, e: APIGatewayProxyEventV2) {
  const result = await handler(e, lambdaContext('test') as Context);
  return { statusCode: result.statusCode, body: JSON.parse(result.body ?? 'null') };
}

/** A handler that validates its body with one of the real API schemas, the way every Lambda does. */
function validating(schema: z.core.$ZodType) {
  return apiFunction({ timeoutEarlyInMillis: 0 })
    .use(jsonBody())
    .handler(async (event) => json(200, parseInput(schema, event.body)));
}

const signup = {
  email: 'ada@example.com',
  password: 'secret1',
  captchaToken: 'token',
  userData: { full_name: 'Ada', phone_number: '+234 801 234 5678', security_question: 'Pet?', security_answer: 'Rex' },
};

describe('the API middleware', () => {
  it('passes a valid JSON body through validation', async () => {
    expect(await invoke(echo, event('{"title":"Logo design","value":5}'))).toEqual({
      statusCode: 200,
      body: { title: 'Logo design', value: 5 },
    });
  });

  it('answers malformed JSON with 400 and an error message', async () => {
    expect(await invoke(echo, event('{"title":'))).toEqual({
      statusCode: 400,
      body: { error: 'Request body must be valid JSON.' },
    });
  });

  it('answers a non-JSON content type with 415', async () => {
    const result = await invoke(echo, event('title=x', { 'content-type': 'application/x-www-form-urlencoded' }));
    expect(result).toEqual({ statusCode: 415, body: { error: 'Content-Type must be application/json.' } });
  });

  it('answers a bad phone number with the message alone, no field path (400)', async () => {
    const body = JSON.stringify({ ...signup, userData: { ...signup.userData, phone_number: 'call me' } });
    expect(await invoke(validating(signupRequestSchema), event(body))).toEqual({
      statusCode: 400,
      body: { error: 'Please enter a valid phone number.' },
    });
  });

  it.each([
    [{ acceptorId: '' }, 'Please fill in all contract details, including the Acceptor ID.'],
    [{ value: '0' }, 'Amount must be greater than zero.'],
    [{ value: '1000000000.01' }, 'Amount must not be more than 1,000,000,000.00.'],
  ])('answers a contract with %j with the spec’s text alone (400)', async (overrides, message) => {
    const body = JSON.stringify({ acceptorId: 'u2', title: 'T', description: 'D', value: '10', ...overrides });
    expect(await invoke(validating(createContractRequestSchema), event(body))).toEqual({
      statusCode: 400,
      body: { error: message },
    });
  });

  it.each([
    ['a missing field', '{"value":5}'],
    ['a field of the wrong type', '{"title":"x","value":"five"}'],
    ['a failed check the schema gives no words for', '{"title":"x","value":-3}'],
    ['a body that is not an object', '[1,2]'],
  ])('answers %s with a plain generic message, neither field path nor zod wording (400)', async (_, body) => {
    expect(await invoke(echo, event(body))).toEqual({ statusCode: 400, body: { error: invalidRequestMessage } });
  });

  it('answers a nested field of the wrong type with the generic message, not the path to it (400)', async () => {
    const body = JSON.stringify({ ...signup, userData: { ...signup.userData, full_name: 42 } });
    expect(await invoke(validating(signupRequestSchema), event(body))).toEqual({
      statusCode: 400,
      body: { error: invalidRequestMessage },
    });
  });

  it.each([
    [new ForbiddenError('Access Denied: You are not the creator of this contract.'), 403],
    [new NotFoundError('Contract not found.'), 404],
    [new ConflictError('This contract is currently "completed" and cannot be accepted.'), 409],
    [new ThrottledError('Too many attempts.'), 429],
  ])('maps %s to its status with the message as error', async (error, status) => {
    const failing = apiFunction({ timeoutEarlyInMillis: 0 }).handler(async () => {
      throw error;
    });
    expect(await invoke(failing, event(undefined))).toEqual({ statusCode: status, body: { error: error.message } });
  });

  it("adds a refusal's code beside its message, for the client to act on", async () => {
    const failing = apiFunction({ timeoutEarlyInMillis: 0 }).handler(async () => {
      throw new ConflictError('The exchange rate moved.', { code: 'rate_moved' });
    });
    expect(await invoke(failing, event(undefined))).toEqual({
      statusCode: 409,
      body: { error: 'The exchange rate moved.', code: 'rate_moved' },
    });
  });

  it('hides the details of an unexpected failure behind a generic 500', async () => {
    const failing = apiFunction({ timeoutEarlyInMillis: 0 }).handler(async () => {
      throw new Error('ECONNREFUSED 10.0.0.7:8000 table escrow-prod');
    });
    expect(await invoke(failing, event(undefined))).toEqual({ statusCode: 500, body: { error: 'An unexpected error occurred' } });
  });
});

describe('callerOf', () => {
  it('reads the caller from the JWT authorizer claims', () => {
    const e = { requestContext: { authorizer: { jwt: { claims: { sub: 'abc', email: 'a@b.co' }, scopes: null } } } };
    expect(callerOf(e as never)).toEqual({ sub: 'abc', email: 'a@b.co' });
  });

  it('refuses a request without verified claims (401)', () => {
    expect(() => callerOf({ requestContext: {} } as never)).toThrow(expect.objectContaining({ statusCode: 401 }));
  });
});
