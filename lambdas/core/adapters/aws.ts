import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SFNClient } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type EnvName, optionalEnv } from './env';

/**
 * The only place AWS clients are constructed. Each is made once per container (connection reuse)
 * on first use, with its endpoint from the environment: unset in AWS, the local stand-in locally.
 * Each export is marked pure, so a function's bundle keeps only the clients it calls (the SDK's
 * packages are free of side effects). The functions reach SES, Step Functions and Secrets Manager
 * without a client, by one signed request each (aws-request.ts); the SFN client here is the
 * scripts' and the tests'.
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

export const dynamodb = /* @__PURE__ */ once(() => new DynamoDBClient(endpointConfig('dynamodbEndpoint')));

/** Document client: plain JS values in and out; undefined attributes are dropped. */
export const documents = /* @__PURE__ */ once(() =>
  DynamoDBDocumentClient.from(dynamodb(), { marshallOptions: { removeUndefinedValues: true } }),
);

export const cognito = /* @__PURE__ */ once(() => new CognitoIdentityProviderClient(endpointConfig('cognitoEndpoint')));

export const stepFunctions = /* @__PURE__ */ once(() => new SFNClient(endpointConfig('sfnEndpoint')));
