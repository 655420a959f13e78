// The local payment sandbox's fault switches probed from a web page the developer happens to visit:
// a browser sends a text/plain POST to any origin without asking first (no CORS preflight), so
// such a page could make every payment's webhook vanish or every transfer fail.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FlutterwaveSandbox, startFlutterwaveSandbox } from '../../lib/local/flutterwave/index';

let sandbox: FlutterwaveSandbox;

beforeAll(async () => {
  sandbox = await startFlutterwaveSandbox({
    secretKey: 'FLWSECK_TEST-security',
    publicKey: 'FLWPUBK_TEST-security',
    webhookHash: 'security-hash',
    webhookUrl: () => undefined,
  });
});

afterEach(() => {
  sandbox.faults.dropWebhooks = false;
});

afterAll(async () => {
  await sandbox?.stop();
});

/** `POST /__faults` turning webhooks off, with the given content type and (when given) Origin. */
function switchWebhooksOff(contentType: string, origin?: string): Promise<Response> {
  return fetch(`${sandbox.origin}/__faults`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(origin ? { origin } : {}) },
    body: JSON.stringify({ dropWebhooks: true }),
  });
}

describe('POST /__faults', () => {
  it('refuses a fault switch sent as text/plain from another origin', async () => {
    const answer = await switchWebhooksOff('text/plain;charset=UTF-8', 'https://attacker.example');
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: expect.any(String) });
    expect(sandbox.faults.dropWebhooks).toBe(false);
  });

  it('refuses a fault switch sent as JSON from another origin', async () => {
    const answer = await switchWebhooksOff('application/json', 'https://attacker.example');
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: expect.any(String) });
    expect(sandbox.faults.dropWebhooks).toBe(false);
  });

  it('refuses a fault switch sent as text/plain from the sandbox itself or a script (415): only JSON switches', async () => {
    for (const origin of [sandbox.origin, undefined]) {
      const answer = await switchWebhooksOff('text/plain', origin);
      expect(answer.status).toBe(415);
      expect(await answer.json()).toEqual({ error: expect.stringContaining('application/json') });
    }
    expect(sandbox.faults.dropWebhooks).toBe(false);
  });

  it('takes a JSON fault switch from a local script (no Origin) and from the sandbox pages (its own origin)', async () => {
    for (const origin of [undefined, sandbox.origin]) {
      sandbox.faults.dropWebhooks = false;
      const answer = await switchWebhooksOff('application/json; charset=utf-8', origin);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ dropWebhooks: true });
      expect(sandbox.faults.dropWebhooks).toBe(true);
    }
  });
});
