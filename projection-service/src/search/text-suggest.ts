import type { DocumentStore } from '@wine/platform';
import { literally } from '../core/queries.ts';
import { LOTS } from '../lots/project.ts';
import { publicOnly } from '../lots/visibility.ts';
import {
  fieldWeights,
  orderSuggestions,
  type SuggestField,
  type SuggestIndex,
  type SuggestSource,
  searchedFields,
  suggestProjection,
  suggestTextIndex,
  toSuggestion,
  words,
} from './suggest-index.ts';

/** How many lots each MongoDB query hands to the ranking. */
const CANDIDATES = 50;

/** Whether two words are at most one edit apart (a typo: one letter wrong, missing, extra or swapped). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) {
    const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    return swapped || a.slice(i + 1) === b.slice(i + 1);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * The relevance of a lot for the typed words, as the in-memory index weighs it: per word, its best
 * field (title and producer first), a whole word counting more than a prefix, a prefix more than a
 * typo. A word that matches nowhere leaves the lot out (0).
 */
export function relevance(query: readonly string[], lot: SuggestSource): number {
  const fields = Object.entries(searchedFields(lot)).map(
    ([field, text]) => [fieldWeights[field as SuggestField], words(text)] as const,
  );
  let total = 0;
  for (const term of query) {
    let best = 0;
    for (const [weight, found] of fields) {
      for (const word of found) {
        const match =
          word === term
            ? 1
            : term.length >= 2 && word.startsWith(term)
              ? 0.5
              : term.length >= 4 && oneEditApart(word, term)
                ? 0.4
                : 0;
        if (weight * match > best) best = weight * match;
      }
    }
    if (best === 0) return 0;
    total += best;
  }
  return total;
}

/** The MongoDB queries: whole words through the text index, and the last word as typed so far as a prefix. */
export function candidateQueries(query: string) {
  const terms = words(query);
  const last = terms[terms.length - 1];
  const text = [
    { $match: { $text: { $search: terms.join(' ') }, ...publicOnly } },
    { $sort: { score: { $meta: 'textScore' } } },
    { $limit: CANDIDATES },
    { $project: suggestProjection },
  ];
  const prefix =
    last && last.length >= 2
      ? {
          filter: {
            ...publicOnly,
            $or: (['title', 'custitem_gvo_producer'] as const).map((field) => ({
              [field]: { $regex: `(^|[\\s'’(/-])${literally(last)}`, $options: 'i' },
            })),
          },
          options: { limit: CANDIDATES, sort: { market_status: 1, _id: 1 } as const },
        }
      : null;
  return { terms, text, prefix };
}

/**
 * Suggestions from MongoDB's text index (declared as `suggestTextIndex`, created when the read side
 * starts and again if a rebuild's swap dropped it): candidates by text score and by prefix, ranked
 * as the in-memory index ranks.
 */
export function textSuggestIndex(docs: DocumentStore): SuggestIndex & { ensureIndex(): Promise<void> } {
  const lots = () => docs.collection<SuggestSource>(LOTS);
  const ensureIndex = async () => {
    await lots().createIndex(suggestTextIndex);
  };

  async function byText(pipeline: readonly Record<string, unknown>[]): Promise<SuggestSource[]> {
    try {
      return await lots().aggregate<SuggestSource>(pipeline);
    } catch (error) {
      // A blue/green rebuild swaps in a collection without it: create it once more, then ask again.
      if (!/text index required/i.test(error instanceof Error ? error.message : String(error))) throw error;
      await ensureIndex();
      return lots().aggregate<SuggestSource>(pipeline);
    }
  }

  return {
    ensureIndex,
    async suggest(query, limit) {
      const { terms, text, prefix } = candidateQueries(query);
      if (terms.length === 0) return [];
      const [matched, prefixed] = await Promise.all([
        byText(text),
        prefix
          ? lots().find(prefix.filter, { ...prefix.options, projection: suggestProjection })
          : Promise.resolve([]),
      ]);
      const unique = new Map([...matched, ...prefixed].map((lot) => [lot._id, lot]));
      const scored = [...unique.values()].flatMap((lot) => {
        const score = relevance(terms, lot);
        return score > 0 ? [{ suggestion: toSuggestion(lot), score }] : [];
      });
      return orderSuggestions(scored, limit);
    },
  };
}
