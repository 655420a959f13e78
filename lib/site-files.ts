import { staticPages } from '../web/src/config/paths';

/**
 * The files a search engine reads first, for the site at `origin` (known per stage, so written at
 * deploy time, not by the build): robots.txt allows everything and names the sitemap, which lists
 * the pre-rendered pages, the ones with content to index.
 */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}

export function sitemapXml(origin: string): string {
  const urls = staticPages.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
