import type { Endpoint } from '@escrow/api/endpoints';
import { type ApiRequestHeader, deviceIdHeader } from '@escrow/api/http';
import { type ErrorCode, errorCodes } from '@escrow/domain/errors';
import { fetchAuthSession } from 'aws-amplify/auth';
import * as z from 'zod';
import { reportUnauthorized } from './unauthorized';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** True when the message is the server's own `error` text, not the generic fallback. */
    readonly fromServer = false,
    /** The server's `code` of the refusal, when it gives one (domain/errors.ts `errorCodes`): what a page acts on, never the words. */
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The signed-in session could not be read (Amplify failed to give or refresh its tokens), so the call was not made. */
export class SessionUnavailableError extends Error {
  constructor(options?: ErrorOptions) {
    super('The session could not be read', options);
    this.name = 'SessionUnavailableError';
  }
}

/**
 * Whether a call failed because who is calling could not be established: the session could not be
 * read, or the server refused the token (401; apiFetch then also signs the person out).
 */
export function isSessionFailure(error: unknown): boolean {
  return error instanceof SessionUnavailableError || (error instanceof ApiError && error.status === 401);
}

/** The server's own `error` text when the failure carried one, else `fallback` (spec §8: pages show the server's text). */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /**
   * Public endpoints (sign-up, login, ...) are called without a token; their 401s are their own
   * answers (e.g. a wrong security answer), not an ended session. @default true
   */
  auth?: boolean;
  /** The reply's shared schema (`@escrow/api/*`): every reply is parsed with it, none is trusted. */
  schema: z.core.$ZodType<T>;
  /** The device the request comes from, sent as the `x-device-id` header. */
  deviceId?: string;
}

/** Request headers by name; only the ones the API allows (`apiRequestHeaders`, its CORS allow-list) can be set. */
export type ApiRequestHeaders = Partial<Record<ApiRequestHeader, string>>;

/**
 * Every header apiFetch sends, for a request with that body and device and that ID token: always
 * `accept`, `content-type` with a body, `authorization` with a token, `x-device-id` with a device.
 */
export function requestHeaders(request: Pick<ApiRequest<unknown>, 'body' | 'deviceId'>, token?: string): ApiRequestHeaders {
  const headers: ApiRequestHeaders = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.deviceId) headers[deviceIdHeader] = request.deviceId;
  return headers;
}

let baseUrl: string | undefined;

export function configureApi(apiUrl: string): void {
  baseUrl = apiUrl.replace(/\/+$/, '');
}

async function idToken(): Promise<string | undefined> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch (cause) {
    throw new SessionUnavailableError({ cause });
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorField(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  return typeof body.error === 'string' && body.error ? body.error : undefined;
}

function codeField(body: unknown): ErrorCode | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  return errorCodes.find((code) => code === body.code);
}

export async function apiFetch<T>(path: string, request: ApiRequest<T>): Promise<T> {
  if (baseUrl === undefined) throw new Error('apiFetch called before configureApi');
  const { method = 'GET', body, auth = true, schema } = request;

  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: requestHeaders(request, auth ? await idToken() : undefined),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = await readJson(response);
  if (!response.ok) {
    // A call made as the person, refused as unauthenticated: their session is over (lib/unauthorized.ts).
    if (response.status === 401 && auth) reportUnauthorized();
    const serverMessage = errorField(payload);
    throw new ApiError(
      response.status,
      serverMessage ?? `Request failed with status ${response.status}`,
      !!serverMessage,
      codeField(payload),
    );
  }
  return z.parse(schema, payload);
}

/** What a call of `endpoint` sends: its path's `params` and its `body`, each exactly when the endpoint has one. */
export type CallInput<E extends Endpoint, T> = (E extends { params: infer P extends z.core.$ZodType }
  ? { params: z.input<P> }
  : { params?: never }) &
  (E extends { request: infer B extends z.core.$ZodType } ? { body: z.input<B> } : { body?: never }) & {
    /** The device the request comes from, sent as the `x-device-id` header. */
    deviceId?: string;
    /**
     * How this call reads the reply, where the endpoint's schema is wider than what this request gets
     * back (one of a union's replies) or the page, not the parse, judges a field (OPay's missing link).
     */
    reply?: z.core.$ZodType<T>;
  };

/** `endpoint`'s path with each `{param}` replaced by its value, URI-encoded. */
export function endpointPath(endpoint: Pick<Endpoint, 'path'>, params: Record<string, string> = {}): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No ${name} for ${endpoint.path}`);
    return encodeURIComponent(value);
  });
}

/**
 * Calls an endpoint of the API's table (`@escrow/api/endpoints`): its method and path (with the
 * params encoded), its reply parsed with its schema, with the person's token unless it is public.
 */
export function call<E extends Endpoint, T = z.output<E['response']>>(
  endpoint: E,
  ...[input]: object extends CallInput<E, T> ? [input?: CallInput<E, T>] : [input: CallInput<E, T>]
): Promise<T> {
  const { params, body, deviceId, reply } = (input ?? {}) as {
    params?: Record<string, string>;
    body?: unknown;
    deviceId?: string;
    reply?: z.core.$ZodType<T>;
  };
  return apiFetch(endpointPath(endpoint, params), {
    method: endpoint.method,
    body,
    auth: endpoint.auth === 'protected',
    deviceId,
    schema: reply ?? (endpoint.response as z.core.$ZodType<T>),
  });
}
