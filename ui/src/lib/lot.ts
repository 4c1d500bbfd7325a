import { type Language, type LotView, PHOTO_WIDTHS, remainingStock } from '@wine/contracts';
import { t } from '../i18n/index.ts';

export const NO_IMAGE = '/no-image.svg';

/**
 * seeds 000 §3.2: attachment type 2 is an external URL (only http/https count); other files live under
 * the API host's /uploads/product/ path.
 */
export function imageUrls(lot: Pick<LotView, 'allattachmentlist'>): string[] {
  return lot.allattachmentlist.flatMap((a) => {
    if (a.type === 2) return /^https?:\/\//i.test(a.file_name) ? [a.file_name] : [];
    return [`/uploads/product/${encodeURIComponent(a.file_name)}`];
  });
}

/** An uploaded photo (its name the hash of its content) and the widths of its WebP copies. */
const UPLOADED_PHOTO = /^(\/uploads\/product\/[a-f0-9]{32})\.jpg$/;

/** The `srcset` of an uploaded photo's sized copies; null for any other picture (the demo's, a URL). */
export function photoSizes(url: string): string | null {
  const stem = UPLOADED_PHOTO.exec(url)?.[1];
  return stem ? PHOTO_WIDTHS.map((w) => `${stem}-${w}.webp ${w}w`).join(', ') : null;
}

/** The title and description a visitor reads: the Spanish ones when the page is in Spanish and they are given. */
export function lotText(
  lot: Pick<LotView, 'title' | 'desc_proc' | 'title_es' | 'desc_proc_es'>,
  language: Language,
): { title: string; description: string } {
  if (language === 'es' && lot.title_es) {
    return { title: lot.title_es, description: lot.desc_proc_es || lot.desc_proc };
  }
  return { title: lot.title, description: lot.desc_proc };
}

/** The catalogue's colours with a word in every language (ui.colours); keyed as colourSwatch reads them. */
const colourKeys = {
  red: 'ui.colours.red',
  white: 'ui.colours.white',
  rosé: 'ui.colours.rose',
  rose: 'ui.colours.rose',
  sparkling: 'ui.colours.sparkling',
  dessert: 'ui.colours.dessert',
  fortified: 'ui.colours.fortified',
} as const;

/** A wine colour in the current language; a colour the catalogue adds later is shown as it is written. */
export function colourLabel(colour: string): string {
  const key = colourKeys[colour.toLowerCase() as keyof typeof colourKeys];
  return key ? t(key) : colour;
}

/** The price label the server sends (cbidtext, seeds 000 §3.1 'Sold Price' or 'Current Bid'), in words. */
export function priceLabel(cbidtext: LotView['cbidtext']): string {
  return t(cbidtext === 'Sold Price' ? 'ui.lot.soldPrice' : 'ui.lot.currentBid');
}

/** Mantine colour for the bottle colour badge. */
export function colourSwatch(colour: string): string {
  switch (colour.toLowerCase()) {
    case 'red':
      return 'burgundy';
    case 'white':
      return 'yellow';
    case 'rosé':
    case 'rose':
      return 'pink';
    case 'sparkling':
      return 'gold';
    case 'dessert':
      return 'orange';
    case 'fortified':
      return 'grape';
    default:
      return 'gray';
  }
}

/** The price a card shows: the current bid for auctions, the buy-now price otherwise. */
export function headlinePrice(lot: LotView): { label: string; cents: number } | null {
  if (lot.auction === 1) return { label: priceLabel(lot.cbidtext), cents: lot.wprice };
  if (lot.buynow === 1 && lot.bprice !== null) return { label: t('ui.lot.buyNow'), cents: lot.bprice };
  return null;
}

/** seeds 000 §9: description truncation at 300 characters. */
export const DESCRIPTION_PREVIEW = 300;

/** The description as plain text: desc_proc may hold markup, which is never injected into the page. */
export function descriptionText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(
    html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>/gi, '\n\n'),
    'text/html',
  );
  for (const node of doc.body.querySelectorAll('script, style, template')) node.remove();
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** seeds 000 §9: 'Pre-arrival' is shown as is; more than 12 remaining shows '12+'. */
export function availabilityText(lot: Pick<LotView, 'qty' | 'sold' | 'custitem_gvo_invwebdisplay'>): string {
  if (lot.custitem_gvo_invwebdisplay === 'Pre-arrival') return t('ui.lot.preArrival');
  const remaining = remainingStock(lot.qty, lot.sold);
  return remaining > 12 ? '12+' : String(remaining);
}
