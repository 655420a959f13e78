import { createContext, useContext, useEffect } from 'react';

/** The product's name as every page title and description spells it. */
export const productName = 'MiddleMan';

/** What a page without its own says: the shell's `<head>` (scripts/build-web.ts writes it there). */
export const siteDescription = `${productName} is an escrow payment service for online buyers and sellers in Nigeria: the buyer's payment is held safely until the seller delivers.`;

export interface PageMeta {
  title?: string;
  description?: string;
}

/** Given by the pre-render (web/src/prerender.tsx), which writes what the page sets into its `<head>`. */
export const PageMetaCollector = createContext<PageMeta | null>(null);

export function fullTitle(title: string): string {
  return title === productName ? title : `${title} | ${productName}`;
}

function descriptionMeta(): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (existing) return existing;
  const meta = document.createElement('meta');
  meta.name = 'description';
  document.head.append(meta);
  return meta;
}

/**
 * Sets the document title ("Pricing | MiddleMan") and the description meta for the page that calls
 * it, and puts the site's back when the page goes (a pre-rendered page's `<head>` starts with its own).
 */
export function usePageMeta(title: string, description: string): void {
  const collector = useContext(PageMetaCollector);
  if (collector) {
    collector.title = fullTitle(title);
    collector.description = description;
  }
  useEffect(() => {
    const meta = descriptionMeta();
    document.title = fullTitle(title);
    meta.content = description;
    return () => {
      document.title = productName;
      meta.content = siteDescription;
    };
  }, [title, description]);
}
