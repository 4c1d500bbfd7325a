import type { HeaderPage, Language } from '@wine/contracts';
import type { TFunction } from 'i18next';
import { useDefaultBundle } from '../../state/defaults.ts';
import { useCurrentLanguage } from '../LanguageSwitch/language-label.tsx';

/**
 * Paths of pages other routes serve (seeds 000 §2.1 / §2.2). Typed as plain strings: the router's
 * link type then accepts them while the routes are being added, and they stay real client-side links.
 */
export const sellYourWinePath: string = '/sellingwine';
export const savedSearchesPath: string = '/saved_search';

/** A link of the More menu: its path and its label, already in the reader's words. */
export interface SitePageLink {
  to: string;
  label: string;
}

/** The fixed pages of the More menu (seeds 000 §2.2), labelled in the reader's language. */
const fixedPages = [
  // Issue 31: the hammer prices buyers bid by.
  { to: '/prices-realised', key: 'ui.store.pricesRealised' },
  { to: '/aboutus', key: 'ui.header.aboutUs' },
  { to: '/howitworks', key: 'ui.header.howItWorks' },
  { to: '/faq', key: 'ui.siteNav.faq' },
  { to: '/delivery', key: 'ui.siteNav.delivery' },
  { to: '/help', key: 'ui.siteNav.help' },
  { to: '/contact-us', key: 'ui.header.contactUs' },
] as const;

/**
 * The configurable pages' links: each published page under its own title (getDefault derives the label
 * from the page record, so a label cannot name another page), its Spanish title for a Spanish reader
 * when it has one (issue 34 §2); none until the bundle is in.
 */
export function configuredPageLinks(
  pages: readonly HeaderPage[] | undefined,
  language: Language,
): SitePageLink[] {
  return (pages ?? []).map((page) => ({
    to: `/${page.id}`,
    label: (language === 'es' && page.label_es) || page.label,
  }));
}

/**
 * seeds 000 §2.5 "a More dropdown (the configurable pages)": the four header pages and the two more
 * tabs, each labelled with its page's title (getDefault), then the fixed pages.
 */
export function useMorePages(t: TFunction): SitePageLink[] {
  const bundle = useDefaultBundle();
  const configured = bundle.state === 'hasData' ? bundle.data.configuration?.header_pages : undefined;
  const language = useCurrentLanguage();
  return [
    ...configuredPageLinks(configured, language),
    ...fixedPages.map((p) => ({ to: p.to, label: t(p.key) })),
  ];
}
