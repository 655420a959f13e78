import { fileURLToPath } from 'node:url';
import type { RoutePermissions } from './routes';

/**
 * The user pool's Lambda triggers: Cognito trigger name -> handler file under lambdas/triggers and
 * what it may touch. CDK attaches these to the user pool with those grants; the local Cognito
 * invokes the same handlers with the same event shapes.
 */
export interface TriggerDefinition {
  file: string;
  permissions: RoutePermissions;
}

export type UserPoolTriggerName =
  | 'preSignUp'
  | 'customMessage'
  | 'postConfirmation'
  | 'preAuthentication'
  | 'postAuthentication'
  | 'defineAuthChallenge'
  | 'createAuthChallenge'
  | 'verifyAuthChallengeResponse';

export const userPoolTriggers: Partial<Record<UserPoolTriggerName, TriggerDefinition>> = {
  preSignUp: { file: 'pre-sign-up', permissions: { secrets: ['app'] } },
  // secrets: the "this was not me" link's token is keyed with the app secret.
  customMessage: { file: 'custom-message', permissions: { secrets: ['app'] } },
  defineAuthChallenge: { file: 'define-auth-challenge', permissions: { table: 'read' } },
  createAuthChallenge: { file: 'create-auth-challenge', permissions: { table: 'readWrite', sendEmail: true, secrets: ['app'] } },
  verifyAuthChallengeResponse: {
    file: 'verify-auth-challenge-response',
    // sendEmail: the owner is told when wrong answers lock the account (services/challenges/lockout.ts).
    permissions: { table: 'readWrite', sendEmail: true, secrets: ['app'] },
  },
  // The first sign-in after the email's confirmation takes up the invitations to its address;
  // their notices go out by email.
  postAuthentication: { file: 'post-authentication', permissions: { table: 'readWrite', sendEmail: true } },
};

/** The configured triggers as [name, definition] pairs. */
export function triggerEntries(): Array<[UserPoolTriggerName, TriggerDefinition]> {
  return Object.entries(userPoolTriggers) as Array<[UserPoolTriggerName, TriggerDefinition]>;
}

/** Absolute path of a trigger's handler source. */
export function triggerEntry(trigger: Pick<TriggerDefinition, 'file'>): string {
  return fileURLToPath(new URL(`./triggers/${trigger.file}.ts`, import.meta.url));
}
