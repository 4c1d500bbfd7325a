import { builtInEntries, OTHER_CATEGORY_ID, PICKUP_LOCATION_ID, type ReferenceList } from '@wine/contracts';
import type { ReferenceDataEvent, ReferenceEntryRecord } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../core/decider.ts';
import { deciderSpec } from '../core/decider-spec.ts';
import { type EntryFields, referenceDeciders } from './decide.ts';

const conditions = deciderSpec(referenceDeciders.conditions);
const categories = deciderSpec(referenceDeciders.categories);
const locations = deciderSpec(referenceDeciders.locations);

/** The built-in ids: conditions 1-7, the categories as numbered from the demo's origins. */
const lastBuiltIn = (list: ReferenceList) => Math.max(...builtInEntries(list).map((e) => e.id));
const categoryId = (value: string) => {
  const found = builtInEntries('categories').find((e) => e.value === value);
  if (!found) throw new Error(`no built-in category ${value}`);
  return found.id;
};
const FRANCE = categoryId('France');
const BORDEAUX = categoryId('Bordeaux');
const ITALY = categoryId('Italy');

const fields = (over: Partial<EntryFields> = {}): EntryFields => ({
  value: 'Ullaged',
  valueEs: 'Con merma',
  levelId: 0,
  parentId: null,
  description: 'Fill below the shoulder',
  ...over,
});
const record = (list: ReferenceEntryRecord['list'], id: number, over: Partial<EntryFields> = {}) => ({
  list,
  id,
  ...fields(over),
});
const added = (id: number, over: Partial<EntryFields> = {}): ReferenceDataEvent => ({
  type: 'ReferenceEntryAdded',
  data: record('conditions', id, over),
});
const NEXT = lastBuiltIn('conditions') + 1;

describe('a managed list starts from its built-in entries', () => {
  it('keeps the ids the fixed lists gave: conditions 1-7, category 4 "Other", location 1 the shop', () => {
    const state = fold(referenceDeciders.conditions, []);
    expect(state.entries.map((e) => [e.id, e.value])).toEqual([
      [1, 'Pristine'],
      [2, 'Excellent'],
      [3, 'Very Good'],
      [4, 'Good'],
      [5, 'Fair'],
      [6, 'Original Wooden Case'],
      [7, 'Original Carton'],
    ]);
    expect(state.entries.every((e) => e.active && e.builtin && e.valueEs)).toBe(true);
    const cats = fold(referenceDeciders.categories, []);
    expect(cats.entries.find((e) => e.id === OTHER_CATEGORY_ID)).toMatchObject({
      value: 'Other',
      levelId: 0,
    });
    expect(cats.entries.find((e) => e.id === BORDEAUX)).toMatchObject({ levelId: 1, parentId: FRANCE });
    const places = fold(referenceDeciders.locations, []);
    expect(places.entries.map((e) => e.id)).toEqual([PICKUP_LOCATION_ID]);
  });
});

describe('adding an entry (insertEntry)', () => {
  it('gives the next id after the highest the list ever gave', () => {
    conditions([])
      .when({ type: 'AddEntry', fields: fields() })
      .then([added(NEXT)]);
    conditions([added(NEXT)])
      .when({ type: 'AddEntry', fields: fields({ value: 'Label missing', valueEs: 'Sin etiqueta' }) })
      .then([added(NEXT + 1, { value: 'Label missing', valueEs: 'Sin etiqueta' })]);
  });

  it('never gives an id twice, even after the entry holding it was deactivated', () => {
    const gone: ReferenceDataEvent = {
      type: 'ReferenceEntryDeactivated',
      data: { list: 'conditions', id: NEXT, value: 'Ullaged' },
    };
    conditions([added(NEXT), gone])
      .when({ type: 'AddEntry', fields: fields({ value: 'Ullage', valueEs: 'Merma' }) })
      .then([added(NEXT + 1, { value: 'Ullage', valueEs: 'Merma' })]);
  });

  it('refuses a name an entry at the same place has, in either language, case and spaces aside', () => {
    conditions([])
      .when({ type: 'AddEntry', fields: fields({ value: '  very   GOOD ' }) })
      .thenThrows({
        code: 'REFERENCE_VALUE_TAKEN',
        message: 'This list already has an entry named "Very Good" at that place',
      });
    conditions([])
      .when({ type: 'AddEntry', fields: fields({ valueEs: 'impecable' }) })
      .thenThrows({ code: 'REFERENCE_VALUE_TAKEN' });
    // ...a deactivated entry holds its name too (offering it again is the way back).
    conditions([
      added(NEXT),
      { type: 'ReferenceEntryDeactivated', data: { list: 'conditions', id: NEXT, value: 'Ullaged' } },
    ])
      .when({ type: 'AddEntry', fields: fields({ valueEs: 'Otra' }) })
      .thenThrows({ code: 'REFERENCE_VALUE_TAKEN' });
  });

  it('takes the same name at another place: a region of one country and of another', () => {
    categories([])
      .when({
        type: 'AddEntry',
        fields: fields({ value: 'Bordeaux', valueEs: 'Burdeos', levelId: 1, parentId: ITALY }),
      })
      .then([
        {
          type: 'ReferenceEntryAdded',
          data: record('categories', lastBuiltIn('categories') + 1, {
            value: 'Bordeaux',
            valueEs: 'Burdeos',
            levelId: 1,
            parentId: ITALY,
          }),
        },
      ]);
    categories([])
      .when({
        type: 'AddEntry',
        fields: fields({ value: 'Bordeaux', valueEs: 'Burdeos', levelId: 1, parentId: FRANCE }),
      })
      .thenThrows({ code: 'REFERENCE_VALUE_TAKEN' });
  });

  it('puts a region under an active country, a subregion under a region, and nothing under a level-0 entry at level 0', () => {
    const region = (parentId: number | null, levelId = 1) =>
      categories([]).when({
        type: 'AddEntry',
        fields: fields({ value: 'Loire', valueEs: 'Loira', levelId, parentId }),
      });
    region(null).thenThrows({ code: 'REFERENCE_PARENT_INVALID' });
    region(BORDEAUX).thenThrows({ code: 'REFERENCE_PARENT_INVALID' });
    region(9999).thenThrows({ code: 'REFERENCE_PARENT_INVALID' });
    region(FRANCE, 2).thenThrows({ code: 'REFERENCE_PARENT_INVALID' });
    region(FRANCE, 0).thenThrows({ code: 'REFERENCE_PARENT_INVALID' });
    region(FRANCE).then([
      {
        type: 'ReferenceEntryAdded',
        data: record('categories', lastBuiltIn('categories') + 1, {
          value: 'Loire',
          valueEs: 'Loira',
          levelId: 1,
          parentId: FRANCE,
        }),
      },
    ]);
  });

  it('refuses a level the list does not have (conditions have one)', () => {
    conditions([])
      .when({ type: 'AddEntry', fields: fields({ levelId: 1, parentId: 1 }) })
      .thenThrows({ code: 'VALIDATION' });
  });

  it('refuses a parent that was deactivated', () => {
    const site: ReferenceDataEvent = {
      type: 'ReferenceEntryAdded',
      data: record('locations', 2, { value: 'Annex', valueEs: 'Anexo' }),
    };
    const closed: ReferenceDataEvent = {
      type: 'ReferenceEntryDeactivated',
      data: { list: 'locations', id: 2, value: 'Annex' },
    };
    locations([site, closed])
      .when({
        type: 'AddEntry',
        fields: fields({ value: 'Cellar B', valueEs: 'Bodega B', levelId: 1, parentId: 2 }),
      })
      .thenThrows({ code: 'REFERENCE_PARENT_INVALID' });
  });
});

describe('changing an entry (updateEntry)', () => {
  it('records the whole record as it now reads, and nothing when nothing changes', () => {
    conditions([])
      .when({ type: 'UpdateEntry', id: 3, changes: { valueEs: 'Muy buena', description: 'Minor wear' } })
      .then([
        {
          type: 'ReferenceEntryUpdated',
          data: {
            list: 'conditions',
            id: 3,
            value: 'Very Good',
            valueEs: 'Muy buena',
            levelId: 0,
            parentId: null,
            description: 'Minor wear',
          },
        },
      ]);
    conditions([])
      .when({ type: 'UpdateEntry', id: 3, changes: { value: 'Very Good', levelId: 0 } })
      .then([]);
  });

  it("refuses an unknown id, a change of level, and another entry's name", () => {
    conditions([])
      .when({ type: 'UpdateEntry', id: 99, changes: { value: 'X' } })
      .thenThrows({
        code: 'REFERENCE_ENTRY_NOT_FOUND',
        message: 'This list has no entry 99',
      });
    categories([])
      .when({ type: 'UpdateEntry', id: BORDEAUX, changes: { levelId: 0 } })
      .thenThrows({ code: 'REFERENCE_LEVEL_FIXED' });
    conditions([])
      .when({ type: 'UpdateEntry', id: 3, changes: { value: 'good' } })
      .thenThrows({
        code: 'REFERENCE_VALUE_TAKEN',
      });
  });

  it('moves a region to another active country', () => {
    categories([])
      .when({ type: 'UpdateEntry', id: BORDEAUX, changes: { parentId: ITALY } })
      .then([
        {
          type: 'ReferenceEntryUpdated',
          data: record('categories', BORDEAUX, {
            value: 'Bordeaux',
            valueEs: 'Burdeos',
            levelId: 1,
            parentId: ITALY,
            description: '',
          }),
        },
      ]);
    categories([])
      .when({ type: 'UpdateEntry', id: BORDEAUX, changes: { parentId: null } })
      .thenThrows({ code: 'REFERENCE_PARENT_INVALID' });
  });

  it('deactivates an entry once, offers it again, and records each as its own fact', () => {
    const off: ReferenceDataEvent = {
      type: 'ReferenceEntryDeactivated',
      data: { list: 'conditions', id: 5, value: 'Fair' },
    };
    conditions([])
      .when({ type: 'UpdateEntry', id: 5, changes: { active: false } })
      .then([off]);
    conditions([off])
      .when({ type: 'UpdateEntry', id: 5, changes: { active: false } })
      .then([]);
    conditions([off])
      .when({ type: 'UpdateEntry', id: 5, changes: { active: true, value: 'Fair+' } })
      .then([
        {
          type: 'ReferenceEntryUpdated',
          data: record('conditions', 5, { value: 'Fair+', valueEs: 'Aceptable', description: '' }),
        },
        { type: 'ReferenceEntryReactivated', data: { list: 'conditions', id: 5, value: 'Fair+' } },
      ]);
  });

  it('keeps a country with active regions, category 4 and the shop offered', () => {
    categories([])
      .when({ type: 'UpdateEntry', id: FRANCE, changes: { active: false } })
      .thenThrows({ code: 'REFERENCE_ENTRY_HAS_CHILDREN', message: /Deactivate the \d+ active entries/ });
    categories([])
      .when({ type: 'UpdateEntry', id: OTHER_CATEGORY_ID, changes: { active: false } })
      .thenThrows({ code: 'REFERENCE_ENTRY_REQUIRED' });
    locations([])
      .when({ type: 'UpdateEntry', id: PICKUP_LOCATION_ID, changes: { active: false } })
      .thenThrows({ code: 'REFERENCE_ENTRY_REQUIRED' });
    // ...renaming the shop is fine.
    locations([])
      .when({ type: 'UpdateEntry', id: PICKUP_LOCATION_ID, changes: { value: 'Main cellar' } })
      .then([
        {
          type: 'ReferenceEntryUpdated',
          data: {
            ...record('locations', PICKUP_LOCATION_ID, {
              value: 'Main cellar',
              valueEs: 'Tienda del comerciante',
            }),
            description: builtInEntries('locations')[0]?.description ?? '',
          },
        },
      ]);
  });

  it('does not offer again an entry whose parent is deactivated', () => {
    const italy = fold(referenceDeciders.categories, []).entries.filter((e) => e.parentId === ITALY);
    const history: ReferenceDataEvent[] = [];
    // Every Italian subregion, then region, then Italy itself taken off.
    for (const region of italy) {
      const subs = fold(referenceDeciders.categories, []).entries.filter((e) => e.parentId === region.id);
      for (const sub of subs) {
        history.push({
          type: 'ReferenceEntryDeactivated',
          data: { list: 'categories', id: sub.id, value: sub.value },
        });
      }
      history.push({
        type: 'ReferenceEntryDeactivated',
        data: { list: 'categories', id: region.id, value: region.value },
      });
    }
    history.push({
      type: 'ReferenceEntryDeactivated',
      data: { list: 'categories', id: ITALY, value: 'Italy' },
    });
    const [tuscany] = italy;
    expect(tuscany).toBeDefined();
    categories(history)
      .when({ type: 'UpdateEntry', id: tuscany?.id ?? 0, changes: { active: true } })
      .thenThrows({ code: 'REFERENCE_PARENT_INVALID' });
    categories(history)
      .when({ type: 'UpdateEntry', id: ITALY, changes: { active: true } })
      .then([{ type: 'ReferenceEntryReactivated', data: { list: 'categories', id: ITALY, value: 'Italy' } }]);
  });
});
