import {
  adminConfirmSignUp,
  adminDeleteUser,
  adminGetUser,
  adminSetUserPassword,
  adminUpdateUserAttributes,
  adminUserGlobalSignOut,
  listUsers,
} from './admin';
import { respondToAuthChallenge } from './auth-challenges';
import { type CognitoServiceOptions, Pool } from './pool';
import { type Json, requestInput } from './request';
import { initiateAuth } from './sign-in';
import { getTokensFromRefreshToken, globalSignOut, revokeToken } from './sign-in-tokens';
import { confirmSignUp, resendConfirmationCode, signUp } from './sign-up';
import { changePassword, getUser } from './signed-in-user';
import type { UserStore } from './user-store';

export type { CognitoServiceOptions, EmailMessage, PoolClient } from './pool';

/** An operation takes the request body as it arrived (any JSON) and checks it before use. */
type Operation = (input: unknown) => Promise<Json>;

export type OperationName =
  | 'SignUp'
  | 'ConfirmSignUp'
  | 'ResendConfirmationCode'
  | 'InitiateAuth'
  | 'RespondToAuthChallenge'
  | 'GetTokensFromRefreshToken'
  | 'GetUser'
  | 'GlobalSignOut'
  | 'RevokeToken'
  | 'ChangePassword'
  | 'AdminGetUser'
  | 'AdminConfirmSignUp'
  | 'AdminSetUserPassword'
  | 'AdminUpdateUserAttributes'
  | 'AdminDeleteUser'
  | 'AdminUserGlobalSignOut'
  | 'ListUsers';

/**
 * The operations that AWS authorises with IAM: the caller must sign the request (SigV4) with
 * credentials allowed `cognito-idp:<Operation>`. The others are public, called by the browser
 * unsigned, and authorised by their own parameters (client id, session, access token).
 */
export const iamOperations: ReadonlySet<OperationName> = new Set<OperationName>([
  'AdminGetUser',
  'AdminConfirmSignUp',
  'AdminSetUserPassword',
  'AdminUpdateUserAttributes',
  'AdminDeleteUser',
  'AdminUserGlobalSignOut',
  'ListUsers',
]);

/** Each operation's module: the pool's shared state and checks are in pool.ts. */
const operationsOf: Record<OperationName, (pool: Pool, input: Json) => Promise<Json>> = {
  // sign-up.ts
  SignUp: signUp,
  ConfirmSignUp: confirmSignUp,
  ResendConfirmationCode: resendConfirmationCode,
  // sign-in.ts, auth-challenges.ts
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  // sign-in-tokens.ts
  GetTokensFromRefreshToken: getTokensFromRefreshToken,
  GlobalSignOut: globalSignOut,
  RevokeToken: revokeToken,
  // signed-in-user.ts
  GetUser: getUser,
  ChangePassword: changePassword,
  // admin.ts
  AdminGetUser: adminGetUser,
  AdminConfirmSignUp: adminConfirmSignUp,
  AdminSetUserPassword: adminSetUserPassword,
  AdminUpdateUserAttributes: adminUpdateUserAttributes,
  AdminDeleteUser: adminDeleteUser,
  AdminUserGlobalSignOut: adminUserGlobalSignOut,
  ListUsers: listUsers,
};

/**
 * The subset of the Cognito user pool API that the product and Amplify use, with Cognito's
 * behaviour: SRP password proof, the custom-auth trigger loop, Cognito's error names and
 * messages, and no answer that tells whether an account exists.
 */
export class CognitoService {
  readonly operations: Readonly<Record<OperationName, Operation>>;
  /** The pool's users, for the local tooling (seeding, tests). */
  readonly users: UserStore;

  constructor(options: CognitoServiceOptions) {
    const pool = new Pool(options);
    this.users = pool.users;
    // Every operation checks the shape of its input first, so a wrong type anywhere is a 400.
    const entries = Object.entries(operationsOf).map(([name, run]) => {
      const operation: Operation = async (input) => run(pool, requestInput(input));
      return [name, operation] as const;
    });
    this.operations = Object.fromEntries(entries) as Record<OperationName, Operation>;
  }

  /** The operation of an `x-amz-target` name, if this pool implements it. */
  operation(name: string): Operation | undefined {
    return Object.hasOwn(this.operations, name) ? this.operations[name as OperationName] : undefined;
  }
}
