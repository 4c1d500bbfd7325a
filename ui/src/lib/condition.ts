import type { CapsuleConditions, FillLevels, LabelConditions, Packings } from '@wine/contracts';

type Code<T extends readonly string[]> = T[number];

/** The words of each code of a wine's condition record (issue 33), as the lot page and the editor show them. */
export const fillLevelKeys = {
  hf: 'ui.lot.fill_hf',
  in: 'ui.lot.fill_in',
  ts: 'ui.lot.fill_ts',
  hs: 'ui.lot.fill_hs',
  ms: 'ui.lot.fill_ms',
  lms: 'ui.lot.fill_lms',
  ls: 'ui.lot.fill_ls',
} as const satisfies Record<Code<typeof FillLevels>, string>;

export const labelConditionKeys = {
  clean: 'ui.lot.label_clean',
  lightly_soiled: 'ui.lot.label_lightly_soiled',
  soiled: 'ui.lot.label_soiled',
  stained: 'ui.lot.label_stained',
  scuffed: 'ui.lot.label_scuffed',
  torn: 'ui.lot.label_torn',
  missing: 'ui.lot.label_missing',
} as const satisfies Record<Code<typeof LabelConditions>, string>;

export const capsuleConditionKeys = {
  intact: 'ui.lot.capsule_intact',
  nicked: 'ui.lot.capsule_nicked',
  corroded: 'ui.lot.capsule_corroded',
  cut: 'ui.lot.capsule_cut',
  missing: 'ui.lot.capsule_missing',
} as const satisfies Record<Code<typeof CapsuleConditions>, string>;

export const packingKeys = {
  owc: 'ui.lot.packing_owc',
  oc: 'ui.lot.packing_oc',
  none: 'ui.lot.packing_none',
} as const satisfies Record<Code<typeof Packings>, string>;
