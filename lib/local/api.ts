import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Handler } from 'aws-lambda';
import { apiRequestHeaders } from '../../lambdas/core/api/http';
import { apiTokenUses, epochNow, poolTokenProblem, poolTokenUses, type TokenUse } from '../../lambdas/core/runtime/pool-tokens';
import { handlerEntry, type RouteDefinition, routes } from '../../lambdas/routes';
import { type ApiFaults, apiGate, noApiFaults } from './api-gate';
import { PayloadTooLargeError, readBody, sendJson } from './http-util';
import { lambdaContext } from './lambda-context';

export interface ApiOptions {
  /** The user pool's issuer and the app client id: what the HTTP API's JWT authorizer checks. */
  issuer: string;
  jwksUri: string;
  audience: string;
  /** The origins a browser may call from (the app's), as the HTTP API's CORS configuration lists them. */
  allowOrigins: readonly string[];
  /**
   * Told of every event a handler answered, with its status and how long the handler ran (`npm run
   * bench` replays the events in fresh processes and counts what a lifecycle costs).
   */
  observe?: (route: RouteDefinition, event: APIGatewayProxyEventV2, statusCode: number, durationMs: number) => void;
  /** Runs a route's handler as its function (the local cloud: its own environment and credentials). @default as it is */
  invoke?: (route: RouteDefinition, run: () => Promise<unknown>) => Promise<unknown>;
  /** The route's function's name and timeout, for its Lambda context. @default the route's name, 10 s */
  functionOf?: (route: RouteDefinition) => { functionName: string; timeoutSeconds: number };
  /** Fault switches: a route's function throttled by Lambda (lib/local/api-gate.ts). @default none */
  faults?: ApiFaults;
  /** Each public route's own request limits (lambdas/routes.ts `throttle`), as the HTTP API applies them. @default true */
  throttles?: boolean;
}

interface MountedRoute {
  route: RouteDefinition;
  pattern: RegExp;
  paramNames: string[];
  handler: Handler;
}

/**
 * The HTTP API locally: every entry of the route table mounted on its path, each request turned
 * into a real payload-2.0 `APIGatewayProxyEventV2`. Protected routes go through the same checks as
 * the HTTP API JWT authorizer (signature from the pool's JWKS, issuer, expiry, aud/client_id);
 * a missing or bad token is a 401 `{"message":"Unauthorized"}` and the handler is not called.
 */
/**
 * A check of the local pool's tokens, signature from its JWKS, issuer and expiry, that they are
 * tokens the pool issues (an ID or access token with a required `exp`, an `iat` not in the future
 * and no longer a life than the pool gives: lambdas/core/runtime/pool-tokens.ts, the functions' own
 * check), plus `check` of the claims: the claims, or undefined when the token is not valid.
 */
export function poolTokenVerifier(
  pool: { issuer: string; jwksUri: string },
  check: (payload: JwtPayload) => boolean,
): (token: string) => Promise<JwtPayload | undefined> {
  // aws-jwt-verify's own fetcher speaks only HTTPS; the local pool publishes its JWKS over
  // loopback HTTP, so the same cache is given a fetch-based fetcher.
  const jwksCache = new SimpleJwksCache({
    fetcher: { fetch: async (uri) => (await fetch(uri, { signal: AbortSignal.timeout(3_000) })).arrayBuffer() },
  });
  const verifier = JwtRsaVerifier.create(
    {
      issuer: pool.issuer,
      jwksUri: pool.jwksUri,
      audience: null,
      customJwtCheck: ({ payload }) => {
        if (poolTokenProblem(payload, poolTokenUses, epochNow()) !== undefined || !check(payload)) throw new Error('claims');
      },
    },
    { jwksCache },
  );
  return (token) => verifier.verify(token).catch(() => undefined);
}

export async function createApiServer(options: ApiOptions): Promise<Server> {
  // The HTTP API accepts an ID token whose aud, or an access token whose client_id, is the client.
  const audienceOf = { id: 'aud', access: 'client_id' } as const satisfies Record<TokenUse, keyof JwtPayload>;
  const verify = poolTokenVerifier(options, (payload) => {
    const use = apiTokenUses.find((u) => u === payload.token_use);
    return use !== undefined && payload[audienceOf[use]] === options.audience;
  });
  const mounted = await Promise.all(routes.map(mount));
  const gate = apiGate(routes, options.faults ?? noApiFaults(), { throttles: options.throttles ?? true });

  return createServer((req, res) => {
    handle(req, res).catch(() =>
      sendJson(res, 500, { message: 'Internal Server Error' }, corsHeaders(req, options.allowOrigins)),
    );
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      res.writeHead(204, { ...corsHeaders(req, options.allowOrigins), 'access-control-max-age': '600' }).end();
      return;
    }
    const match = (() => {
      try {
        return findRoute(mounted, method, url.pathname);
      } catch (error) {
        if (error instanceof URIError) return 'malformed' as const; // a bad %-escape in a path parameter
        throw error;
      }
    })();
    if (match === 'malformed') {
      sendJson(res, 400, { message: 'Bad Request' }, corsHeaders(req, options.allowOrigins));
      return;
    }
    if (!match) {
      sendJson(res, 404, { message: 'Not Found' }, corsHeaders(req, options.allowOrigins));
      return;
    }
    let claims: JwtPayload | undefined;
    if (match.mounted.route.auth === 'protected') {
      const token = /^Bearer (.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
      claims = token ? await verify(token) : undefined;
      if (!claims) {
        sendJson(res, 401, { message: 'Unauthorized' }, corsHeaders(req, options.allowOrigins));
        return;
      }
    }
    const refusal = gate(match.mounted.route);
    if (refusal) {
      req.resume();
      sendJson(res, refusal.status, refusal.body, corsHeaders(req, options.allowOrigins));
      return;
    }
    let event: APIGatewayProxyEventV2;
    try {
      event = await toEvent(req, url, match.mounted.route, match.params, claims);
    } catch (error) {
      if (!(error instanceof PayloadTooLargeError)) throw error;
      req.resume();
      sendJson(res, 413, { message: 'Request Entity Too Large' }, corsHeaders(req, options.allowOrigins));
      return;
    }
    // As the API sent it: a handler may change its event (middy parses the body in place).
    const sent = options.observe ? structuredClone(event) : undefined;
    let result: unknown;
    const started = performance.now();
    try {
      const { route } = match.mounted;
      const fn = options.functionOf?.(route) ?? { functionName: route.name, timeoutSeconds: 10 };
      const run = async () =>
        match.mounted.handler(event, lambdaContext(fn.functionName, fn.timeoutSeconds * 1000), () => undefined);
      result = await (options.invoke ? options.invoke(route, run) : run());
    } catch {
      if (sent) options.observe?.(match.mounted.route, sent, 500, performance.now() - started);
      sendJson(res, 500, { message: 'Internal Server Error' }, corsHeaders(req, options.allowOrigins));
      return;
    }
    if (sent) options.observe?.(match.mounted.route, sent, statusOf(result), performance.now() - started);
    writeResult(res, result, corsHeaders(req, options.allowOrigins));
  }
}

/** The status payload 2.0 gives a result: its own, or 200 for any other value. */
function statusOf(result: unknown): number {
  const code = typeof result === 'object' && result !== null && 'statusCode' in result ? result.statusCode : undefined;
  return typeof code === 'number' ? code : 200;
}

async function mount(route: RouteDefinition): Promise<MountedRoute> {
  const paramNames: string[] = [];
  const source = route.path.replace(/\{(\w+)\+?\}/g, (_, name: string) => {
    paramNames.push(name);
    return '([^/]+)';
  });
  const module = (await import(handlerEntry(route))) as { handler: Handler };
  return { route, pattern: new RegExp(`^${source}$`), paramNames, handler: module.handler };
}

function findRoute(mounted: MountedRoute[], method: string, path: string) {
  for (const m of mounted) {
    if (m.route.method !== method) continue;
    const found = m.pattern.exec(path);
    if (!found) continue;
    const params = Object.fromEntries(m.paramNames.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]));
    return { mounted: m, params };
  }
  return undefined;
}

const textTypes = /^(application\/(json|x-www-form-urlencoded|.*\+json)|text\/)/i;

async function toEvent(
  req: IncomingMessage,
  url: URL,
  route: RouteDefinition,
  pathParameters: Record<string, string>,
  claims: JwtPayload | undefined,
): Promise<APIGatewayProxyEventV2> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const raw = await readBody(req);
  const isText = textTypes.test(headers['content-type'] ?? '');
  const now = new Date();
  const routeKey = `${route.method} ${route.path}`;
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: req.headers.cookie?.split(/;\s*/),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    body: raw.length ? (isText ? raw.toString('utf8') : raw.toString('base64')) : undefined,
    isBase64Encoded: raw.length > 0 && !isText,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    stageVariables: undefined,
  };
  if (claims) {
    // The JWT authorizer hands claims over as strings, arrays as "[a b]".
    const flat = Object.fromEntries(
      Object.entries(claims).map(([k, v]) => [k, Array.isArray(v) ? `[${v.join(' ')}]` : String(v)]),
    );
    Object.assign(event.requestContext, { authorizer: { jwt: { claims: flat, scopes: null } } });
  }
  return event;
}

/** Applies the payload-2.0 response rules: a structured result, or any value as a 200 JSON body. */
function writeResult(res: ServerResponse, result: unknown, cors: Record<string, string>) {
  const structured =
    result && typeof result === 'object' && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : {
          statusCode: 200,
          headers: { 'content-type': 'application/json' },
          body: typeof result === 'string' ? result : JSON.stringify(result),
        };
  const headers: Record<string, string | string[]> = { ...cors };
  for (const [k, v] of Object.entries(structured.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  const body = structured.body ?? '';
  res.writeHead(structured.statusCode ?? 200, headers);
  res.end(structured.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}

/**
 * CORS as the HTTP API answers it: the allow headers only for a listed origin; any other origin
 * gets none, so a page elsewhere cannot read the API's answers (requests without an Origin, from
 * servers, need none).
 */
function corsHeaders(req: IncomingMessage, allowOrigins: readonly string[]): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin || !allowOrigins.includes(origin)) return { vary: 'origin' };
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS',
    'access-control-allow-headers': apiRequestHeaders.join(', '),
    vary: 'origin',
  };
}
