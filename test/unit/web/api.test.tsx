// @vitest-environment happy-dom

import { createdResponseSchema, messageResponseSchema } from '@escrow/api/common';
import { apiRequestHeaders } from '@escrow/api/http';
import { devicesResponseSchema } from '@escrow/api/identity';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, configureApi, requestHeaders } from '../../../web/src/lib/api';

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
