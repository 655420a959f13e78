// @vitest-environment happy-dom

import { createdResponseSchema, messageResponseSchema } from '@escrow/api/common';
import { apiRequestHeaders } from '@escrow/api/http';
import { devicesResponseSchema } from '@escrow/api/identity';
import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiFetch,
  configureApi,
  isSessionFailure,
  requestHeaders,
  SessionUnavailableError,
} from '../../../web/src/lib/api';
import { onUnauthorized } from '../../../web/src/lib/unauthorized';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token' } } })),
}));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureApi('https://api.example.com/');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function lastRequest() {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url, init, headers: (init?.headers ?? {}) as Record<string, string> };
}

describe('apiFetch', () => {
  it('sends the ID token as a bearer token and the body as JSON on protected calls', async () => {
    fetchMock.mockResolvedValue(Response.json({ id: 'c1' }));
    await expect(
      apiFetch('/contracts', { method: 'POST', body: { title: 'Logo' }, schema: createdResponseSchema }),
    ).resolves.toEqual({ id: 'c1' });

    const { url, init, headers } = lastRequest();
    expect(url).toBe('https://api.example.com/contracts');
    expect(init?.method).toBe('POST');
    expect(headers.authorization).toBe('Bearer id-token');
    expect(headers['content-type']).toBe('application/json');
    expect(init?.body).toBe('{"title":"Logo"}');
  });

  it('sends no token on public calls', async () => {
    fetchMock.mockResolvedValue(Response.json({ message: 'ok' }));
    await apiFetch('/health', { auth: false, schema: messageResponseSchema });
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('throws an ApiError with the status and the error field of the body', async () => {
    fetchMock.mockResolvedValue(Response.json({ error: 'Contract not found.' }, { status: 404 }));
    const error = await apiFetch('/contracts/x', { schema: messageResponseSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Contract not found.' });
  });

  it("falls back to 'Request failed with status N' when the body has no error", async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(apiFetch('/contracts', { schema: messageResponseSchema })).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status 502',
    });
  });

  it('sends the device id as a header', async () => {
    fetchMock.mockResolvedValue(Response.json({ devices: [] }));
    await apiFetch('/devices', { deviceId: 'device-1', schema: devicesResponseSchema });
    expect(lastRequest().headers['x-device-id']).toBe('device-1');
    expect(lastRequest().headers.authorization).toBe('Bearer id-token');
  });

  it("tells the server's own error text from the generic fallback", async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Too many attempts' }, { status: 429 }));
    await expect(apiFetch('/x', { schema: messageResponseSchema })).rejects.toMatchObject({ fromServer: true });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    await expect(apiFetch('/x', { schema: messageResponseSchema })).rejects.toMatchObject({ fromServer: false });
  });

  it('rejects a reply that does not match its schema', async () => {
    fetchMock.mockResolvedValue(Response.json({ contract: 'c1' }));
    await expect(apiFetch('/create-contract', { method: 'POST', body: {}, schema: createdResponseSchema })).rejects.toThrow();
  });

  it('sends only headers the API allows, and always accept: application/json', async () => {
    const all = requestHeaders({ body: {}, deviceId: 'device-1' }, 'id-token');
    expect(Object.keys(all).sort()).toEqual([...apiRequestHeaders].sort());
    expect(requestHeaders({})).toEqual({ accept: 'application/json' });

    fetchMock.mockResolvedValue(Response.json({ devices: [] }));
    await apiFetch('/devices', { method: 'POST', body: {}, deviceId: 'device-1', schema: devicesResponseSchema });
    expect(lastRequest().headers).toEqual(all);
  });
});

describe('apiFetch on a 401', () => {
  const signOutHandler = vi.fn();
  let stop: () => void = () => {};

  beforeEach(() => {
    signOutHandler.mockReset();
    stop = onUnauthorized(signOutHandler);
  });

  afterEach(() => stop());

  it('triggers the sign-out handler once, and still rejects with the ApiError', async () => {
    fetchMock.mockResolvedValue(Response.json({ error: 'Unauthorized' }, { status: 401 }));
    const error = await apiFetch('/profile', { schema: messageResponseSchema }).catch((e: unknown) => e);
    expect(signOutHandler).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({ status: 401 });
    expect(isSessionFailure(error)).toBe(true);
  });

  it('does not trigger it for a public call’s own 401 (a wrong security answer), nor for other refusals', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Incorrect security answer.' }, { status: 401 }));
    await expect(
      apiFetch('/verify-answer-and-reset', { method: 'POST', body: {}, auth: false, schema: messageResponseSchema }),
    ).rejects.toMatchObject({ status: 401, message: 'Incorrect security answer.' });
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Access Denied' }, { status: 403 }));
    await expect(apiFetch('/contracts/x', { schema: messageResponseSchema })).rejects.toMatchObject({ status: 403 });
    fetchMock.mockResolvedValueOnce(Response.json({ message: 'ok' }));
    await apiFetch('/x', { schema: messageResponseSchema });
    expect(signOutHandler).not.toHaveBeenCalled();
  });

  it('no longer calls a handler that stopped listening', async () => {
    stop();
    fetchMock.mockResolvedValue(Response.json({ error: 'Unauthorized' }, { status: 401 }));
    await expect(apiFetch('/profile', { schema: messageResponseSchema })).rejects.toBeInstanceOf(ApiError);
    expect(signOutHandler).not.toHaveBeenCalled();
  });
});

describe('apiFetch without a readable session', () => {
  it('rejects with a SessionUnavailableError, makes no call and signs nobody out', async () => {
    const signOutHandler = vi.fn();
    const stop = onUnauthorized(signOutHandler);
    vi.mocked(fetchAuthSession).mockRejectedValueOnce(new Error('Network error'));
    const error = await apiFetch('/profile', { schema: messageResponseSchema }).catch((e: unknown) => e);
    stop();
    expect(error).toBeInstanceOf(SessionUnavailableError);
    expect(isSessionFailure(error)).toBe(true);
    expect(isSessionFailure(new ApiError(500, 'Request failed with status 500'))).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(signOutHandler).not.toHaveBeenCalled();
  });
});
