// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { localStage } from '../../../lib/local/stage';
import { localWebConfig } from '../../../lib/local/web-config';
import { loadConfig, parseConfig } from '../../../web/src/lib/config-loader';

const goodConfig = {
  stage: 'dev',
  region: 'eu-west-1',
  apiUrl: 'https://api.example.com',
  cognito: { userPoolId: 'eu-west-1_abc', userPoolClientId: 'client123' },
  captchaSiteKey: 'site-key',
  payments: { publicKey: 'FLWPUBK_TEST-abc-X', checkoutScriptUrl: 'https://checkout.flutterwave.com/v3.js' },
  support: { email: 'support@middleman.ng', whatsapp: '2348012345678' },
  events: { endpoint: 'https://abcdefghijklmnopqrstuvwxyz.appsync-api.eu-west-1.amazonaws.com/event' },
};

describe('runtime config', () => {
  it('accepts a complete config, with the optional endpoint and mailbox absent', () => {
    expect(parseConfig(goodConfig)).toEqual(goodConfig);
  });

  it('accepts a local cognito endpoint and mailbox url', () => {
    const local = {
      ...goodConfig,
      cognito: { ...goodConfig.cognito, endpoint: 'http://localhost:9229' },
      mailboxUrl: 'http://localhost:8005',
    };
    expect(parseConfig(local)).toEqual(local);
  });

  it('rejects an apiUrl that is not a URL', () => {
    expect(() => parseConfig({ ...goodConfig, apiUrl: 'not a url' })).toThrow();
  });

  it('rejects a config without the user pool client id', () => {
    expect(() => parseConfig({ ...goodConfig, cognito: { userPoolId: 'eu-west-1_abc' } })).toThrow();
  });

  it('rejects a cognito endpoint that is not a URL', () => {
    expect(() => parseConfig({ ...goodConfig, cognito: { ...goodConfig.cognito, endpoint: 'localhost' } })).toThrow();
  });

  it('loads /config.json and fails when it is missing', async () => {
    const ok = vi.fn(async () => Response.json(goodConfig));
    await expect(loadConfig(ok as unknown as typeof fetch)).resolves.toEqual(goodConfig);
    expect(ok).toHaveBeenCalledWith('/config.json', expect.anything());

    const missing = vi.fn(async () => new Response('Not Found', { status: 404 }));
    await expect(loadConfig(missing as unknown as typeof fetch)).rejects.toThrow();
  });

  it('accepts an optional captcha script url and rejects one that is not a URL', () => {
    const local = { ...goodConfig, captchaScriptUrl: 'http://127.0.0.1:3401/captcha.js' };
    expect(parseConfig(local)).toEqual(local);
    expect(() => parseConfig({ ...goodConfig, captchaScriptUrl: 'captcha.js' })).toThrow();
  });

  it('accepts the support block with or without a WhatsApp number, and refuses a number that is not plain international digits', () => {
    const emailOnly = { ...goodConfig, support: { email: 'support@middleman.ng' } };
    expect(parseConfig(emailOnly)).toEqual(emailOnly);
    expect(() => parseConfig({ ...goodConfig, support: { ...goodConfig.support, whatsapp: '+234 801 234 5678' } })).toThrow();
    expect(() => parseConfig({ ...goodConfig, support: { email: 'not an email' } })).toThrow();
    const { support: _, ...withoutSupport } = goodConfig;
    expect(() => parseConfig(withoutSupport)).toThrow();
  });

  it("serves the local cloud's config.json with support@ its mail domain and a local WhatsApp number", () => {
    const config = localWebConfig(
      localStage,
      {
        appUrl: 'http://127.0.0.1:3400',
        apiUrl: 'http://127.0.0.1:3401',
        cognitoEndpoint: 'http://127.0.0.1:3402',
        mailboxUrl: 'http://127.0.0.1:3403',
        checkoutScriptUrl: 'http://127.0.0.1:3405/v3.js',
        eventsEndpoint: 'https://127.0.0.1:3407/event',
        filesEndpoint: 'https://127.0.0.1:3409',
      },
      'FLWPUBK_TEST-local-X',
    );
    expect(parseConfig(config)).toEqual(config);
    expect(config.support).toEqual({ email: 'support@escrow.local', whatsapp: '2348000000000' });
  });
});
