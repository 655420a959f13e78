import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { optionalEnv, requireEnv } from './env';

/**
 * The user pool's signature on a token, checked where no AWS service checks it first: the realtime
 * authorizer (lambdas/events/authorizer.ts) is handed the raw token AppSync received. The pool's
 * keys come from its JWKS, fetched once per container and kept.
 *
 * Where the pool is: in AWS its issuer, `https://cognito-idp.<region>.amazonaws.com/<pool id>`;
 * locally the local Cognito's endpoint (COGNITO_ENDPOINT), which issues its tokens under its own
 * URL. aws-jwt-verify's own fetcher speaks only HTTPS and the local pool publishes its JWKS over
 * loopback HTTP, so the cache fetches with fetch(), which speaks both.
 */
const verifiers = new Map<string, ReturnType<typeof createVerifier>>();

function createVerifier(issuer: string, clientId: string) {
  const jwksCache = new SimpleJwksCache({
    fetcher: { fetch: async (uri) => (await fetch(uri, { signal: AbortSignal.timeout(3_000) })).arrayBuffer() },
  });
  return JwtRsaVerifier.create(
    {
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      // An access token names its app client in client_id (it has no aud).
      audience: null,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access' || payload.client_id !== clientId) throw new Error('not an access token of the app');
      },
    },
    { jwksCache },
  );
}

/**
 * The claims of an access token the pool signed for the app's client (signature, issuer,
 * `token_use`, `client_id`, and `exp` when present), or undefined for anything else. What the
 * pool would not have issued even so (a life too long, no `exp`) is the session check's to refuse
 * (runtime/pool-tokens.ts).
 */
export async function verifiedAccessTokenClaims(token: string): Promise<Record<string, unknown> | undefined> {
  const base = optionalEnv('cognitoEndpoint') ?? `https://cognito-idp.${process.env.AWS_REGION}.amazonaws.com`;
  const issuer = `${base}/${requireEnv('userPoolId')}`;
  const clientId = requireEnv('userPoolClientId');
  // One per pool and client (one in a Lambda container; the local cloud runs every function in one process).
  const key = `${issuer} ${clientId}`;
  const verifier = verifiers.get(key) ?? createVerifier(issuer, clientId);
  verifiers.set(key, verifier);
  return (verifier.verify(token) as Promise<Record<string, unknown>>).catch(() => undefined);
}
