/**
 * `npm run build`: the web app into web/dist, as a deploy publishes it. Vite builds the browser's
 * bundle; then a second, Node build of web/src/prerender.tsx renders each page of paths.ts
 * `staticPages` into its own HTML file (`/pricing` is pricing.html) with its title and description
 * in the head. The empty shell of every other path is app.html.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Rolldown } from 'vite';
import { appShellFile, staticPageFile, staticPages } from '../web/src/config/paths';
import type { RenderedPage } from '../web/src/prerender';

const webRoot = resolve(import.meta.dirname, '../web');
export const defaultWebDist = join(webRoot, 'dist');

export interface WebBuild {
  outDir: string;
  /** The browser bundle's chunks, with the modules each holds (for `npm run bench`). */
  chunks: Rolldown.OutputChunk[];
  /** The pre-rendered pages: path and file. */
  pages: Array<{ path: string; file: string }>;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Sets the content of a `<meta>` found by its attribute (name="description", property="og:title"). */
function setMeta(html: string, attribute: string, content: string): string {
  const pattern = new RegExp(`(<meta\\s+${attribute.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+content=")[^"]*(")`);
  if (!pattern.test(html)) throw new Error(`index.html has no <meta ${attribute} content="...">`);
  return html.replace(pattern, `$1${escapeHtml(content)}$2`);
}

/** The shell with a page's head and markup. */
export function pageHtml(shell: string, title: string, description: string, markup: string): string {
  let html = shell.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  html = setMeta(html, 'name="description"', description);
  html = setMeta(html, 'property="og:title"', title);
  html = setMeta(html, 'property="og:description"', description);
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('index.html has no empty <div id="root"></div>');
  return html.replace(root, `<div id="root">${markup}</div>`);
}

export async function buildWeb(
  options: { outDir?: string; logLevel?: 'info' | 'warn' | 'error' | 'silent' } = {},
): Promise<WebBuild> {
  const { outDir = defaultWebDist, logLevel = 'warn' } = options;
  // Vite builds for production only when NODE_ENV says so or is unset; a test runner sets it to 'test'.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await buildBoth(outDir, logLevel);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

async function buildBoth(outDir: string, logLevel: 'info' | 'warn' | 'error' | 'silent'): Promise<WebBuild> {
  const { build } = await import('vite');
  const configFile = join(webRoot, 'vite.config.ts');
  const client = (await build({ configFile, logLevel, build: { outDir, emptyOutDir: true } })) as Rolldown.RolldownOutput;
  const chunks = client.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');

  const serverDir = mkdtempSync(join(tmpdir(), 'escrow-prerender-'));
  try {
    await build({
      configFile,
      logLevel,
      build: { ssr: join(webRoot, 'src/prerender.tsx'), outDir: serverDir, emptyOutDir: true, copyPublicDir: false },
      // React included, in its production build whatever NODE_ENV this process runs with (a test's, say).
      ssr: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    });
    // The site's defaults come from the bundle too: this script loads no React of its own.
    const { renderPage, productName, siteDescription } = (await import(pathToFileURL(join(serverDir, 'prerender.js')).href)) as {
      renderPage: (path: string) => Promise<RenderedPage>;
      productName: string;
      siteDescription: string;
    };
    const shellPath = join(outDir, 'index.html');
    const shell = readFileSync(shellPath, 'utf8');
    writeFileSync(join(outDir, appShellFile), pageHtml(shell, productName, siteDescription, ''));
    const pages = [];
    for (const path of staticPages) {
      const { html, meta } = await renderPage(path);
      const file = staticPageFile(path);
      writeFileSync(join(outDir, file), pageHtml(shell, meta.title ?? productName, meta.description ?? siteDescription, html));
      pages.push({ path, file });
    }
    return { outDir, chunks, pages };
  } finally {
    rmSync(serverDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { outDir, pages } = await buildWeb({ logLevel: 'info' });
  console.log(`Pre-rendered ${pages.length} pages into ${outDir}: ${pages.map((p) => p.file).join(', ')}`);
}
