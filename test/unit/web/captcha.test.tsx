// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type CaptchaModule = typeof import('../../../web/src/features/auth/captcha');
let captchaToken: CaptchaModule['captchaToken'];
let CaptchaNotReadyError: CaptchaModule['CaptchaNotReadyError'];

const added: HTMLScriptElement[] = [];

beforeEach(async () => {
  // The module remembers a loaded script: each test starts from a fresh page.
  vi.resetModules();
  ({ captchaToken, CaptchaNotReadyError } = await import('../../../web/src/features/auth/captcha'));
  added.length = 0;
  // Keep the script out of the document (happy-dom would try to fetch it); the tests fire its events.
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    added.push(node as unknown as HTMLScriptElement);
    return node;
  });
});

afterEach(() => {
  window.grecaptcha = undefined;
  vi.restoreAllMocks();
});

describe('captcha', () => {
  it('loads the script once with the site key, then asks for a token for the action', async () => {
    const execute = vi.fn(async () => 'token-1');
    const first = captchaToken('http://127.0.0.1:3401/recaptcha.js', 'site-key', 'signup');
    const second = captchaToken('http://127.0.0.1:3401/recaptcha.js', 'site-key', 'signup');

    expect(added).toHaveLength(1);
    expect(added[0]?.getAttribute('src')).toBe('http://127.0.0.1:3401/recaptcha.js?render=site-key');

    window.grecaptcha = { ready: (callback) => callback(), execute };
    added[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe('token-1');
    await expect(second).resolves.toBe('token-1');
    expect(execute).toHaveBeenCalledWith('site-key', { action: 'signup' });
  });

  it('fails with CaptchaNotReadyError when the script cannot load, and tries again next time', async () => {
    const attempt = captchaToken('http://127.0.0.1:3401/recaptcha.js', 'site-key', 'signup');
    added[0]?.dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toBeInstanceOf(CaptchaNotReadyError);

    const retry = captchaToken('http://127.0.0.1:3401/recaptcha.js', 'site-key', 'signup');
    expect(added).toHaveLength(2);
    window.grecaptcha = { ready: (callback) => callback(), execute: async () => 'token-2' };
    added[1]?.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe('token-2');
  });
});
