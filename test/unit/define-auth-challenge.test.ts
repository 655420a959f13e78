import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler } from '../../lambdas/triggers/define-auth-challenge';

type Step = DefineAuthChallengeTriggerEvent['request']['session'][number];

function decide(session: Step[], userNotFound = false) {
  const event = {
    request: { userAttributes: {}, session, userNotFound },
    response: { challengeName: '', issueTokens: false, failAuthentication: false },
  } as unknown as DefineAuthChallengeTriggerEvent;
  return handler(event).then((e) => e.response);
}

const srpA: Step = { challengeName: 'SRP_A', challengeResult: true };
const password = (ok: boolean): Step => ({ challengeName: 'PASSWORD_VERIFIER', challengeResult: ok });

describe('DefineAuthChallenge', () => {
  it('asks for the password after the SRP start', async () => {
    expect(await decide([srpA])).toMatchObject({
      challengeName: 'PASSWORD_VERIFIER',
      issueTokens: false,
      failAuthentication: false,
    });
  });

  it('leads an unknown user to the password step too, so accounts cannot be probed', async () => {
    expect(await decide([srpA], true)).toMatchObject({ challengeName: 'PASSWORD_VERIFIER', failAuthentication: false });
  });

  it('issues tokens after a correct password', async () => {
    expect(await decide([srpA, password(true)])).toMatchObject({ issueTokens: true, failAuthentication: false });
  });

  it('fails a wrong password', async () => {
    expect(await decide([srpA, password(false)])).toMatchObject({ issueTokens: false, failAuthentication: true });
  });

  it('never issues tokens without the password step', async () => {
    expect(await decide([])).toMatchObject({ issueTokens: false, failAuthentication: true });
    expect(await decide([{ challengeName: 'CUSTOM_CHALLENGE', challengeResult: true }])).toMatchObject({ issueTokens: false });
  });

  it('never issues tokens for an unknown user', async () => {
    expect(await decide([srpA, password(true)], true)).toMatchObject({ issueTokens: false, failAuthentication: true });
  });
});
