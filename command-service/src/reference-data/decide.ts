import {
  REFERENCE_LIST_MAX,
  type ReferenceList,
  referenceLevels,
  referenceLists,
  requiredEntries,
  valueKey,
} from '@wine/contracts';
import type { ReferenceDataEvent, ReferenceEntryRecord } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';
import { evolveList, initialList, type ListEntry, type ReferenceListState } from './reference-list.ts';

/** An entry's fields an admin gives (the id is the list's to give). */
export interface EntryFields {
  value: string;
  valueEs: string;
  levelId: number;
  parentId: number | null;
  description: string;
}

export type ReferenceCommand =
  | { type: 'AddEntry'; fields: EntryFields }
  | {
      type: 'UpdateEntry';
      id: number;
      /** The fields sent; the others stay as they are. */
      changes: Partial<EntryFields> & { active?: boolean };
    };

/**
 * The parent an entry at `levelId` may have: none at level 0; otherwise an active entry of the same
 * list one level above (seeds 000 §3.2: country > region > subregion).
 */
function checkPlace(state: ReferenceListState, levelId: number, parentId: number | null): void {
  if (levelId >= referenceLevels[state.list].length) {
    throw new AppError('VALIDATION', { field: 'level_id', message: 'referenceData.levelInvalid' });
  }
  if (levelId === 0) {
    if (parentId !== null) throw new AppError('REFERENCE_PARENT_INVALID');
    return;
  }
  const parent = state.entries.find((e) => e.id === parentId);
  if (!parent || parent.levelId !== levelId - 1 || !parent.active) {
    throw new AppError('REFERENCE_PARENT_INVALID');
  }
}

/**
 * No two entries at one place (same level, same parent) read alike in either language, active or not:
 * a second "Bordeaux" under France would split its lots between two ids.
 */
function checkNames(state: ReferenceListState, fields: EntryFields, self?: number): void {
  const siblings = state.entries.filter(
    (e) => e.id !== self && e.levelId === fields.levelId && e.parentId === fields.parentId,
  );
  const english = valueKey(fields.value);
  const taken = siblings.find((e) => valueKey(e.value) === english);
  if (taken) throw new AppError('REFERENCE_VALUE_TAKEN', { params: { value: taken.value } });
  const spanish = valueKey(fields.valueEs);
  const takenEs = siblings.find((e) => valueKey(e.valueEs) === spanish);
  if (takenEs) {
    throw new AppError('REFERENCE_VALUE_TAKEN', { params: { value: takenEs.valueEs }, field: 'value_es' });
  }
}

const fieldsOf = (entry: ListEntry): EntryFields => ({
  value: entry.value,
  valueEs: entry.valueEs,
  levelId: entry.levelId,
  parentId: entry.parentId,
  description: entry.description,
});

const sameFields = (a: EntryFields, b: EntryFields) =>
  a.value === b.value &&
  a.valueEs === b.valueEs &&
  a.levelId === b.levelId &&
  a.parentId === b.parentId &&
  a.description === b.description;

const record = (list: ReferenceList, id: number, fields: EntryFields): ReferenceEntryRecord => ({
  list,
  id,
  ...fields,
});

function addEntry(state: ReferenceListState, fields: EntryFields): ReferenceDataEvent[] {
  if (state.entries.length >= REFERENCE_LIST_MAX) {
    throw new AppError('REFERENCE_LIST_FULL', { params: { max: REFERENCE_LIST_MAX } });
  }
  checkPlace(state, fields.levelId, fields.parentId);
  checkNames(state, fields);
  // One after the highest id the list ever gave: an id is never given twice (issue 38 §5).
  return [{ type: 'ReferenceEntryAdded', data: record(state.list, state.lastId + 1, fields) }];
}

function updateEntry(
  state: ReferenceListState,
  id: number,
  changes: Partial<EntryFields> & { active?: boolean },
): ReferenceDataEvent[] {
  const entry = state.entries.find((e) => e.id === id);
  if (!entry) throw new AppError('REFERENCE_ENTRY_NOT_FOUND', { params: { id } });
  if (changes.levelId !== undefined && changes.levelId !== entry.levelId) {
    throw new AppError('REFERENCE_LEVEL_FIXED');
  }
  const { active, ...given } = changes;
  const before = fieldsOf(entry);
  const after: EntryFields = { ...before };
  for (const key of Object.keys(given) as (keyof EntryFields)[]) {
    if (given[key] !== undefined) Object.assign(after, { [key]: given[key] });
  }
  const events: ReferenceDataEvent[] = [];
  const nowActive = active ?? entry.active;
  if (!sameFields(before, after)) {
    if (after.parentId !== before.parentId) checkPlace(state, after.levelId, after.parentId);
    checkNames(state, after, id);
    events.push({ type: 'ReferenceEntryUpdated', data: record(state.list, id, after) });
  }
  if (nowActive !== entry.active) {
    const named = { list: state.list, id, value: after.value };
    if (nowActive) {
      // Offered again only under a parent that is offered (a region of a deactivated country is not).
      checkPlace(state, after.levelId, after.parentId);
      events.push({ type: 'ReferenceEntryReactivated', data: named });
    } else {
      if (requiredEntries[state.list].includes(id)) throw new AppError('REFERENCE_ENTRY_REQUIRED');
      const children = state.entries.filter((e) => e.parentId === id && e.active).length;
      if (children > 0) {
        throw new AppError('REFERENCE_ENTRY_HAS_CHILDREN', { params: { count: children } });
      }
      events.push({ type: 'ReferenceEntryDeactivated', data: named });
    }
  }
  return events;
}

export function decideReference(command: ReferenceCommand, state: ReferenceListState): ReferenceDataEvent[] {
  switch (command.type) {
    case 'AddEntry':
      return addEntry(state, command.fields);
    case 'UpdateEntry':
      return updateEntry(state, command.id, command.changes);
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/** One decider per list (its initial state is that list's built-in entries), made once. */
export const referenceDeciders: Readonly<
  Record<ReferenceList, Decider<ReferenceCommand, ReferenceDataEvent, ReferenceListState>>
> = Object.fromEntries(
  referenceLists.map((list) => [
    list,
    { decide: decideReference, evolve: evolveList, initialState: () => initialList(list) },
  ]),
) as Record<ReferenceList, Decider<ReferenceCommand, ReferenceDataEvent, ReferenceListState>>;
