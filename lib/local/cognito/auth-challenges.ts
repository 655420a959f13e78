import { randomBytes } from 'node:crypto';
import { userPoolSettings } from '../../user-pool-settings';
import type { AuthSession } from './auth-sessions';
import { CognitoError, incorrectCredentials, invalidParameter } from './errors';
import type { Pool, PoolClient } from './pool';
import { type Json, str } from './request';
import { issueTokens, signInUser } from './sign-in-tokens';
import { createServerEphemeral, isValidSrpA, verifyPasswordClaim } from './srp';
import { triggerAttributes } from './triggers';
import type { LocalUser } from './user-store';

// The sign-in flows that go on in challenges: USER_SRP_AUTH (one PASSWORD_VERIFIER) and
// CUSTOM_AUTH, where the DefineAuthChallenge trigger decides each next step (the SRP proof, a
// custom challenge made by CreateAuthChallenge and judged by VerifyAuthChallengeResponse, the
// tokens, or failure).

/** InitiateAuth of USER_SRP_AUTH or CUSTOM_AUTH: the sign-in's session and its first challenge. */
export async function startChallenges(
  pool: Pool,
  client: PoolClient,
  flow: AuthSession['flow'],
  params: Record<string, string | undefined>,
  clientMetadata: unknown,
): Promise<Json> {
  const typed = str(params.USERNAME, 'USERNAME');
  const user = pool.users.find(typed);
  if (user) await preAuthentication(pool, user, client.clientId, clientMetadata);
  const session: AuthSession = {
    flow,
    clientId: client.clientId,
    username: user?.username ?? pool.decoys.username(typed),
    userNotFound: !user,
    expiresAt: Date.now() + userPoolSettings.authSessionValidityMinutes * 60_000,
    expects: 'PASSWORD_VERIFIER',
    challenges: [],
  };
  if (flow === 'USER_SRP_AUTH') return passwordVerifierChallenge(pool, session, params.SRP_A);
  if (params.SRP_A !== undefined) session.challenges.push({ challengeName: 'SRP_A', challengeResult: true });
  return nextStep(pool, session, params.SRP_A, clientMetadata);
}

export async function respondToAuthChallenge(pool: Pool, input: Json): Promise<Json> {
  const client = pool.client(input.ClientId);
  const session = pool.sessions.take(input.Session);
  if (session.clientId !== client.clientId) throw invalidParameter('Invalid session for the client.');
  const name = str(input.ChallengeName, 'ChallengeName');
  const responses = (input.ChallengeResponses ?? {}) as Record<string, string | undefined>;
  if (name !== session.expects) throw invalidParameter(`Invalid challenge name: ${name}`);
  if (name === 'PASSWORD_VERIFIER') return answerPasswordVerifier(pool, session, responses, input.ClientMetadata);
  return answerCustomChallenge(pool, session, responses, input.ClientMetadata);
}

async function answerPasswordVerifier(
  pool: Pool,
  session: AuthSession,
  responses: Record<string, string | undefined>,
  clientMetadata: unknown,
): Promise<Json> {
  pool.checkPasswordLock(session.username);
  const srp = session.srp;
  // A name without an account goes through the whole proof too, against its decoy verifier,
  // so the answer takes as long as for a real account with a wrong password.
  const proven =
    !!srp &&
    responses.PASSWORD_CLAIM_SECRET_BLOCK === srp.secretBlock &&
    verifyPasswordClaim({
      poolName: pool.name,
      username: session.username,
      salt: srp.salt,
      verifier: srp.verifier,
      b: srp.b,
      B: srp.B,
      A: srp.A,
      secretBlock: str(responses.PASSWORD_CLAIM_SECRET_BLOCK, 'PASSWORD_CLAIM_SECRET_BLOCK'),
      timestamp: str(responses.TIMESTAMP, 'TIMESTAMP'),
      signature: str(responses.PASSWORD_CLAIM_SIGNATURE, 'PASSWORD_CLAIM_SIGNATURE'),
    });
  if (!proven || session.userNotFound) throw pool.passwordFailed(session.username);
  pool.passwordSucceeded(session.username);
  const user = signInUser(pool, session.username);
  if (session.flow === 'USER_SRP_AUTH') return issueTokens(pool, user, session.clientId, clientMetadata);
  session.challenges.push({ challengeName: 'PASSWORD_VERIFIER', challengeResult: true });
  return nextStep(pool, session, undefined, clientMetadata);
}

async function answerCustomChallenge(
  pool: Pool,
  session: AuthSession,
  responses: Record<string, string | undefined>,
  clientMetadata: unknown,
): Promise<Json> {
  const answer = str(responses.ANSWER, 'ChallengeResponses.ANSWER');
  const verdict = await challengeTrigger(
    pool,
    session,
    'verifyAuthChallengeResponse',
    { privateChallengeParameters: session.privateChallengeParameters ?? {}, challengeAnswer: answer },
    { answerCorrect: false },
    clientMetadata,
  );
  session.challenges.push({
    challengeName: 'CUSTOM_CHALLENGE',
    challengeResult: verdict.answerCorrect === true,
    challengeMetadata: session.challengeMetadata,
  });
  return nextStep(pool, session, undefined, clientMetadata);
}

const challengeTriggerSources = {
  defineAuthChallenge: 'DefineAuthChallenge_Authentication',
  createAuthChallenge: 'CreateAuthChallenge_Authentication',
  verifyAuthChallengeResponse: 'VerifyAuthChallengeResponse_Authentication',
} as const;

/**
 * One of the custom-auth triggers of a sign-in in challenges, with the envelope Cognito gives all
 * three: the session's user (its attributes, or none with userNotFound), client and metadata around
 * the trigger's own request fields.
 */
function challengeTrigger<R extends object>(
  pool: Pool,
  session: AuthSession,
  trigger: keyof typeof challengeTriggerSources,
  request: Record<string, unknown>,
  response: R,
  clientMetadata: unknown,
): Promise<R> {
  const user = pool.users.get(session.username);
  return pool.trigger(trigger, {
    triggerSource: challengeTriggerSources[trigger],
    userName: session.username,
    clientId: session.clientId,
    request: {
      userAttributes: user ? triggerAttributes(user) : {},
      ...request,
      clientMetadata: clientMetadata ?? {},
      userNotFound: session.userNotFound,
    },
    response,
  });
}

/** Asks DefineAuthChallenge what comes next and carries it out. */
async function nextStep(pool: Pool, session: AuthSession, srpA: string | undefined, clientMetadata: unknown): Promise<Json> {
  if (!pool.hasTrigger('defineAuthChallenge')) {
    throw invalidParameter('Custom auth lambda trigger is not configured for the user pool.');
  }
  const user = pool.users.get(session.username);
  const decision = await challengeTrigger(
    pool,
    session,
    'defineAuthChallenge',
    { session: session.challenges },
    { challengeName: undefined as string | undefined, issueTokens: false, failAuthentication: false },
    clientMetadata,
  );
  if (decision.failAuthentication) throw incorrectCredentials();
  if (decision.issueTokens) {
    if (session.userNotFound || !user) throw incorrectCredentials();
    return issueTokens(pool, signInUser(pool, user.username), session.clientId, clientMetadata);
  }
  if (decision.challengeName === 'PASSWORD_VERIFIER' && srpA !== undefined) {
    return passwordVerifierChallenge(pool, session, srpA);
  }
  if (decision.challengeName !== 'CUSTOM_CHALLENGE') {
    throw new CognitoError('UserLambdaValidationException', 'DefineAuthChallenge failed with error Invalid challenge name.');
  }
  return customChallenge(pool, session, clientMetadata);
}

/** CreateAuthChallenge's challenge, its public parameters to the caller and its private ones kept for the answer. */
async function customChallenge(pool: Pool, session: AuthSession, clientMetadata: unknown): Promise<Json> {
  const created = await challengeTrigger(
    pool,
    session,
    'createAuthChallenge',
    { challengeName: 'CUSTOM_CHALLENGE', session: session.challenges },
    {
      publicChallengeParameters: {} as Record<string, string>,
      privateChallengeParameters: {} as Record<string, string>,
      challengeMetadata: undefined as string | undefined,
    },
    clientMetadata,
  );
  session.expects = 'CUSTOM_CHALLENGE';
  session.privateChallengeParameters = created.privateChallengeParameters;
  session.challengeMetadata = created.challengeMetadata;
  return {
    ChallengeName: 'CUSTOM_CHALLENGE',
    ChallengeParameters: { ...created.publicChallengeParameters, USERNAME: session.username },
    Session: pool.sessions.store(session),
  };
}

/** The SRP step: the server's ephemeral B for the caller's A, with the user's (or the decoy's) salt. */
function passwordVerifierChallenge(pool: Pool, session: AuthSession, srpA: string | undefined): Json {
  if (srpA === undefined) throw invalidParameter('Missing required parameter SRP_A');
  if (!isValidSrpA(srpA)) throw invalidParameter('SRP_A is not valid.');
  const user = session.userNotFound ? undefined : pool.users.get(session.username);
  const { salt, verifier } = user ?? pool.decoys.credentials(session.username);
  const { b, B } = createServerEphemeral(verifier);
  const secretBlock = randomBytes(64).toString('base64');
  session.srp = { A: srpA, b, B, salt, verifier, secretBlock };
  session.expects = 'PASSWORD_VERIFIER';
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: salt,
      SRP_B: B,
      SECRET_BLOCK: secretBlock,
      USER_ID_FOR_SRP: session.username,
      USERNAME: session.username,
    },
    Session: pool.sessions.store(session),
  };
}

async function preAuthentication(pool: Pool, user: LocalUser, clientId: string, clientMetadata: unknown): Promise<void> {
  await pool.trigger('preAuthentication', {
    triggerSource: 'PreAuthentication_Authentication',
    userName: user.username,
    clientId,
    request: { userAttributes: triggerAttributes(user), validationData: {}, clientMetadata: clientMetadata ?? {} },
    response: {},
  });
}
