// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceIdHeader } from '../../../lambdas/core/contracts/identity';
import { ApiError, apiFetch, configureApi } from '../../../web/src/lib/api';

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
    await expect(apiFetch('/contracts', { method: 'POST', body: { title: 'Logo' } })).resolves.toEqual({ id: 'c1' });

    const { url, init, headers } = lastRequest();
    expect(url).toBe('https://api.example.com/contracts');
    expect(init?.method).toBe('POST');
    expect(headers.authorization).toBe('Bearer id-token');
    expect(headers['content-type']).toBe('application/json');
    expect(init?.body).toBe('{"title":"Logo"}');
  });

  it('sends no token on public calls', async () => {
    fetchMock.mockResolvedValue(Response.json({ ok: true }));
    await apiFetch('/health', { auth: false });
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('throws an ApiError with the status and the error field of the body', async () => {
    fetchMock.mockResolvedValue(Response.json({ error: 'Contract not found.' }, { status: 404 }));
    const error = await apiFetch('/contracts/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Contract not found.' });
  });

  it("falls back to 'Request failed with status N' when the body has no error", async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(apiFetch('/contracts')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status 502',
    });
  });

  it('sends extra headers such as the device id', async () => {
    fetchMock.mockResolvedValue(Response.json({ devices: [] }));
    await apiFetch('/devices', { headers: { [deviceIdHeader]: 'device-1' } });
    expect(lastRequest().headers['x-device-id']).toBe('device-1');
    expect(lastRequest().headers.authorization).toBe('Bearer id-token');
  });

  it("tells the server's own error text from the generic fallback", async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Too many attempts' }, { status: 429 }));
    await expect(apiFetch('/x')).rejects.toMatchObject({ fromServer: true });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    await expect(apiFetch('/x')).rejects.toMatchObject({ fromServer: false });
  });
});
