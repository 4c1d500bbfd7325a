import { actions, type ReferenceEntryRow, valueKey } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { setDisp } from '../wallets/queries.ts';
import { referenceEntries } from './entries.ts';

/** The staff's order: level by level (countries before regions), then by English name, then by id. */
const staffOrder = (a: ReferenceEntryRow, b: ReferenceEntryRow) =>
  a.level_id - b.level_id || a.value.localeCompare(b.value, 'en') || a.id - b.id;

/**
 * Issue 38 §5 (seeds 001 §7): the staff's page of one managed list (common/getPreviousData: records,
 * totalRecords), and every list in one public answer (commonFunction/getAllDynamicArray).
 */
export const referenceDataQueries: QueryPlugin = async (app, { docs, auth }) => {
  registerAction(app, actions.getPreviousData, auth.authorize, async (input) => {
    const lists = await referenceEntries(docs);
    const search = valueKey(input.search);
    const matching = lists[input.table]
      .filter((e) => input.active === undefined || e.active === input.active)
      .filter((e) => !search || valueKey(e.value).includes(search) || valueKey(e.value_es).includes(search))
      .sort(staffOrder);
    const from = (input.page - 1) * input.limit;
    const records = matching.slice(from, from + input.limit);
    return {
      records,
      totalRecords: matching.length,
      setDisp: setDisp(input.page, input.limit, records.length, matching.length),
    };
  });

  registerAction(app, actions.getAllDynamicArray, auth.authorize, async () => {
    const lists = await referenceEntries(docs);
    return {
      categories: [...lists.categories],
      conditions: [...lists.conditions],
      locations: [...lists.locations],
    };
  });
};
