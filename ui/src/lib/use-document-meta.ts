import { useEffect } from 'react';
import { company } from '../config/company.ts';
import { t } from '../i18n/index.ts';

/** A page's document title: 'Sign in | Fine Wine Auction', in the current language. */
export const pageTitle = (page: string): string => t('ui.titles.page', { page, shop: company.name });

/**
 * Sets `<meta {key}="{id}" content>` (name or property), and returns how to put back what was there;
 * an Open Graph tag (`property`) describes this page only, so it goes, whoever wrote it first (the
 * server writes a lot's into a shared link's page).
 */
function upsertMeta(id: string, content: string, key: 'name' | 'property' = 'name'): () => void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${key}="${id}"]`);
  const previous = tag?.content ?? null;
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(key, id);
    document.head.append(tag);
  }
  tag.content = content;
  const element = tag;
  return () => {
    if (previous === null || key === 'property') element.remove();
    else element.content = previous;
  };
}

/**
 * The schema.org data block (`<script type="application/ld+json">`): data, not code, so the CSP's
 * script-src does not apply to it. Takes over the one the server put in a shared link's page.
 */
function upsertJsonLd(data: Record<string, unknown>): () => void {
  let tag = document.head.querySelector<HTMLScriptElement>('script#product-jsonld');
  if (!tag) {
    tag = document.createElement('script');
    tag.type = 'application/ld+json';
    tag.id = 'product-jsonld';
    document.head.append(tag);
  }
  tag.textContent = JSON.stringify(data);
  const element = tag;
  // The lot's data block describes this page only: it goes with it.
  return () => element.remove();
}

export interface DocumentMeta {
  title?: string;
  description?: string;
  keywords?: string;
  /** Open Graph properties (`og:title` ...), for a page someone shares. */
  openGraph?: Record<string, string>;
  /** A schema.org object, for search engines. */
  jsonLd?: Record<string, unknown>;
}

/** seeds 000 §2.7: a page sets the document title, meta description and meta keywords; restored on leave. */
export function useDocumentMeta(meta: DocumentMeta): void {
  const { title, description, keywords, openGraph, jsonLd } = meta;
  // Objects compare by their text, so a re-render with equal data changes nothing.
  const og = openGraph ? JSON.stringify(openGraph) : '';
  const ld = jsonLd ? JSON.stringify(jsonLd) : '';
  useEffect(() => {
    const restore: (() => void)[] = [];
    if (title) {
      const previous = document.title;
      document.title = title;
      restore.push(() => {
        document.title = previous;
      });
    }
    if (description) restore.push(upsertMeta('description', description));
    if (keywords) restore.push(upsertMeta('keywords', keywords));
    if (og) {
      for (const [property, content] of Object.entries(JSON.parse(og) as Record<string, string>)) {
        restore.push(upsertMeta(property, content, 'property'));
      }
    }
    if (ld) restore.push(upsertJsonLd(JSON.parse(ld) as Record<string, unknown>));
    return () => {
      for (const undo of restore.reverse()) undo();
    };
  }, [title, description, keywords, og, ld]);
}
