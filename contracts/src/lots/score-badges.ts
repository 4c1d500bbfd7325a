import type { LotDocument } from './lot-document.ts';

/**
 * seeds 000 §2.7 score badges: label and read-model field. Apart from the schemas (lot-document.ts),
 * so a lot card does not load zod with them (issue 11).
 */
export const scoreBadges = [
  ['WS', 'custitem_gvo_ws'],
  ['BH', 'custitem_gvo_ratingtextbhscore'],
  ['IWC', 'custitem_gvo_ratingtextiwcscore'],
  ['JS', 'custitem_gvo_ratingtextjsscore'],
  ['VM', 'custitem_gvo_ratingtextvmrating'],
  ['WA', 'custitem_gvo_wa'],
  ['JD', 'custitem2'],
  ['JR', 'custitem3'],
  ['DM', 'custitemdm'],
  ['TWI', 'custitemtwi'],
] as const satisfies readonly (readonly [string, keyof LotDocument])[];
