/**
 * Build-time rendering of the pre-rendered pages (paths.ts `staticPages`), run in Node by
 * scripts/build-web.ts: the same tree as main.tsx under a static router, with every lazy page
 * loaded before the HTML is taken. What needs the stage's config is left to the browser
 * (components/client-only.tsx); any error fails the build rather than ship a half-rendered page.
 */
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { type PageMeta, PageMetaCollector } from './lib/use-page-meta';

export { productName, siteDescription } from './lib/use-page-meta';

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  meta: PageMeta;
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const meta: PageMeta = {};
  const failures: unknown[] = [];
  const { prelude } = await prerender(
    <PageMetaCollector.Provider value={meta}>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </PageMetaCollector.Provider>,
    {
      onError(error) {
        failures.push(error);
      },
    },
  );
  if (failures.length > 0) throw new AggregateError(failures, `Pre-rendering ${path} failed`);
  return { html: await new Response(prelude).text(), meta };
}
