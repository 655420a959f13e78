import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SFNClient } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type EnvName, optionalEnv } from '../lambdas/core/adapters/env';

/**
 * The SDK's clients for ops' scripts and the tests, made once per process on first use, with
 * their endpoints from the environment the functions read (unset in AWS, the local stand-ins
 * locally). The functions make their own, one per service in its adapter (lambdas/core/adapters/aws-client.ts).
 */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

function endpointConfig(name: EnvName) {
  const endpoint = optionalEnv(name);
  return endpoint ? { endpoint } : {};
}

export const dynamodb = once(() => new DynamoDBClient(endpointConfig('dynamodbEndpoint')));

/** Document client: plain JS values in and out; undefined attributes are dropped. */
export const documents = once(() =>
  DynamoDBDocumentClient.from(dynamodb(), { marshallOptions: { removeUndefinedValues: true } }),
);

export const stepFunctions = once(() => new SFNClient(endpointConfig('sfnEndpoint')));
