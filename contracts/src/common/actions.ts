import { z } from 'zod';
import { ExtraField } from '../accounts/registration.ts';
import { action } from '../action.ts';
import { MarketSettings } from '../bidding/bidding.ts';

/** seeds 000 §3.2 "Default data bundle": the parts the storefront uses so far. */
export const DefaultBundle = MarketSettings.extend({
  countries: z.array(z.object({ value: z.string(), count: z.number() })),
  regions: z.array(z.object({ country: z.string(), value: z.string(), count: z.number() })),
  subregions: z.array(
    z.object({ country: z.string(), region: z.string(), value: z.string(), count: z.number() }),
  ),
  wine_colors: z.array(z.string()),
  vintages: z.array(z.number()),
  bottle_sizes: z.array(z.string()),
});
export type DefaultBundle = z.infer<typeof DefaultBundle>;

/** What the storefront loads at start (seeds 000 §3.2, 001 "Dynamic form field"). */
export const commonActions = {
  /** The merchant's extra registration questions (seeds 001 "Dynamic form field"). */
  registrationFields: action({
    path: '/api/common/getRegistrationFields',
    side: 'query',
    auth: 'public',
    input: z.strictObject({}),
    output: z.object({ fields: z.array(ExtraField) }),
  }),
  getDefault: action({
    path: '/api/common/getDefault',
    side: 'query',
    auth: 'public',
    input: z.strictObject({}),
    output: DefaultBundle,
  }),
} as const;
