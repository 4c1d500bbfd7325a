import type { ReferenceList } from '@wine/contracts';

/*
 * Issue 38 §5: what the staff's editor of the managed lists shows, in the words of its own texts
 * (i18n/reference-data.*.ts). Plain data, so the route's search check does not load the screen.
 */

/** The lists, in the order the screen offers them (contracts' referenceLists). */
export const referenceTables = [
  'categories',
  'conditions',
  'locations',
] as const satisfies readonly ReferenceList[];

/** The screen's state in the URL: the list, its page and the name searched for. */
export interface ReferenceDataView {
  table: ReferenceList;
  page: number;
  q?: string | undefined;
}

export const listLabels = {
  categories: 'ui.referenceData.list_categories',
  conditions: 'ui.referenceData.list_conditions',
  locations: 'ui.referenceData.list_locations',
} as const satisfies Record<ReferenceList, `ui.${string}`>;

/** Each list's levels by level_id (contracts' referenceLevels), as the screen names them. */
export const levelLabels = {
  categories: [
    'ui.referenceData.level_categories_0',
    'ui.referenceData.level_categories_1',
    'ui.referenceData.level_categories_2',
  ],
  conditions: ['ui.referenceData.level_conditions_0'],
  locations: [
    'ui.referenceData.level_locations_0',
    'ui.referenceData.level_locations_1',
    'ui.referenceData.level_locations_2',
  ],
} as const satisfies Record<ReferenceList, readonly `ui.${string}`[]>;

/** Whether a list has levels (a hierarchy) the screen asks for and shows. */
export const hasLevels = (table: ReferenceList): boolean => levelLabels[table].length > 1;

type LevelKey = (typeof levelLabels)[ReferenceList][number];

export const levelLabel = (table: ReferenceList, levelId: number): LevelKey | 'ui.referenceData.level' =>
  (levelLabels[table] as readonly LevelKey[])[levelId] ?? 'ui.referenceData.level';
