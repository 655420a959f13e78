import type { Context } from 'aws-lambda';
import type { UserPoolTriggerName } from '../../../lambdas/triggers';
import { lambdaContext } from '../lambda-context';
import { CognitoError } from './errors';
import type { LocalUser } from './user-store';

// biome-ignore lint/suspicious/noExplicitAny: trigger events differ per trigger; each call site builds the right shape.
export type TriggerHandler = (event: any, context: Context) => Promise<any>;
export type TriggerHandlers = Partial<Record<UserPoolTriggerName, TriggerHandler>>;

/** The names Cognito uses for each trigger in its error messages. */
const displayNames: Record<UserPoolTriggerName, string> = {
  preSignUp: 'PreSignUp',
  customMessage: 'CustomMessage',
  postConfirmation: 'PostConfirmation',
  preAuthentication: 'PreAuthentication',
  postAuthentication: 'PostAuthentication',
  defineAuthChallenge: 'DefineAuthChallenge',
  createAuthChallenge: 'CreateAuthChallenge',
  verifyAuthChallengeResponse: 'VerifyAuthChallengeResponse',
};

export interface PoolIdentity {
  region: string;
  userPoolId: string;
}

/** What an operation gives a trigger: the rest of Cognito's event is the pool's. */
export interface TriggerEnvelope<R extends object> {
  triggerSource: string;
  userName: string;
  clientId: string;
  request: object;
  response: R;
}

/** userAttributes as Cognito passes them to triggers. */
export function triggerAttributes(user: LocalUser): Record<string, string> {
  return { ...user.attributes, sub: user.username, 'cognito:user_status': user.status };
}

/**
 * Invokes a configured trigger with Cognito's event envelope and returns its `response`.
 * A trigger that throws surfaces as Cognito surfaces it: UserLambdaValidationException
 * "<Trigger> failed with error <message>.". An unconfigured trigger returns the default response.
 */
export async function invokeTrigger<R extends object>(
  handlers: TriggerHandlers,
  pool: PoolIdentity,
  name: UserPoolTriggerName,
  envelope: TriggerEnvelope<R>,
): Promise<R> {
  const handler = handlers[name];
  if (!handler) return envelope.response;
  const event = {
    version: '1',
    region: pool.region,
    userPoolId: pool.userPoolId,
    userName: envelope.userName,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: envelope.clientId },
    triggerSource: envelope.triggerSource,
    request: envelope.request,
    response: envelope.response,
  };
  try {
    const result = await handler(event, lambdaContext(`local-${name}`));
    return (result?.response ?? event.response) as R;
  } catch (error) {
    throw new CognitoError(
      'UserLambdaValidationException',
      `${displayNames[name]} failed with error ${(error as Error).message}.`,
    );
  }
}
