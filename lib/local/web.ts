import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { WebConfig } from '../../lambdas/core/api/web-config';
import { sendJson } from './http-util';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/**
 * What S3 + CloudFront do in AWS: the built SPA with index.html fallback, and `/config.json`.
 * `extra` serves other paths first (the local captcha); it returns false to pass.
 */
export function webRequestListener(
  distDir: string,
  config: () => WebConfig,
  extra?: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean>,
): RequestListener {
  return (req, res) => {
    serve(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    });
  };

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
    if (path === '/config.json') {
      sendJson(res, 200, config(), { 'cache-control': 'no-store' });
      return;
    }
    if (extra && (await extra(req, res, path))) return;
    const file = normalize(join(distDir, path));
    const inside = file.startsWith(distDir + sep);
    const target = inside && existsSync(file) && statSync(file).isFile() ? file : join(distDir, 'index.html');
    if (!existsSync(target)) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('The web app is not built: run `npm run build:web`.');
      return;
    }
    const immutable = target.includes(`${sep}assets${sep}`);
    res.writeHead(200, {
      'content-type': contentTypes[extname(target)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    createReadStream(target).pipe(res);
  }
}
