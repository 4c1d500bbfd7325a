import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';

/** The most events one page of a history holds: a hot lot can have thousands of bids. */
export const HISTORY_PAGE_MAX = 500;
export const HISTORY_PAGE_DEFAULT = 100;

const Id = z
  .string()
  .trim()
  .min(
    1,
    lazy(() => t('audit.idRequired')),
  )
  .max(64);

/** An instant with its offset (`2026-11-22T12:00:00Z`): the state as the books stood then. */
const AsOf = z.iso.datetime({ offset: true, ...lazy(() => t('audit.asOfFormat')) });

/**
 * DOMAIN.md "Audit", "Replay a lot": one page of a lot's or an invoice's events, from the stream's
 * revision `from`, and the state as of `asOf` (the latest state when it is left out).
 */
export const HistoryInput = z.strictObject({
  id: Id,
  asOf: AsOf.optional(),
  from: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
});
export type HistoryInput = z.input<typeof HistoryInput>;

/** The settings' history (issue 34): one stream, `house`, so its id may be left out. */
export const SettingsHistoryInput = HistoryInput.extend({ id: z.literal('house').default('house') });
export type SettingsHistoryInput = z.input<typeof SettingsHistoryInput>;

/** The whole history for evidence, as CSV (one row per event) or JSON (with every state). */
export const HistoryExportInput = z.strictObject({
  id: Id,
  asOf: AsOf.optional(),
  format: z.enum(['csv', 'json']),
});
export type HistoryExportInput = z.input<typeof HistoryExportInput>;

export const SettingsHistoryExportInput = HistoryExportInput.extend({
  id: z.literal('house').default('house'),
});
