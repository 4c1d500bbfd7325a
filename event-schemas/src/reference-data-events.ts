import { z } from 'zod';
import { defineEvent } from './registry.ts';
import { streamName } from './streams.ts';

/*
 * Issue 38 §5 "Reference data" (seeds 000 §3.1 categoryTypeId, conditionTypeId, location_id; §3.2 the
 * default data bundle; seeds 001 §3 "Location category: id, level_id, level, value, description"): the
 * lists a lot's ids point into, kept by the staff as facts in the log, one stream per list
 * (`referencedata-<list>`). An entry's id is given by its list's stream, one after the highest ever
 * given, so an id is never given twice and always means the same entry; an entry is never removed,
 * only deactivated (still read for the lots that carry it, no longer offered for new ones).
 */

/** The managed lists: the lots' category types (country > region > subregion), conditions and locations. */
export const referenceLists = ['categories', 'conditions', 'locations'] as const;
export const ReferenceList = z.enum(referenceLists);
export type ReferenceList = z.infer<typeof ReferenceList>;

/** One list's stream: `referencedata-categories`, `referencedata-conditions`, `referencedata-locations`. */
export const referenceDataStream = (list: ReferenceList) => streamName('referencedata', list);

/** An entry's id in its list: a positive whole number. */
export const ReferenceEntryId = z.number().int().min(1).max(1_000_000);

/** An entry's record as it reads after the change: its words in both languages, its level, its parent. */
const EntryRecord = z.object({
  list: ReferenceList,
  id: ReferenceEntryId,
  /** The entry's name in English (for_english). */
  value: z.string().min(1).max(100),
  /** The entry's name in Spanish (for_spanish). */
  valueEs: z.string().min(1).max(100),
  /** Its level in its list's hierarchy (categories: 0 country, 1 region, 2 subregion). */
  levelId: z.number().int().min(0).max(2),
  /** The entry one level above (null at level 0). */
  parentId: ReferenceEntryId.nullable(),
  description: z.string().max(500),
});
export type ReferenceEntryRecord = z.infer<typeof EntryRecord>;

/** An admin added an entry to a list, with the id the list gave it; it is offered from now on. */
export const ReferenceEntryAdded = defineEvent({
  type: 'ReferenceEntryAdded',
  version: 1,
  schema: EntryRecord,
});

/** An admin changed an entry's words, description or parent: its whole record as it now reads. */
export const ReferenceEntryUpdated = defineEvent({
  type: 'ReferenceEntryUpdated',
  version: 1,
  schema: EntryRecord,
});

/** Which entry, named as it read then (an auditor reads the fact without the list). */
const EntryNamed = z.object({ list: ReferenceList, id: ReferenceEntryId, value: z.string().min(1).max(100) });

/** An admin deactivated an entry: the lots that carry it still read it; new ones are not offered it. */
export const ReferenceEntryDeactivated = defineEvent({
  type: 'ReferenceEntryDeactivated',
  version: 1,
  schema: EntryNamed,
});

/** An admin offered a deactivated entry again. */
export const ReferenceEntryReactivated = defineEvent({
  type: 'ReferenceEntryReactivated',
  version: 1,
  schema: EntryNamed,
});

export type ReferenceDataEvent =
  | { type: 'ReferenceEntryAdded'; data: ReferenceEntryRecord }
  | { type: 'ReferenceEntryUpdated'; data: ReferenceEntryRecord }
  | { type: 'ReferenceEntryDeactivated'; data: z.infer<typeof EntryNamed> }
  | { type: 'ReferenceEntryReactivated'; data: z.infer<typeof EntryNamed> };
export const referenceDataEventDefinitions = [
  ReferenceEntryAdded,
  ReferenceEntryUpdated,
  ReferenceEntryDeactivated,
  ReferenceEntryReactivated,
] as const;
