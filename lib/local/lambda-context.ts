import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/** A Lambda context for a local invocation, with a real deadline like Lambda's. */
export function lambdaContext(functionName: string, timeoutMillis = 10_000): Context {
  const deadline = Date.now() + timeoutMillis;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
