/** A Step Functions API error: its `__type` (the SDK's exception class name) and message. */
export class SfnError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** A request that breaks a parameter constraint. */
export const validation = (message: string) => new SfnError('ValidationException', message);
/** An ARN that is not one of this kind of resource. */
export const invalidArn = (arn: string) => new SfnError('InvalidArn', `Invalid Arn: '${arn}'`);
/** A well-formed execution ARN that names no execution. */
export const executionDoesNotExist = (arn: string) => new SfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${arn}'`);
/** A task or pagination token this service never issued in that shape. */
export const invalidToken = (message = 'Invalid Token') => new SfnError('InvalidToken', message);
