import { builtInEntries, type ReferenceList } from '@wine/contracts';
import type { ReferenceDataEvent, ReferenceEntryRecord } from '@wine/event-schemas';

/** An entry of a managed list, as its stream has it. */
export interface ListEntry {
  id: number;
  value: string;
  valueEs: string;
  levelId: number;
  parentId: number | null;
  description: string;
  active: boolean;
  /** One of the entries the list starts with (reference-data-lists.ts). */
  builtin: boolean;
}

/**
 * One managed list (`referencedata-<list>`, issue 38 §5): its entries by id and the highest id it ever
 * gave, so the next entry's id is never one given before.
 */
export interface ReferenceListState {
  list: ReferenceList;
  entries: readonly ListEntry[];
  lastId: number;
}

/** The list before its first event: its built-in entries, each active. */
export function initialList(list: ReferenceList): ReferenceListState {
  const entries = builtInEntries(list).map(
    (e): ListEntry => ({
      id: e.id,
      value: e.value,
      valueEs: e.value_es,
      levelId: e.level_id,
      parentId: e.parent_id,
      description: e.description,
      active: true,
      builtin: true,
    }),
  );
  return { list, entries, lastId: Math.max(0, ...entries.map((e) => e.id)) };
}

const recordOf = (data: ReferenceEntryRecord) => ({
  value: data.value,
  valueEs: data.valueEs,
  levelId: data.levelId,
  parentId: data.parentId,
  description: data.description,
});

const withEntry = (
  state: ReferenceListState,
  id: number,
  change: (entry: ListEntry) => ListEntry,
): ReferenceListState => ({
  ...state,
  entries: state.entries.map((entry) => (entry.id === id ? change(entry) : entry)),
});

export function evolveList(state: ReferenceListState, event: ReferenceDataEvent): ReferenceListState {
  switch (event.type) {
    case 'ReferenceEntryAdded':
      return {
        ...state,
        entries: [
          ...state.entries,
          { id: event.data.id, ...recordOf(event.data), active: true, builtin: false },
        ],
        lastId: Math.max(state.lastId, event.data.id),
      };
    case 'ReferenceEntryUpdated':
      return withEntry(state, event.data.id, (entry) => ({ ...entry, ...recordOf(event.data) }));
    case 'ReferenceEntryDeactivated':
      return withEntry(state, event.data.id, (entry) => ({ ...entry, active: false }));
    case 'ReferenceEntryReactivated':
      return withEntry(state, event.data.id, (entry) => ({ ...entry, active: true }));
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
