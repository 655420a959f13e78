/**
 * The user pool's Lambda triggers: Cognito trigger name -> handler file under lambdas/triggers.
 * CDK attaches these to the user pool; the local Cognito invokes the same handlers with the same
 * event shapes.
 */
export const userPoolTriggers = {
  defineAuthChallenge: 'define-auth-challenge',
} as const satisfies Partial<Record<UserPoolTriggerName, string>>;

export type UserPoolTriggerName =
  | 'preSignUp'
  | 'customMessage'
  | 'postConfirmation'
  | 'preAuthentication'
  | 'postAuthentication'
  | 'defineAuthChallenge'
  | 'createAuthChallenge'
  | 'verifyAuthChallengeResponse';

export function triggerEntry(file: string): string {
  return new URL(`./triggers/${file}.ts`, import.meta.url).pathname;
}
