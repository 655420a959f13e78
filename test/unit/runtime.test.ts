import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError } from '../../lambdas/core/domain/errors';
import { taskFunction } from '../../lambdas/core/runtime/task-function';
import { triggerFailedMessage, triggerFunction } from '../../lambdas/core/runtime/trigger-function';
import { lambdaContext } from '../../lib/local/lambda-context';

const signUpEvent = { request: { userAttributes: { email: 'a@example.com' } }, response: {} } as unknown as PreSignUpTriggerEvent;

describe('triggerFunction', () => {
  it('returns the event the handler answers with', async () => {
    const handler = triggerFunction<PreSignUpTriggerEvent>().handler(async (event) => {
      event.response.autoConfirmUser = true;
      return event;
    });
    await expect(handler(signUpEvent, lambdaContext('t'))).resolves.toMatchObject({ response: { autoConfirmUser: true } });
  });

  it('lets a refusal meant for the person reach Cognito with its own message', async () => {
    const handler = triggerFunction<PreSignUpTriggerEvent>().handler(async () => {
      throw new ForbiddenError('Maximum device limit reached.');
    });
    await expect(handler(signUpEvent, lambdaContext('t'))).rejects.toThrow('Maximum device limit reached.');
  });

  it('hides an unexpected failure behind a generic message, so internals never reach the client', async () => {
    const handler = triggerFunction<PreSignUpTriggerEvent>().handler(async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.1:443 table escrow-prod');
    });
    const failure = await handler(signUpEvent, lambdaContext('t')).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(triggerFailedMessage);
    expect((failure as Error).message).not.toContain('ECONNREFUSED');
  });
});

describe('taskFunction', () => {
  it('answers the state machine with the handler’s result', async () => {
    const handler = taskFunction<{ contractId: string }, { seen: string }>().handler(async (input) => ({
      seen: input.contractId,
    }));
    await expect(handler({ contractId: 'c1' }, lambdaContext('t'))).resolves.toEqual({ seen: 'c1' });
  });

  it('fails the task with the refusal’s name, so a Catch can tell a domain refusal from a fault', async () => {
    const refused = taskFunction<object, never>().handler(async () => {
      throw new ConflictError('already paid');
    });
    await expect(refused({}, lambdaContext('t'))).rejects.toMatchObject({ name: 'ConflictError', message: 'already paid' });
    const broken = taskFunction<object, never>().handler(async () => {
      throw new TypeError('x is undefined');
    });
    await expect(broken({}, lambdaContext('t'))).rejects.toMatchObject({ name: 'TypeError' });
  });
});
