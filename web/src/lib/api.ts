import { fetchAuthSession } from 'aws-amplify/auth';
import type { ZodType } from 'zod';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** True when the message is the server's own `error` text, not the generic fallback. */
    readonly fromServer = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server's own `error` text when the failure carried one, else `fallback` (spec §8: pages show the server's text). */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Public endpoints (sign-up, login, ...) are called without a token. @default true */
  auth?: boolean;
  /** Validates the reply; without it the body is trusted to be `T`. */
  schema?: ZodType<T>;
  /** Extra request headers, e.g. `{ [deviceIdHeader]: deviceId }`. */
  headers?: Record<string, string>;
}

let baseUrl: string | undefined;

export function configureApi(apiUrl: string): void {
  baseUrl = apiUrl.replace(/\/+$/, '');
}

async function idToken(): Promise<string | undefined> {
  const session = await fetchAuthSession();
  return session.tokens?.idToken?.toString();
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

export async function apiFetch<T>(path: string, request: ApiRequest<T> = {}): Promise<T> {
  if (baseUrl === undefined) throw new Error('apiFetch called before configureApi');
  const { method = 'GET', body, auth = true, schema } = request;

  const headers: Record<string, string> = { ...request.headers, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (auth) {
    const token = await idToken();
    if (token) headers.authorization = `Bearer ${token}`;
  }

  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = await readJson(response);
  if (!response.ok) {
    const serverMessage = errorField(payload);
    throw new ApiError(response.status, serverMessage ?? `Request failed with status ${response.status}`, !!serverMessage);
  }
  return schema ? schema.parse(payload) : (payload as T);
}
