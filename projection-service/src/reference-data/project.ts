import { levelName, type ReferenceList } from '@wine/contracts';
import type { ReferenceDataEvent } from '@wine/event-schemas';
import { START } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const REFERENCE_ENTRIES = 'reference_entries';

/**
 * What the log says of one entry of a managed list (issue 38 §5), keyed `<list>:<id>`. An entry the
 * product starts with has a document only once an admin changed it, and then only the fields the log
 * gave it (a deactivated built-in entry: its `active` alone); the lists read as the built-in entries
 * overlaid by these (entries.ts).
 */
export interface ReferenceEntryDocument {
  _id: string;
  [key: string]: unknown;
  table: ReferenceList;
  id: number;
  value?: string;
  value_es?: string;
  level_id?: number;
  level?: string;
  parent_id?: number | null;
  description?: string;
  active?: 0 | 1;
  created_at?: string;
  updated_at: string;
  _position: string;
}

const keyOf = (table: ReferenceList, id: number) => `${table}:${id}`;

/** The managed lists' read model: each entry an admin added or changed, as it now reads. */
export const referenceDataProjection = defineProjection<ReferenceDataEvent>({
  name: 'reference-data',
  collections: [REFERENCE_ENTRIES],
  handles: [
    'ReferenceEntryAdded',
    'ReferenceEntryUpdated',
    'ReferenceEntryDeactivated',
    'ReferenceEntryReactivated',
  ],
  indexes: { [REFERENCE_ENTRIES]: [{ key: { table: 1, id: 1 }, name: 'table_id' }] },
  project(event): ProjectedOperation[] {
    const { list, id } = event.data;
    const _id = keyOf(list, id);
    const at = event.metadata.occurredAt;
    // Created at its first event, so every later one is guarded by the position it holds.
    const ensure: ProjectedOperation = {
      collection: REFERENCE_ENTRIES,
      operation: {
        updateOne: {
          filter: { _id },
          update: { $setOnInsert: { _position: START, table: list, id } },
          upsert: true,
        },
      },
    };
    switch (event.type) {
      case 'ReferenceEntryAdded':
      case 'ReferenceEntryUpdated': {
        const d = event.data;
        const fields = {
          value: d.value,
          value_es: d.valueEs,
          level_id: d.levelId,
          level: levelName(list, d.levelId),
          parent_id: d.parentId,
          description: d.description,
          updated_at: at,
        };
        return [
          ensure,
          guardedUpdate(REFERENCE_ENTRIES, _id, event, {
            $set: event.type === 'ReferenceEntryAdded' ? { ...fields, active: 1, created_at: at } : fields,
          }),
        ];
      }
      case 'ReferenceEntryDeactivated':
        return [
          ensure,
          guardedUpdate(REFERENCE_ENTRIES, _id, event, { $set: { active: 0, updated_at: at } }),
        ];
      case 'ReferenceEntryReactivated':
        return [
          ensure,
          guardedUpdate(REFERENCE_ENTRIES, _id, event, { $set: { active: 1, updated_at: at } }),
        ];
      default:
        return [];
    }
  },
});
