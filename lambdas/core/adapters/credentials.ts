/**
 * The credentials of every AWS client in a function's bundle: the environment variables Lambda
 * sets for the function's role (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), the
 * first source the SDK's default chain tries and the only one a Lambda function uses. The bundle
 * takes this module for `@aws-sdk/credential-provider-node` (lib/bundling.ts), which would bring the
 * chain's other sources (SSO, profiles, web identity, instance metadata, their nested clients):
 * about 130 KiB per function that never run. The local cloud runs handlers unbundled, on the chain.
 */
export { fromEnv as defaultProvider } from '@aws-sdk/credential-provider-env';
