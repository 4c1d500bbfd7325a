import { type FilterItem, fieldsFor, orderField, type ParsedSearchFilter, ruleFor } from '@wine/contracts';
import type { Filter, Sort } from '@wine/platform';
import { literally } from '../core/queries.ts';

export interface MongoQuery {
  filter: Filter;
  sort: Sort;
  skip: number;
  limit: number;
}

const asList = (value: FilterItem['value']) => (Array.isArray(value) ? value : [value]);
const present = (v: string | number) => v !== '';

/**
 * The one translation of the seeds' search filter object into a MongoDB query. The input has been
 * validated against the whitelist in `contracts` (names, fields, types), so every name here is known.
 */
export function toMongoQuery(search: ParsedSearchFilter, base: Filter = {}): MongoQuery {
  const clauses: Filter[] = Object.keys(base).length ? [base] : [];
  for (const [name, item] of Object.entries(search.filters)) {
    const rule = ruleFor(name);
    if (!rule) throw new Error(`filter '${name}' is not whitelisted`);
    const fields = fieldsFor(rule, item.field);
    const values = asList(item.value).filter(present);
    if (values.length === 0) continue;
    const typed = values.map((v) => (rule.values === 'number' ? Number(v) : String(v)));
    const anyField = (condition: unknown): Filter =>
      fields.length === 1
        ? { [fields[0] as string]: condition }
        : { $or: fields.map((f) => ({ [f]: condition })) };
    switch (item.type) {
      case 'like':
      case 'array:like':
        clauses.push({
          $or: values.map((v) => anyField({ $regex: literally(String(v).trim()), $options: 'i' })),
        });
        break;
      case 'array':
      case 'in':
        clauses.push(anyField({ $in: typed }));
        break;
      case 'notin':
        clauses.push(anyField({ $nin: typed }));
        break;
      case 'array:mfield:range': {
        const scale = rule.scale ?? 1;
        clauses.push({
          $or: values.map((v) => {
            const [low, high] = String(v).split('-');
            const range: Record<string, number> = { $gte: Number(low) * scale };
            if (high) range.$lte = Number(high) * scale;
            return anyField(range);
          }),
        });
        break;
      }
      case 'date:range':
        // ISO 8601 times in UTC compare as text: from included, to excluded.
        clauses.push({
          $or: values.map((v) => {
            const [from, to] = String(v).split('/');
            return anyField({ $gte: from, $lt: to });
          }),
        });
        break;
      default: {
        const _exhaustive: never = item.type;
        throw new Error(`unknown filter type ${String(_exhaustive)}`);
      }
    }
  }
  const filter =
    clauses.length === 0 ? {} : clauses.length === 1 ? (clauses[0] as Filter) : { $and: clauses };
  const direction = search.order === 'asc' ? 1 : -1;
  return {
    filter,
    // Ties go by _id the same way, so a page is one walk of a {market_status, <order field>} index.
    sort: { [orderField(search.orderby)]: direction, _id: direction },
    skip: (search.page - 1) * search.limit,
    limit: search.limit,
  };
}
