import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { createGzip } from 'node:zlib';
import type { WebConfig } from '../../lambdas/core/api/web-config';
import { pageFileFor } from '../../web/src/config/paths';
import { contentSecurityPolicy } from '../content-security-policy';
import { robotsTxt, sitemapXml } from '../site-files';
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
  '.xml': 'application/xml; charset=utf-8',
};

// CloudFront compresses these for a browser that accepts gzip (CachePolicy.CACHING_OPTIMIZED).
const compressible = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.map', '.xml']);

/**
 * What S3 + CloudFront do in AWS (lib/web.ts): a pre-rendered page's own file, a file of the build,
 * or else the app shell; `/config.json`, robots.txt and the sitemap; gzip when the browser takes it.
 * `extra` serves other paths first (the local captcha); it returns false to pass. Every answer
 * carries the security headers of CloudFront's response headers policy (lib/web.ts), the
 * Content-Security-Policy built from the served config by the same function.
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
    for (const [name, value] of Object.entries(securityHeaders(config()))) res.setHeader(name, value);
    const path = requestPath(req.url);
    if (path === undefined) {
      // A malformed %-escape is the client's error, as CloudFront answers it: never a 5xx.
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request: malformed URL');
      return;
    }
    if (path === '/config.json') {
      sendJson(res, 200, config(), { 'cache-control': 'no-store' });
      return;
    }
    if (path === '/robots.txt' || path === '/sitemap.xml') {
      const origin = `http://${req.headers.host ?? 'localhost'}`;
      const [type, body] = path === '/robots.txt' ? ['.txt', robotsTxt(origin)] : ['.xml', sitemapXml(origin)];
      res.writeHead(200, { 'content-type': contentTypes[type] ?? 'text/plain', 'cache-control': 'no-cache' }).end(body);
      return;
    }
    if (extra && (await extra(req, res, path))) return;
    const target = fileFor(distDir, path);
    if (target === undefined) {
      // As in AWS: a path with an extension names a file, and a missing file is never the app.
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    if (!existsSync(target)) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('The web app is not built: run `npm run build`.');
      return;
    }
    const immutable = target.includes(`${sep}assets${sep}`);
    const type = extname(target);
    const gzip = compressible.has(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': contentTypes[type] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    const body = createReadStream(target);
    if (gzip) body.pipe(createGzip()).pipe(res);
    else body.pipe(res);
  }
}

/**
 * The file of the build a path with an extension names (undefined when there is none), else the
 * page's HTML file: its pre-rendered page or the app shell (paths.ts `pageFileFor`).
 */
function fileFor(distDir: string, path: string): string | undefined {
  if (extname(path) === '') return join(distDir, pageFileFor(path));
  const file = normalize(join(distDir, path));
  return file.startsWith(distDir + sep) && existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/** The headers CloudFront's SecurityHeaders policy adds, less HSTS (the laptop serves plain HTTP). */
function securityHeaders(config: WebConfig): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-xss-protection': '1; mode=block',
  };
}

/** The decoded path of a request target, or undefined when it cannot be decoded. */
function requestPath(target = '/'): string | undefined {
  try {
    return decodeURIComponent(new URL(target, 'http://local').pathname);
  } catch {
    return undefined;
  }
}
