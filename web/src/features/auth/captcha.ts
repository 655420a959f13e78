import { loadScriptOnce } from '../../lib/load-script';

/** The reCAPTCHA v3 browser API (Google's, or the local stand-in with the same shape). */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export class CaptchaNotReadyError extends Error {
  constructor(cause?: unknown) {
    super('CAPTCHA not ready', { cause });
    this.name = 'CaptchaNotReadyError';
  }
}

/** How long to wait for the script and the token before giving up. */
const captchaTimeoutMs = 10_000;

/** Adds `<script src="{scriptUrl}?render={siteKey}">` once; a failed load may be retried. */
export function loadCaptcha(scriptUrl: string, siteKey: string): Promise<void> {
  const url = new URL(scriptUrl, window.location.href);
  url.searchParams.set('render', siteKey);
  return loadScriptOnce(url.toString(), () => Boolean(window.grecaptcha)).catch((error: unknown) => {
    throw new CaptchaNotReadyError((error as Error).message);
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CaptchaNotReadyError('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A fresh token for `action`; throws CaptchaNotReadyError when none can be had. */
export async function captchaToken(scriptUrl: string, siteKey: string, action: string): Promise<string> {
  try {
    const token = await withTimeout(
      loadCaptcha(scriptUrl, siteKey).then(() => {
        const grecaptcha = window.grecaptcha;
        if (!grecaptcha) throw new CaptchaNotReadyError('grecaptcha is missing');
        return new Promise<string>((resolve, reject) => {
          grecaptcha.ready(() => {
            grecaptcha.execute(siteKey, { action }).then(resolve, reject);
          });
        });
      }),
      captchaTimeoutMs,
    );
    if (!token) throw new CaptchaNotReadyError('empty token');
    return token;
  } catch (error) {
    throw error instanceof CaptchaNotReadyError ? error : new CaptchaNotReadyError(error);
  }
}
