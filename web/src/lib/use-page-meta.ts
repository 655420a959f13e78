import { useEffect } from 'react';

/** The product's name as every page title and description spells it. */
export const productName = 'MiddleMan';

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
 * it, and puts back what was there when the page goes, so index.html's defaults hold elsewhere.
 */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    const meta = descriptionMeta();
    const previous = { title: document.title, description: meta.content };
    document.title = title === productName ? title : `${title} | ${productName}`;
    meta.content = description;
    return () => {
      document.title = previous.title;
      meta.content = previous.description;
    };
  }, [title, description]);
}
