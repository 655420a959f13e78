import { awsJsonRequest } from './aws-request';

/**
 * The user pool's API as the services call it: one request per call (aws-request.ts says why not
 * the SDK's client), its errors named as the SDK names them (UsernameExistsException,
 * UserNotFoundException, ...). Only the operations the services use are typed here.
 */

interface Operations {
  SignUp: {
    input: {
      ClientId: string;
      Username: string;
      Password: string;
      UserAttributes: { Name: string; Value: string }[];
      ClientMetadata?: Record<string, string>;
    };
    output: { UserSub?: string };
  };
  AdminGetUser: {
    input: { UserPoolId: string; Username: string };
    /** UserCreateDate: seconds since the epoch, as the JSON protocol sends a timestamp. */
    output: {
      Username?: string;
      UserAttributes?: { Name: string; Value?: string }[];
      UserCreateDate?: number;
      UserStatus?: string;
    };
  };
  ConfirmSignUp: { input: { ClientId: string; Username: string; ConfirmationCode: string }; output: Record<string, never> };
  AdminSetUserPassword: {
    input: { UserPoolId: string; Username: string; Password: string; Permanent: boolean };
    output: Record<string, never>;
  };
  AdminUserGlobalSignOut: { input: { UserPoolId: string; Username: string }; output: Record<string, never> };
  AdminDeleteUser: { input: { UserPoolId: string; Username: string }; output: Record<string, never> };
}

export async function cognitoCall<K extends keyof Operations>(
  operation: K,
  input: Operations[K]['input'],
): Promise<Operations[K]['output']> {
  return (await awsJsonRequest({
    service: 'cognito-idp',
    host: 'cognito-idp.{region}.amazonaws.com',
    endpointEnv: 'cognitoEndpoint',
    method: 'POST',
    path: '/',
    body: input,
    target: { name: `AWSCognitoIdentityProviderService.${operation}`, version: '1.1' },
    // SignUp and ConfirmSignUp are the app client's own calls, which Cognito takes unsigned (as the SDK sends them).
    unsigned: operation === 'SignUp' || operation === 'ConfirmSignUp',
  })) as Operations[K]['output'];
}
