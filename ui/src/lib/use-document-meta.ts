import { useEffect } from 'react';
import { company } from '../config/company.ts';
import { t } from '../i18n/index.ts';

/** A page's document title: 'Sign in | Fine Wine Auction', in the current language. */
export const pageTitle = (page: string): string => t('ui.titles.page', { page, shop: company.name });

function upsertMeta(name: string, content: string): () => void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  const previous = tag?.content ?? null;
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  tag.content = content;
  const element = tag;
  return () => {
    if (previous === null) element.remove();
    else element.content = previous;
  };
}

/** seeds 000 §2.7: a page sets the document title, meta description and meta keywords; restored on leave. */
export function useDocumentMeta(meta: { title?: string; description?: string; keywords?: string }): void {
  const { title, description, keywords } = meta;
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
    return () => {
      for (const undo of restore.reverse()) undo();
    };
  }, [title, description, keywords]);
}
