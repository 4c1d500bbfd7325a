import { defaultMoneySettings, PICKUP_LOCATION_ID } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { mergeEntries, referenceBundle, referenceEntries } from './entries.ts';
import { REFERENCE_ENTRIES, type ReferenceEntryDocument, referenceDataProjection } from './project.ts';

const entry = (list: string, id: number, value: string, over: Record<string, unknown> = {}) => ({
  list,
  id,
  value,
  valueEs: `${value} (es)`,
  levelId: 0,
  parentId: null,
  description: '',
  ...over,
});

describe('the managed reference lists read model', () => {
  it('reads each list as its built-in entries overlaid by what the log gave them', async () => {
    const record = eventRecorder();
    const events = [
      record('referencedata-conditions', 'ReferenceEntryAdded', entry('conditions', 8, 'Ullaged')),
      record('referencedata-conditions', 'ReferenceEntryUpdated', {
        ...entry('conditions', 3, 'Very Good'),
        valueEs: 'Muy buena',
      }),
      record('referencedata-conditions', 'ReferenceEntryDeactivated', {
        list: 'conditions',
        id: 5,
        value: 'Fair',
      }),
      record('referencedata-locations', 'ReferenceEntryAdded', entry('locations', 2, 'Annex')),
      record('referencedata-locations', 'ReferenceEntryAdded', {
        ...entry('locations', 3, 'Cellar B'),
        levelId: 1,
        parentId: 2,
      }),
    ];
    const docs = await applyEvents([referenceDataProjection], events);
    const lists = await referenceEntries(docs);
    expect(lists.conditions.map((e) => [e.id, e.value, e.value_es, e.active, e.builtin])).toEqual([
      [1, 'Pristine', 'Impecable', 1, true],
      [2, 'Excellent', 'Excelente', 1, true],
      [3, 'Very Good', 'Muy buena', 1, true],
      [4, 'Good', 'Bueno', 1, true],
      [5, 'Fair', 'Aceptable', 0, true],
      [6, 'Original Wooden Case', 'Caja de madera original', 1, true],
      [7, 'Original Carton', 'Caja de cartón original', 1, true],
      [8, 'Ullaged', 'Ullaged (es)', 1, false],
    ]);
    expect(lists.conditions[0]?.updated_at).toBeNull();
    expect(lists.conditions[4]?.updated_at).toBe('2026-11-22T12:03:00.000Z');
    expect(lists.locations.find((e) => e.id === 3)).toMatchObject({
      level_id: 1,
      level: 'room',
      parent_id: 2,
    });

    // The default bundle offers the active ones; its phrases name every entry in both languages.
    const bundle = referenceBundle(lists, defaultMoneySettings.pickup);
    expect(bundle.conditions.map((c) => c.id)).toEqual([1, 2, 3, 4, 6, 7, 8]);
    expect(bundle.phrases.for_english?.['conditions.5']).toBe('Fair');
    expect(bundle.phrases.for_spanish?.['conditions.3']).toBe('Muy buena');
    // The shop is the pickup address as the settings name it; a room of another site has that site's address.
    expect(bundle.locations.find((l) => l.id === PICKUP_LOCATION_ID)).toMatchObject({
      name: defaultMoneySettings.pickup.name,
      city: defaultMoneySettings.pickup.city,
    });
    expect(bundle.locations.find((l) => l.id === 3)).toMatchObject({
      name: 'Cellar B',
      name_es: 'Cellar B (es)',
      city: '',
    });
  });

  it('is idempotent when the events are applied twice', async () => {
    const record = eventRecorder();
    const events = [
      record('referencedata-conditions', 'ReferenceEntryAdded', entry('conditions', 8, 'Ullaged')),
      record('referencedata-conditions', 'ReferenceEntryDeactivated', {
        list: 'conditions',
        id: 8,
        value: 'Ullaged',
      }),
      record('referencedata-conditions', 'ReferenceEntryReactivated', {
        list: 'conditions',
        id: 8,
        value: 'Ullaged',
      }),
      record('referencedata-conditions', 'ReferenceEntryUpdated', entry('conditions', 8, 'Ullage')),
    ];
    const docs = await applyEvents([referenceDataProjection], events);
    const once = await docs.collection<ReferenceEntryDocument>(REFERENCE_ENTRIES).find({});
    await applyEvents([referenceDataProjection], events, docs);
    // Replaying the deactivation after the rest changes nothing: the document is past its position.
    await applyEvents([referenceDataProjection], [events[1] as (typeof events)[number]], docs);
    const twice = await docs.collection<ReferenceEntryDocument>(REFERENCE_ENTRIES).find({});
    expect(twice).toEqual(once);
    expect(twice[0]).toMatchObject({ _id: 'conditions:8', value: 'Ullage', active: 1 });
  });

  it('names the renamed shop as the admin named it', () => {
    const lists = {
      categories: [],
      conditions: [],
      locations: mergeEntries('locations', [
        {
          _id: 'locations:1',
          table: 'locations',
          id: 1,
          value: 'Main cellar',
          updated_at: 'x',
          _position: '1',
        },
      ]),
    };
    const bundle = referenceBundle(lists, defaultMoneySettings.pickup);
    expect(bundle.locations[0]).toMatchObject({
      name: 'Main cellar',
      address: defaultMoneySettings.pickup.address1,
    });
    expect(bundle.phrases.for_english?.['locations.1']).toBe('Main cellar');
  });
});
