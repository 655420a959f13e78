import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { PayloadTooLargeError, readBody } from '../http-util';
import { AccessDeniedError, type LocalIam, SignatureError } from '../iam/authority';
import { CognitoError } from './errors';
import { type CognitoService, iamOperations, type OperationName } from './service';
import type { TokenIssuer } from './tokens';

const targetPrefix = 'AWSCognitoIdentityProviderService.';

export interface CognitoListenerOptions {
  userPoolId: string;
  region: string;
  /** The local cloud's IAM: the IAM-authorised operations must be signed by a principal allowed `cognito-idp:<Operation>` on the pool. */
  iam: LocalIam;
  /**
   * The web app's origin, the only one a browser may call from. Every other Origin gets a 403 and
   * no CORS headers, so a page elsewhere cannot drive the pool from a developer's browser.
   * Requests without an Origin (the SDK, server side) are not affected.
   */
  appOrigin: string;
}

/**
 * The Cognito IdP JSON protocol over HTTP: `POST /` with `x-amz-target`, answered in
 * `application/x-amz-json-1.1`, errors as `{ __type, message }` with `x-amzn-errortype`, CORS for
 * the browser (Amplify), and the pool's JWKS at `/<userPoolId>/.well-known/jwks.json`. As in AWS,
 * the admin operations and ListUsers need a valid SigV4 signature of a principal whose policies
 * allow them on the pool; the others are public.
 */
export function cognitoRequestListener(
  service: CognitoService,
  tokens: TokenIssuer,
  options: CognitoListenerOptions,
): RequestListener {
  const poolArn = `arn:aws:cognito-idp:${options.region}:${options.iam.names.accountId}:userpool/${options.userPoolId}`;
  const appOrigin = new URL(options.appOrigin).origin;

  return (req, res) => {
    handle(req, res).catch((error) => {
      if (res.headersSent) return void res.end();
      if (error instanceof PayloadTooLargeError) {
        reply(
          res,
          413,
          { __type: 'SerializationException', message: 'Request body too large' },
          undefined,
          'SerializationException',
        );
        return;
      }
      reply(res, 500, { __type: 'InternalErrorException', message: 'Internal error' }, undefined, 'InternalErrorException');
    });
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    res.setHeader('vary', 'origin');
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== appOrigin) {
      const message = 'Cross-origin requests are accepted from the local app only.';
      reply(res, 403, { __type: 'AccessDeniedException', message }, undefined, 'AccessDeniedException');
      return;
    }
    if (origin !== undefined) cors(req, res, origin);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && req.url === `/${options.userPoolId}/.well-known/jwks.json`) {
      reply(res, 200, tokens.jwks(), 'application/json');
      return;
    }
    const target = String(req.headers['x-amz-target'] ?? '');
    if (req.method !== 'POST' || !target.startsWith(targetPrefix)) {
      reply(
        res,
        400,
        { __type: 'UnknownOperationException', message: 'Unknown operation' },
        undefined,
        'UnknownOperationException',
      );
      return;
    }
    const name = target.slice(targetPrefix.length);
    const operation = service.operation(name);
    if (!operation) {
      const message = `Unsupported operation ${target}`;
      reply(res, 400, { __type: 'UnknownOperationException', message }, undefined, 'UnknownOperationException');
      return;
    }
    const body = await readBody(req);
    try {
      if (iamOperations.has(name as OperationName)) {
        try {
          const principal = await options.iam.authenticate(
            { method: req.method, url: req.url ?? '/', headers: req.headers, body },
            'cognito-idp',
          );
          await options.iam.authorize(principal, [{ action: `cognito-idp:${name}`, resource: poolArn }]);
        } catch (error) {
          if (error instanceof SignatureError) throw new CognitoError(error.type, error.message);
          if (error instanceof AccessDeniedError) throw new CognitoError('AccessDeniedException', error.message);
          throw error;
        }
      }
      let input: unknown;
      try {
        input = JSON.parse(body.toString('utf8') || '{}');
      } catch {
        throw new CognitoError('SerializationException', 'Malformed request body');
      }
      reply(res, 200, await operation(input));
    } catch (error) {
      if (!(error instanceof CognitoError)) throw error;
      reply(res, error.statusCode, { __type: error.type, message: error.message }, undefined, error.type);
    }
  }
}

/** CORS for the app's own origin (the only one that gets this far with an Origin header). */
function cors(req: IncomingMessage, res: ServerResponse, origin: string) {
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS');
  res.setHeader(
    'access-control-allow-headers',
    String(req.headers['access-control-request-headers'] ?? 'content-type, x-amz-target, x-amz-user-agent, cache-control'),
  );
  res.setHeader('access-control-expose-headers', 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date');
  res.setHeader('access-control-max-age', '600');
}

function reply(
  res: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/x-amz-json-1.1',
  errorType?: string,
) {
  const headers: Record<string, string> = { 'content-type': contentType, 'x-amzn-requestid': randomUUID() };
  if (errorType) headers['x-amzn-errortype'] = `${errorType}:`;
  res.writeHead(status, headers);
  res.end(JSON.stringify(body));
}
