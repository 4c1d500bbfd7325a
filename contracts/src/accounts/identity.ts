import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { plainText } from '../text.ts';
import { AddressFields, atMost, required, UserId } from './fields.ts';
import { accountMessages } from './messages.ts';

/** seeds 001 §7 runKycCheck: the identity check; the data goes to the KYC provider, not to the log. */
export const RunKycCheckInput = z.strictObject({
  date_of_birth: z.iso.date(lazy(() => t('account.dateFormat'))),
  ...AddressFields,
  country: plainText(() => t('labels.country'))
    .min(2)
    .max(60)
    .default('US'),
});
export const RequestBidLimitInput = z.strictObject({
  /** Cents (DOMAIN.md "Money"). */
  amount: z
    .number()
    .int(lazy(() => t('account.wholeCents')))
    .min(100)
    .max(100_000_000),
});
export const ApproveBidLimitInput = z.strictObject({
  id: UserId,
  /** Cents; the requested amount when omitted. */
  amount: z
    .number()
    .int(lazy(() => t('account.wholeCents')))
    .min(100)
    .max(100_000_000)
    .optional(),
});

/** Issue 34: an identity checked by hand: verified or not, and the reference of the documents seen. */
export const IdentityVerifiedInput = z.strictObject({
  id: UserId,
  verified: z.boolean(),
  reference: plainText(() => t('labels.reference'), required)
    .min(1, required)
    .max(100, atMost(100)),
});

/** Issue 34: why an admin refuses a raise (the bidder reads it in their mail). */
export const RefuseBidLimitInput = z.strictObject({
  id: UserId,
  reason: plainText(() => t('labels.reason'), required)
    .min(1, required)
    .max(500, atMost(500)),
});

const OwnerFields = {
  name: plainText(() => t('labels.name'), required)
    .min(1, required)
    .max(200, atMost(200)),
  title: plainText(() => t('labels.title'))
    .max(100, atMost(100))
    .default(''),
  email: z.union([z.literal(''), z.email(lazy(() => accountMessages.invalidEmail))]).default(''),
  ownership_percent: z
    .number()
    .int()
    .min(
      1,
      lazy(() => t('account.atLeastPercent')),
    )
    .max(
      100,
      lazy(() => t('account.atMostPercent')),
    ),
};
/** seeds 001 §7 addCompanyOwner / updateCompanyOwner / removeCompanyOwner. */
export const AddCompanyOwnerInput = z.strictObject(OwnerFields);
export const UpdateCompanyOwnerInput = z.strictObject({
  id: z.string().regex(/^[\w-]{1,64}$/),
  ...OwnerFields,
});
export const RemoveCompanyOwnerInput = z.strictObject({ id: z.string().regex(/^[\w-]{1,64}$/) });
export const CompanyOwnerRecord = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  email: z.string(),
  ownership_percent: z.number(),
});
export type CompanyOwnerRecord = z.infer<typeof CompanyOwnerRecord>;
export const CompanyOwnerList = z.object({ records: z.array(CompanyOwnerRecord) });
