/** A Cognito service error: its `__type` name and message as Cognito words them. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
  }
}

export const incorrectCredentials = () => new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message);
export const userNotFound = () => new CognitoError('UserNotFoundException', 'User does not exist.');
