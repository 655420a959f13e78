import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from './http-util';

/**
 * reCAPTCHA v3 on the laptop. The browser loads `/recaptcha/api.js`, which offers the same
 * `grecaptcha.ready` / `grecaptcha.execute(siteKey, { action })` as Google's script and gets a
 * token for the local site key; `POST /recaptcha/api/siteverify` answers the server exactly as
 * Google's siteverify does (form `secret` + `response` -> `{ success, score, action, ... }`).
 * Tokens are single use and expire after two minutes, like Google's.
 */
export class LocalCaptcha {
  private readonly tokens = new Map<string, { action: string; expiresAt: number }>();

  constructor(
    private readonly siteKey: string,
    private readonly secret: string,
  ) {}

  /** Handles the captcha paths; returns false for any other path. */
  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if (path === '/recaptcha/api.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(script());
      return true;
    }
    if (path === '/recaptcha/local-token' && req.method === 'POST') {
      const { siteKey, action } = parseJson(await readBody(req));
      if (siteKey === this.siteKey) sendJson(res, 200, { token: this.issue(String(action ?? '')) });
      else sendJson(res, 400, { error: 'unknown site key' });
      return true;
    }
    if (path === '/recaptcha/api/siteverify' && req.method === 'POST') {
      const form = new URLSearchParams((await readBody(req)).toString('utf8'));
      sendJson(res, 200, this.verify(form.get('secret'), form.get('response')));
      return true;
    }
    return false;
  }

  /** A token as the browser script gets it (tests use this too). */
  issue(action: string): string {
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { action, expiresAt: Date.now() + 120_000 });
    return token;
  }

  private verify(secret: string | null, token: string | null) {
    if (secret !== this.secret) return { success: false, 'error-codes': ['invalid-input-secret'] };
    const entry = token ? this.tokens.get(token) : undefined;
    if (token) this.tokens.delete(token);
    if (!entry || entry.expiresAt < Date.now()) return { success: false, 'error-codes': ['invalid-input-response'] };
    return { success: true, score: 0.9, action: entry.action, challenge_ts: new Date().toISOString(), hostname: '127.0.0.1' };
  }
}

function parseJson(body: Buffer): Record<string, unknown> {
  try {
    return JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function script(): string {
  return `(function () {
  var base = new URL(document.currentScript.src).origin;
  window.grecaptcha = {
    ready: function (cb) { setTimeout(cb, 0); },
    execute: function (siteKey, options) {
      return fetch(base + '/recaptcha/local-token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siteKey: siteKey, action: (options && options.action) || '' })
      }).then(function (r) { return r.json(); }).then(function (j) {
        if (!j.token) throw new Error('captcha unavailable');
        return j.token;
      });
    }
  };
})();
`;
}
