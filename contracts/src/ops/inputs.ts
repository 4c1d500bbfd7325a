import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { multilineText } from '../text.ts';

/** A projection's name as the runner knows it (lots, bids, users...). */
export const ProjectionName = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9][a-z0-9-]*$/);

export const ProjectionInput = z.strictObject({ projection: ProjectionName });
export type ProjectionInput = z.input<typeof ProjectionInput>;

/** Skipping names the event the projection stopped at (so a skip never lands on another) and says why. */
export const SkipEventInput = z.strictObject({
  projection: ProjectionName,
  eventId: z.string().trim().min(1).max(100),
  reason: multilineText(() => t('ops.reasonLabel'))
    .max(
      500,
      lazy(() => t('ops.reasonLength')),
    )
    .min(
      1,
      lazy(() => t('ops.reasonRequired')),
    ),
});
export type SkipEventInput = z.input<typeof SkipEventInput>;

/** One stream of the log, by its name (`lot-<id>`, `user-<id>`...). */
export const ReplayStreamInput = z.strictObject({
  stream: z
    .string()
    .trim()
    .min(3)
    .max(300)
    .regex(/^[a-z][a-z-]*-\S+$/),
});
export type ReplayStreamInput = z.input<typeof ReplayStreamInput>;
