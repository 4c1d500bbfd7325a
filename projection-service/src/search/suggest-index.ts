import type { LotDocument, Suggestion } from '@wine/contracts';
import type { IndexSpec } from '@wine/platform';

/**
 * The search index behind the header's suggestions (seeds 000 §2.5, §7 "Hosted search index query"):
 * the text typed so far in, the best lots out. The suggestions are public (no viewer): a private sale
 * is never suggested, even to its guests (issue 36 §5), who find it in the search and by its link. Two implementations, picked where the read side is
 * assembled (`queryService`): MiniSearch in memory on the embedded store, MongoDB's text index there.
 */
export interface SuggestIndex {
  suggest(query: string, limit: number): Promise<Suggestion[]>;
}

/** What a suggestion needs of a lot: the searched fields and the shown ones. */
export type SuggestSource = Pick<
  LotDocument,
  | '_id'
  | 'title'
  | 'custitem_gvo_producer'
  | 'custitemctregion'
  | 'custitemctsubregion'
  | 'custitem_gvo_country'
  | 'itemId'
  | 'vintage'
  | 'market_status'
  | 'allattachmentlist'
  | 'private_sale'
  | '_position'
>;

/** The read-model projection that loads a SuggestSource. */
export const suggestProjection = {
  _id: 1,
  title: 1,
  custitem_gvo_producer: 1,
  custitemctregion: 1,
  custitemctsubregion: 1,
  custitem_gvo_country: 1,
  itemId: 1,
  vintage: 1,
  market_status: 1,
  allattachmentlist: 1,
  private_sale: 1,
  _position: 1,
} as const;

/**
 * How much a match in each field counts: the title and the producer first, then where the wine is
 * from, then the SKU.
 */
export const fieldWeights = {
  title: 3,
  producer: 3,
  region: 1.5,
  subregion: 1.5,
  country: 1.5,
  itemId: 1,
} as const;
export type SuggestField = keyof typeof fieldWeights;

/** The searched texts of a lot, by field. */
export function searchedFields(lot: SuggestSource): Record<SuggestField, string> {
  return {
    title: lot.title ?? '',
    producer: lot.custitem_gvo_producer ?? '',
    region: lot.custitemctregion ?? '',
    subregion: lot.custitemctsubregion ?? '',
    country: lot.custitem_gvo_country ?? '',
    itemId: lot.itemId ?? '',
  };
}

/** MongoDB's text index over the same fields and weights (one text index per collection). */
export const suggestTextIndex: IndexSpec = {
  key: {
    title: 'text',
    custitem_gvo_producer: 'text',
    custitemctregion: 'text',
    custitemctsubregion: 'text',
    custitem_gvo_country: 'text',
    itemId: 'text',
  },
  name: 'suggest_text',
};

/** Lower case without accents: 'Château' is found by 'chateau'. */
export const normalise = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Words of a text, normalised (letters and digits of any script). */
export const words = (text: string): string[] => normalise(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** The picture shown beside a suggestion, as the storefront addresses it (seeds 000 §3.2). */
export function imageOf(lot: Pick<LotDocument, 'allattachmentlist'>): string | undefined {
  for (const a of lot.allattachmentlist ?? []) {
    if (a.type === 2) {
      if (/^https?:\/\//i.test(a.file_name)) return a.file_name;
      continue;
    }
    return `/uploads/product/${encodeURIComponent(a.file_name)}`;
  }
  return undefined;
}

export function toSuggestion(lot: SuggestSource): Suggestion {
  const image = imageOf(lot);
  return {
    objectID: lot._id,
    title: lot.title,
    ...(lot.custitem_gvo_producer ? { producer: lot.custitem_gvo_producer } : {}),
    ...(typeof lot.vintage === 'number' ? { vintage: lot.vintage } : {}),
    ...(image ? { image } : {}),
    market_status: lot.market_status,
  };
}

export interface Scored {
  suggestion: Suggestion;
  score: number;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Negative when `a` comes first: open lots, then relevance, then title and id. */
export function compareScored(a: Scored, b: Scored): number {
  const open = (s: Suggestion) => (s.market_status === 'open' ? 0 : 1);
  return (
    open(a.suggestion) - open(b.suggestion) ||
    b.score - a.score ||
    a.suggestion.title.localeCompare(b.suggestion.title) ||
    byId(a.suggestion.objectID, b.suggestion.objectID)
  );
}

/**
 * The final order, the same for every index: open lots before the others (only they can be bought
 * or bid on), then by relevance, then by title and id so equal scores always come out the same way.
 * Keeps the best `limit` in one pass: a short prefix can match a large part of the catalogue.
 */
export function orderSuggestions(scored: Iterable<Scored>, limit: number): Suggestion[] {
  const best: Scored[] = [];
  for (const s of scored) {
    const worst = best[best.length - 1];
    if (best.length >= limit && worst && compareScored(s, worst) >= 0) continue;
    let i = best.length;
    while (i > 0 && compareScored(s, best[i - 1] as Scored) < 0) i -= 1;
    best.splice(i, 0, s);
    if (best.length > limit) best.pop();
  }
  return best.map((s) => s.suggestion);
}
