import { request } from 'node:http';

/** One answer of the API: its status, its body parsed as JSON when it is JSON, and the raw text. */
export interface ApiAnswer {
  status: number;
  contentType: string;
  text: string;
  /** The parsed body; undefined when it is not JSON. */
  json: unknown;
}

export interface ApiRequest {
  method: string;
  /** Path and query, sent as given: a malformed %-escape reaches the server as it is. */
  path: string;
  token?: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON (with its content type unless one is given); a string or Buffer as it is. */
  body?: unknown;
}

/**
 * Sends one request over plain node:http, not fetch: an attacker's request may have a body on a
 * GET, any content type, or a path fetch would normalise. Never throws on a status.
 */
export function apiRequest(baseUrl: string, input: ApiRequest): Promise<ApiAnswer> {
  const url = new URL(baseUrl);
  const headers: Record<string, string> = { ...input.headers };
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  let payload: Buffer | undefined;
  if (typeof input.body === 'string' || Buffer.isBuffer(input.body)) payload = Buffer.from(input.body);
  else if (input.body !== undefined) {
    payload = Buffer.from(JSON.stringify(input.body));
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  }
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method: input.method, path: input.path, headers, timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text,
            json: parseJson(text),
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${input.method} ${input.path} took longer than 30 s`)));
    // A server that answers 413 before reading the whole body may close the socket while we still write.
    req.on('error', reject);
    req.end(payload);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The `error` (ours) or `message` (API Gateway's own answers) of a refusal, if it has one. */
export function refusalText(answer: ApiAnswer): string | undefined {
  const body = answer.json as { error?: unknown; message?: unknown } | undefined;
  if (typeof body?.error === 'string') return body.error;
  if (typeof body?.message === 'string') return body.message;
  return undefined;
}

/**
 * The tests' JSON client of the local cloud's API: a GET without a body, a POST with one, as the
 * signed-in person `who`; answers the status and the parsed body.
 */
export function apiCaller(cloud: { apiUrl: string }) {
  return async <T = Record<string, unknown>>(who: { token: string }, path: string, body?: unknown) => {
    const response = await fetch(`${cloud.apiUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${who.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T & { error?: string } };
  };
}

/**
 * The tests' setup client: like {@link apiCaller}, but any answer other than a success throws with
 * its status and text, so a setup step that went wrong stops the test where it went wrong.
 */
export function apiOrThrow(cloud: { apiUrl: string }) {
  return async <T>(who: { token: string }, method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await apiRequest(cloud.apiUrl, { method, path, token: who.token, body });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
    return answer.json as T;
  };
}
