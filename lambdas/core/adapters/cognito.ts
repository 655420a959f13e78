import {
  AdminDeleteUserCommand,
  type AdminDeleteUserCommandInput,
  type AdminDeleteUserCommandOutput,
  AdminGetUserCommand,
  type AdminGetUserCommandInput,
  type AdminGetUserCommandOutput,
  AdminSetUserPasswordCommand,
  type AdminSetUserPasswordCommandInput,
  type AdminSetUserPasswordCommandOutput,
  AdminUserGlobalSignOutCommand,
  type AdminUserGlobalSignOutCommandInput,
  type AdminUserGlobalSignOutCommandOutput,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  type ConfirmSignUpCommandInput,
  type ConfirmSignUpCommandOutput,
  SignUpCommand,
  type SignUpCommandInput,
  type SignUpCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { clientAt } from './aws-client';

/**
 * The user pool's API as the services call it, by operation name: the SDK's command of each, its
 * errors named as Cognito names them (UsernameExistsException, UserNotFoundException, ...). Only
 * the operations the services use are here. SignUp and ConfirmSignUp are the app client's own
 * calls, which the SDK sends unsigned, as Cognito takes them.
 */

interface Operations {
  SignUp: { input: SignUpCommandInput; output: SignUpCommandOutput };
  AdminGetUser: { input: AdminGetUserCommandInput; output: AdminGetUserCommandOutput };
  ConfirmSignUp: { input: ConfirmSignUpCommandInput; output: ConfirmSignUpCommandOutput };
  AdminSetUserPassword: { input: AdminSetUserPasswordCommandInput; output: AdminSetUserPasswordCommandOutput };
  AdminUserGlobalSignOut: { input: AdminUserGlobalSignOutCommandInput; output: AdminUserGlobalSignOutCommandOutput };
  AdminDeleteUser: { input: AdminDeleteUserCommandInput; output: AdminDeleteUserCommandOutput };
}

export const cognito = /* @__PURE__ */ clientAt('cognitoEndpoint', (config) => new CognitoIdentityProviderClient(config));

/** Each operation sent as the SDK's command of it. */
const calls: { [K in keyof Operations]: (input: Operations[K]['input']) => Promise<Operations[K]['output']> } = {
  SignUp: (input) => cognito().send(new SignUpCommand(input)),
  AdminGetUser: (input) => cognito().send(new AdminGetUserCommand(input)),
  ConfirmSignUp: (input) => cognito().send(new ConfirmSignUpCommand(input)),
  AdminSetUserPassword: (input) => cognito().send(new AdminSetUserPasswordCommand(input)),
  AdminUserGlobalSignOut: (input) => cognito().send(new AdminUserGlobalSignOutCommand(input)),
  AdminDeleteUser: (input) => cognito().send(new AdminDeleteUserCommand(input)),
};

export function cognitoCall<K extends keyof Operations>(
  operation: K,
  input: Operations[K]['input'],
): Promise<Operations[K]['output']> {
  return calls[operation](input);
}
