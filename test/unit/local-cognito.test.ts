import { describe, expect, it } from 'vitest';
import { handler as defineAuthChallenge } from '../../lambdas/triggers/define-auth-challenge';
import { CognitoService, type EmailMessage, type OperationName } from '../../lib/local/cognito/service';
import { TokenIssuer } from '../../lib/local/cognito/tokens';
import type { TriggerHandlers } from '../../lib/local/cognito/triggers';
import { UserStore } from '../../lib/local/cognito/user-store';

const clientId = 'client1';
const userPoolId = 'eu-west-1_UnitPool';

async function pool(triggers: TriggerHandlers = { defineAuthChallenge }) {
  const sent: EmailMessage[] = [];
  const service = new CognitoService({
    region: 'eu-west-1',
    userPoolId,
    clients: [{ clientId, explicitAuthFlows: ['ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }],
    users: new UserStore(),
    tokens: await TokenIssuer.create('http://127.0.0.1/pool'),
    triggers,
    sendEmail: async (m) => void sent.push(m),
  });
  const call = (op: OperationName, input: object) => service.operations[op](input as Record<string, unknown>);
  return { service, call, sent };
}

const srpA = 'ab'.repeat(64);

describe('the local Cognito user pool', () => {
  it('refuses a password shorter than the pool minimum (InvalidPasswordException)', async () => {
    const { call } = await pool();
    await expect(call('SignUp', { ClientId: clientId, Username: 'a@b.co', Password: '12345' })).rejects.toMatchObject({
      type: 'InvalidPasswordException',
    });
  });

  it('refuses a second account for the same email, whatever its case (UsernameExistsException)', async () => {
    const { call } = await pool();
    await call('SignUp', { ClientId: clientId, Username: 'ada@example.com', Password: 'secret1' });
    await expect(call('SignUp', { ClientId: clientId, Username: 'ADA@example.com', Password: 'secret1' })).rejects.toMatchObject({
      type: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    });
  });

  it('emails a six-digit confirmation code and keeps no password', async () => {
    const { call, sent, service } = await pool();
    const { UserSub } = (await call('SignUp', { ClientId: clientId, Username: 'ada@example.com', Password: 'secret1' })) as {
      UserSub: string;
    };
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('ada@example.com');
    expect(sent[0]?.body).toMatch(/\b\d{6}\b/);
    expect(JSON.stringify(service.users.get(UserSub))).not.toContain('secret1');
  });

  it('surfaces a failing trigger as UserLambdaValidationException with Cognito’s wording', async () => {
    const { call } = await pool({
      preSignUp: async () => {
        throw new Error('Sign-ups are closed');
      },
    });
    await expect(call('SignUp', { ClientId: clientId, Username: 'ada@example.com', Password: 'secret1' })).rejects.toMatchObject({
      type: 'UserLambdaValidationException',
      message: 'PreSignUp failed with error Sign-ups are closed.',
    });
  });

  it('gives an unknown user the same stable salt on every try, like a real account', async () => {
    const { call } = await pool();
    const start = () =>
      call('InitiateAuth', {
        ClientId: clientId,
        AuthFlow: 'CUSTOM_AUTH',
        AuthParameters: { USERNAME: 'nobody@example.com', SRP_A: srpA, CHALLENGE_NAME: 'SRP_A' },
      }) as Promise<{ ChallengeName: string; ChallengeParameters: Record<string, string> }>;
    const first = await start();
    const second = await start();
    expect(first.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(first.ChallengeParameters.SALT).toBe(second.ChallengeParameters.SALT);
    expect(first.ChallengeParameters.SRP_B).not.toBe(second.ChallengeParameters.SRP_B);
  });

  it('accepts a session only once (NotAuthorizedException on reuse)', async () => {
    const { call } = await pool();
    await call('SignUp', { ClientId: clientId, Username: 'ada@example.com', Password: 'secret1' });
    const { Session } = (await call('InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: 'ada@example.com', SRP_A: srpA, CHALLENGE_NAME: 'SRP_A' },
    })) as { Session: string };
    const answer = {
      ClientId: clientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      Session,
      ChallengeResponses: { PASSWORD_CLAIM_SECRET_BLOCK: 'x', TIMESTAMP: 't', PASSWORD_CLAIM_SIGNATURE: 's' },
    };
    await expect(call('RespondToAuthChallenge', answer)).rejects.toMatchObject({ type: 'NotAuthorizedException' });
    await expect(call('RespondToAuthChallenge', answer)).rejects.toMatchObject({
      type: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('refuses the custom flow when the pool has no DefineAuthChallenge trigger', async () => {
    const { call } = await pool({});
    await call('SignUp', { ClientId: clientId, Username: 'ada@example.com', Password: 'secret1' });
    await expect(
      call('InitiateAuth', { ClientId: clientId, AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: 'ada@example.com' } }),
    ).rejects.toMatchObject({ type: 'InvalidParameterException' });
  });

  it('finds users by an exact or prefix email filter', async () => {
    const { call } = await pool();
    await call('SignUp', { ClientId: clientId, Username: 'ada@example.com', Password: 'secret1' });
    await call('SignUp', { ClientId: clientId, Username: 'bayo@example.com', Password: 'secret1' });
    const list = async (Filter: string) =>
      ((await call('ListUsers', { UserPoolId: userPoolId, Filter })) as { Users: unknown[] }).Users.length;
    expect(await list('email = "ada@example.com"')).toBe(1);
    expect(await list('email ^= "b"')).toBe(1);
    expect(await list('email = "carla@example.com"')).toBe(0);
  });
});

describe('the local pool’s attempt limits', () => {
  it('locks confirmation after five wrong codes (LimitExceededException), even for the right code', async () => {
    const { call, sent } = await pool();
    await call('SignUp', { ClientId: clientId, Username: 'ada@example.com', Password: 'secret1' });
    const code = /\b(\d{6})\b/.exec(sent[0]?.body ?? '')?.[1] ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const confirm = (ConfirmationCode: string) =>
      call('ConfirmSignUp', { ClientId: clientId, Username: 'ada@example.com', ConfirmationCode });
    for (let i = 0; i < 5; i++) await expect(confirm(wrong)).rejects.toMatchObject({ type: 'CodeMismatchException' });
    await expect(confirm(code)).rejects.toMatchObject({
      type: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
  });
});
