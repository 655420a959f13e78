import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { readBody } from '../http-util';
import { CognitoError } from './errors';
import type { CognitoService } from './service';
import type { TokenIssuer } from './tokens';

const targetPrefix = 'AWSCognitoIdentityProviderService.';

/**
 * The Cognito IdP JSON protocol over HTTP: `POST /` with `x-amz-target`, answered in
 * `application/x-amz-json-1.1`, errors as `{ __type, message }` with `x-amzn-errortype`, CORS for
 * the browser (Amplify), and the pool's JWKS at `/<userPoolId>/.well-known/jwks.json`.
 */
export function cognitoRequestListener(service: CognitoService, tokens: TokenIssuer, userPoolId: string): RequestListener {
  return (req, res) => {
    handle(req, res).catch(() => reply(res, 500, { __type: 'InternalErrorException', message: 'Internal error' }));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    cors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && req.url === `/${userPoolId}/.well-known/jwks.json`) {
      reply(res, 200, tokens.jwks(), 'application/json');
      return;
    }
    const target = String(req.headers['x-amz-target'] ?? '');
    if (req.method !== 'POST' || !target.startsWith(targetPrefix)) {
      reply(res, 400, { __type: 'UnknownOperationException', message: 'Unknown operation' });
      return;
    }
    const operation = service.operation(target.slice(targetPrefix.length));
    if (!operation) {
      reply(res, 400, { __type: 'UnknownOperationException', message: `Unsupported operation ${target}` });
      return;
    }
    let input: Record<string, unknown>;
    try {
      input = JSON.parse((await readBody(req)).toString('utf8') || '{}');
    } catch {
      reply(res, 400, { __type: 'SerializationException', message: 'Malformed request body' });
      return;
    }
    try {
      reply(res, 200, await operation(input));
    } catch (error) {
      if (!(error instanceof CognitoError)) throw error;
      reply(res, error.statusCode, { __type: error.type, message: error.message }, undefined, error.type);
    }
  }
}

function cors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('access-control-allow-origin', String(req.headers.origin ?? '*'));
  res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS');
  res.setHeader(
    'access-control-allow-headers',
    String(req.headers['access-control-request-headers'] ?? 'content-type, x-amz-target, x-amz-user-agent, cache-control'),
  );
  res.setHeader('access-control-expose-headers', 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date');
  res.setHeader('access-control-max-age', '600');
  res.setHeader('vary', 'origin');
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
