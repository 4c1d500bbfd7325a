import type { LotListedData } from '@wine/event-schemas';
import { type FilterItem, fieldsFor, ruleFor } from '../search-filter.ts';

/** A lot as the search filters see it: the read model's field names (seeds 000 §3.1). */
export type MatchableLot = Readonly<Record<string, string | number | null | undefined>>;

const asList = (value: FilterItem['value']) => (Array.isArray(value) ? value : [value]);
const present = (v: string | number) => v !== '';

/** One field against one condition, as MongoDB compares (a missing or null field is never in a range). */
function rangeHolds(field: unknown, low: number, high: number | null): boolean {
  if (typeof field !== 'number') return false;
  return field >= low && (high === null || field <= high);
}

/**
 * Whether a lot matches a saved search's filters: the same meaning, filter type by filter type, as
 * the one translation into a MongoDB query (projection-service search/to-mongo.ts), so an alert is
 * mailed for exactly the lots the search would list. Filters are whitelisted (contracts
 * search-filter.ts); one with an unknown name matches nothing.
 */
export function lotMatchesFilters(lot: MatchableLot, filters: Readonly<Record<string, FilterItem>>): boolean {
  for (const [name, item] of Object.entries(filters)) {
    const rule = ruleFor(name);
    if (!rule) return false;
    const fields = fieldsFor(rule, item.field).map((f) => lot[f]);
    const values = asList(item.value).filter(present);
    if (values.length === 0) continue;
    const typed = values.map((v) => (rule.values === 'number' ? Number(v) : String(v)));
    const anyField = (holds: (field: unknown) => boolean) => fields.some(holds);
    let holds: boolean;
    switch (item.type) {
      case 'like':
      case 'array:like':
        holds = values.some((v) => {
          const needle = String(v).trim().toLowerCase();
          return anyField((f) => typeof f === 'string' && f.toLowerCase().includes(needle));
        });
        break;
      case 'array':
      case 'in':
        holds = anyField((f) => f !== null && f !== undefined && typed.includes(f as string | number));
        break;
      case 'notin':
        holds = anyField((f) => !typed.includes(f as string | number));
        break;
      case 'array:mfield:range': {
        const scale = rule.scale ?? 1;
        holds = values.some((v) => {
          const [low, high] = String(v).split('-');
          const top = high ? Number(high) * scale : null;
          return anyField((f) => rangeHolds(f, Number(low) * scale, top));
        });
        break;
      }
      case 'date:range':
        // ISO 8601 times in UTC compare as text, as in the MongoDB query: from included, to excluded.
        holds = values.some((v) => {
          const [from = '', to = ''] = String(v).split('/');
          return anyField((f) => typeof f === 'string' && f >= from && f < to);
        });
        break;
      default: {
        const _exhaustive: never = item.type;
        return false;
      }
    }
    if (!holds) return false;
  }
  return true;
}

/** The highest critic score on the 100-point scale ('94-96' counts as 96): the `rating` filter's field. */
export function bestScore(scores: Readonly<Record<string, string | undefined>>): number | null {
  let best: number | null = null;
  for (const text of Object.values(scores)) {
    for (const n of (text ?? '').match(/\d+(\.\d+)?/g) ?? []) {
      const value = Number(n);
      if (value <= 100 && (best === null || value > best)) best = value;
    }
  }
  return best;
}

/** A just-listed lot's searchable fields, named as the lots read model names them. */
export function matchableListing(lot: LotListedData): MatchableLot {
  return {
    id: lot.lotId,
    title: lot.title,
    itemId: lot.sku,
    custitem_gvo_producer: lot.producer,
    custitemctregion: lot.region,
    custitemctsubregion: lot.subregion,
    custitem_gvo_country: lot.country,
    custitem_gvo_color: lot.colour,
    custitem_gvo_bottlesize: lot.bottleSize,
    vintage: lot.vintage,
    rating: bestScore(lot.scores),
    market_status: 'open',
    auction: lot.auction ? 1 : 0,
    buynow: lot.buyNow ? 1 : 0,
    auctionid: lot.auctionId,
    wprice: lot.auction ? lot.openingBid : (lot.buyNowPrice ?? 0),
    bprice: lot.buyNow ? lot.buyNowPrice : null,
    no_reserve: lot.reserve ? 0 : 1,
    date_closed: lot.closesAt,
  };
}
