import { ReferenceEntryId, ReferenceList } from '@wine/event-schemas';
import { z } from 'zod';
import { action } from '../action.ts';
import { lazy, t } from '../i18n/index.ts';
import { plainText } from '../text.ts';
import { referenceLevels } from './reference-data-lists.ts';

/*
 * Issue 38 §5 (seeds 001 §7 common: insertEntry, updateEntry, getPreviousData "records, totalRecords";
 * commonFunction: getAllDynamicArray): the staff's generic editor of the managed reference lists, and
 * every list in one public answer. A list is named by `table` (its name in the seeds' editor).
 */

/** seeds 001 §3 "Location category: id, level_id, level, value, description", for every managed list. */
export const ReferenceEntry = z.object({
  id: z.number().int(),
  table: ReferenceList,
  /** Its name in English (for_english). */
  value: z.string(),
  /** Its name in Spanish (for_spanish). */
  value_es: z.string(),
  level_id: z.number().int(),
  /** The level's name: 'country', 'region', 'subregion' (categories); 'site', 'room', 'bin' (locations). */
  level: z.string(),
  parent_id: z.number().int().nullable(),
  description: z.string(),
  /** 1: offered for new lots; 0: deactivated, still read for the lots that carry it. */
  active: z.union([z.literal(0), z.literal(1)]),
});
export type ReferenceEntry = z.infer<typeof ReferenceEntry>;

/** An entry as the staff's list and getAllDynamicArray show it: with when an admin last changed it. */
export const ReferenceEntryRow = ReferenceEntry.extend({
  /** True for the entries the product starts with. */
  builtin: z.boolean(),
  /** When an admin last changed it; null for a built-in entry never changed. */
  updated_at: z.string().nullable(),
});
export type ReferenceEntryRow = z.infer<typeof ReferenceEntryRow>;

const Name = (label: () => string) =>
  plainText(label)
    .min(
      1,
      lazy(() => t('referenceData.valueRequired', { label: label() })),
    )
    .max(
      100,
      lazy(() => t('validation.atMost', { count: 100 })),
    );

const value = Name(() => t('referenceData.value'));
const valueEs = Name(() => t('referenceData.valueEs'));
const description = plainText(() => t('referenceData.description')).max(
  500,
  lazy(() => t('validation.atMost', { count: 500 })),
);
const LevelId = z.number().int().min(0).max(2);

/** A level the list has (seeds 001 §9: country level 0; conditions have one level). */
function checkLevel(input: { table: ReferenceList; level_id?: number | undefined }, ctx: z.RefinementCtx) {
  if (input.level_id === undefined) return;
  if (input.level_id >= referenceLevels[input.table].length) {
    ctx.addIssue({ code: 'custom', path: ['level_id'], message: t('referenceData.levelInvalid') });
  }
}

/** An admin adds an entry to a list; the list gives it its id. */
export const InsertEntryInput = z
  .strictObject({
    table: ReferenceList,
    value,
    value_es: valueEs,
    level_id: LevelId.default(0),
    /** The entry one level above; none at level 0. */
    parent_id: ReferenceEntryId.nullable().default(null),
    description: description.default(''),
  })
  .superRefine((input, ctx) => {
    checkLevel(input, ctx);
    if ((input.level_id === 0) !== (input.parent_id === null)) {
      ctx.addIssue({ code: 'custom', path: ['parent_id'], message: t('errors.REFERENCE_PARENT_INVALID') });
    }
  });
export type InsertEntryInput = z.infer<typeof InsertEntryInput>;

/**
 * An admin changes an entry: the fields sent, the others as they are. `active: 0` deactivates it,
 * `active: 1` offers it again; a level sent must be the entry's own (a level never changes).
 */
export const UpdateEntryInput = z
  .strictObject({
    table: ReferenceList,
    id: ReferenceEntryId,
    value: value.optional(),
    value_es: valueEs.optional(),
    level_id: LevelId.optional(),
    parent_id: ReferenceEntryId.nullable().optional(),
    description: description.optional(),
    active: z.union([z.literal(0), z.literal(1)]).optional(),
  })
  .superRefine(checkLevel);
export type UpdateEntryInput = z.infer<typeof UpdateEntryInput>;

/** The staff's page of one list (seeds 001 §7 getPreviousData): by level, then by name. */
export const PreviousDataInput = z.strictObject({
  table: ReferenceList,
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.number().int().min(1).max(100).default(20),
  /** Entries whose English or Spanish name holds this text. */
  search: plainText(() => t('referenceData.search'))
    .max(
      100,
      lazy(() => t('validation.atMost', { count: 100 })),
    )
    .default(''),
  /** Only the active (1) or only the deactivated (0) entries; both when left out. */
  active: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type PreviousDataInput = z.infer<typeof PreviousDataInput>;

export const PreviousData = z.object({
  records: z.array(ReferenceEntryRow),
  totalRecords: z.number().int(),
  /** The 'Showing x-y of n' text the seeds' lists display. */
  setDisp: z.string(),
});
export type PreviousData = z.infer<typeof PreviousData>;

/** Every managed list, each entry active or not (the lots that carry a deactivated one still read it). */
export const DynamicArrays = z.object({
  categories: z.array(ReferenceEntryRow),
  conditions: z.array(ReferenceEntryRow),
  locations: z.array(ReferenceEntryRow),
});
export type DynamicArrays = z.infer<typeof DynamicArrays>;

export const referenceDataActions = {
  /** An admin adds an entry (seeds 001 §7 common/insertEntry); a name its place has is REFERENCE_VALUE_TAKEN. */
  insertEntry: action({
    path: '/api/common/insertEntry',
    side: 'command',
    auth: 'admin',
    input: InsertEntryInput,
    output: ReferenceEntry,
  }),
  /** An admin changes, deactivates or reactivates an entry (seeds 001 §7 common/updateEntry). */
  updateEntry: action({
    path: '/api/common/updateEntry',
    side: 'command',
    auth: 'admin',
    input: UpdateEntryInput,
    output: ReferenceEntry,
  }),
  /** The staff's paged list of one managed list (seeds 001 §7 common/getPreviousData). */
  getPreviousData: action({
    path: '/api/common/getPreviousData',
    side: 'query',
    auth: ['admin', 'finance', 'support', 'auditor', 'auctioneer'],
    input: PreviousDataInput,
    output: PreviousData,
  }),
  /** Every managed list in one answer, to anyone (seeds 001 §7 commonFunction/getAllDynamicArray). */
  getAllDynamicArray: action({
    path: '/api/commonFunction/getAllDynamicArray',
    side: 'query',
    auth: 'public',
    input: z.strictObject({}),
    output: DynamicArrays,
  }),
} as const;
