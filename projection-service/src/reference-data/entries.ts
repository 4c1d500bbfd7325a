import {
  builtInEntries,
  type CategoryType,
  type DefaultBundle,
  type Location,
  levelName,
  type MoneySettings,
  PICKUP_LOCATION_ID,
  type ReferenceEntryRow,
  type ReferenceItem,
  type ReferenceList,
  referenceLists,
} from '@wine/contracts';
import type { DocumentStore } from '@wine/platform';
import { REFERENCE_ENTRIES, type ReferenceEntryDocument } from './project.ts';

/** Every managed list, each entry active or not, by id. */
export type ReferenceEntries = Readonly<Record<ReferenceList, readonly ReferenceEntryRow[]>>;

/**
 * One list as it reads now: its built-in entries (issue 38 §5: the list's state before its first
 * event) overlaid by what the log gave each entry, and the entries admins added; by id.
 */
export function mergeEntries(
  table: ReferenceList,
  docs: readonly ReferenceEntryDocument[],
): ReferenceEntryRow[] {
  const rows = new Map<number, ReferenceEntryRow>();
  for (const e of builtInEntries(table)) {
    rows.set(e.id, {
      ...e,
      table,
      level: levelName(table, e.level_id),
      active: 1,
      builtin: true,
      updated_at: null,
    });
  }
  for (const doc of docs) {
    if (doc.table !== table) continue;
    const base = rows.get(doc.id);
    const value = doc.value ?? base?.value;
    const value_es = doc.value_es ?? base?.value_es;
    const level_id = doc.level_id ?? base?.level_id;
    // A document without its record and no built-in under it is not an entry (never written so).
    if (value === undefined || value_es === undefined || level_id === undefined) continue;
    rows.set(doc.id, {
      id: doc.id,
      table,
      value,
      value_es,
      level_id,
      level: levelName(table, level_id),
      parent_id: doc.parent_id !== undefined ? doc.parent_id : (base?.parent_id ?? null),
      description: doc.description ?? base?.description ?? '',
      active: doc.active ?? base?.active ?? 1,
      builtin: base?.builtin ?? false,
      updated_at: doc.updated_at,
    });
  }
  return [...rows.values()].sort((a, b) => a.id - b.id);
}

/** Every managed list as it reads now (at most REFERENCE_LIST_MAX entries a list). */
export async function referenceEntries(docs: DocumentStore): Promise<ReferenceEntries> {
  const found = await docs.collection<ReferenceEntryDocument>(REFERENCE_ENTRIES).find({});
  return Object.fromEntries(referenceLists.map((table) => [table, mergeEntries(table, found)])) as Record<
    ReferenceList,
    ReferenceEntryRow[]
  >;
}

const builtInName = (table: ReferenceList, id: number) =>
  builtInEntries(table).find((e) => e.id === id)?.value;

/**
 * What the default bundle (seeds 000 §3.2) carries of the managed lists: the active entries of each,
 * the ones a new lot is offered, and every entry's name in both languages as phrases (a lot carrying
 * a deactivated entry still reads it). The shop's location is where buyers pick up: its address is the
 * settings' pickup address, and its name theirs until an admin renames the entry.
 */
export function referenceBundle(
  lists: ReferenceEntries,
  pickup: MoneySettings['pickup'],
): Pick<DefaultBundle, 'conditions' | 'category_types' | 'locations' | 'phrases'> {
  const active = (table: ReferenceList) => lists[table].filter((e) => e.active === 1);
  const conditions = active('conditions').map(
    (e): ReferenceItem => ({ id: e.id, value: e.value, value_es: e.value_es }),
  );
  const category_types = active('categories').map(
    (e): CategoryType => ({
      id: e.id,
      value: e.value,
      value_es: e.value_es,
      level_id: e.level_id,
      parent_id: e.parent_id,
    }),
  );
  const byId = new Map(lists.locations.map((e) => [e.id, e]));
  /** The site (level 0) a location is in: its address is the site's. */
  const siteOf = (e: ReferenceEntryRow): ReferenceEntryRow => {
    let at = e;
    for (let hops = 0; at.parent_id !== null && hops < 3; hops++) at = byId.get(at.parent_id) ?? at;
    return at;
  };
  // The shop as the settings name it, until an admin renames its entry.
  const named = (e: ReferenceEntryRow) =>
    e.table === 'locations' && e.id === PICKUP_LOCATION_ID && e.value === builtInName('locations', e.id)
      ? { en: pickup.name, es: pickup.name }
      : { en: e.value, es: e.value_es };
  const locations = active('locations').map((e): Location => {
    const site = siteOf(e);
    const shop = site.id === PICKUP_LOCATION_ID;
    return {
      id: e.id,
      name: named(e).en,
      name_es: named(e).es,
      address: shop ? pickup.address1 : site.description,
      city: shop ? pickup.city : '',
      state: shop ? pickup.state : '',
      zip: shop ? pickup.zip : '',
      level_id: e.level_id,
      parent_id: e.parent_id,
    };
  });
  const english: Record<string, string> = {};
  const spanish: Record<string, string> = {};
  for (const table of referenceLists) {
    for (const e of lists[table]) {
      english[`${table}.${e.id}`] = named(e).en;
      spanish[`${table}.${e.id}`] = named(e).es;
    }
  }
  return { conditions, category_types, locations, phrases: { for_english: english, for_spanish: spanish } };
}
