import { vi } from 'vitest';
import { configureApi } from '../../../web/src/lib/api';

/** What a fake endpoint answers a request body with. */
export type Handler = (body: unknown) => Response | Promise<Response>;

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** A JSON reply (an `{ error }` body with a 4xx status for a refusal). */
export const reply =
  (data: unknown, status = 200): Handler =>
  () =>
    Response.json(data, { status });

/**
 * The API at the network edge: `fetch` is stubbed and answers by method and path, so the pages run
 * their real client (`apiFetch`, the shared schemas). Unrouted requests get a 404. Call `install()`
 * in beforeEach (after `vi.mock('aws-amplify/auth', ...)` in the test file) and `vi.unstubAllGlobals()` after.
 */
export function fakeApi() {
  const routes = new Map<string, Handler>();
  const calls: RecordedCall[] = [];

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const handler = routes.get(`${method} ${url.pathname}`);
    if (!handler) return Response.json({ error: `No fake for ${method} ${url.pathname}` }, { status: 404 });
    return handler(body);
  });

  return {
    calls,
    /** Answers `method path` with `handler` from now on (replacing an earlier one). */
    on(method: string, path: string, handler: Handler) {
      routes.set(`${method} ${path}`, handler);
      return this;
    },
    /** The requests made to `method path`, oldest first. */
    callsTo(method: string, path: string) {
      return calls.filter((call) => call.method === method && call.path === path);
    },
    install() {
      vi.stubGlobal('fetch', fetchMock);
      configureApi('https://api.example.com');
    },
  };
}
