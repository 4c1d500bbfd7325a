import { z } from 'zod';
import { t } from '../i18n/index.ts';

/**
 * The investor's fields as the actions take them (seeds 001 §7 paymentThird/northcapital), shared by
 * onboarding and by what the investor keeps at the service afterwards: their party's details, the
 * suitability answers, documents, the bank account, the card, holdings, and the staff's settlement.
 */

export const InvestorName = z.string().trim().min(1).max(100);
export const InvestorDay = z.iso.date();
export const InvestorDomicile = z.enum(['us_citizen', 'us_resident', 'non_resident']);
export const investorAddressFields = {
  address1: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(100),
  state: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/),
};
/** For the service's KYC check only: passed through, never kept (xxx-xx-xxxx). */
export const InvestorSsn = z.string().regex(/^\d{3}-\d{2}-\d{4}$/);
export const TradeId = z.string().min(1).max(64);

/**
 * The most owners an entity invests with: those it onboards with (onBoardEntity) and any added after
 * (linkEntityOwner, refused by the investor's decider once the entity has them). The one place the cap
 * is written; the UI offers another owner only below it.
 */
export const entityOwnersMax = 4;

/** A person's fields the service checks (KYC) again when one changes; the e-mail alone does not. */
export const personDetails = ['first_name', 'last_name', 'email', 'dob', 'domicile', 'ssn'] as const;
export const addressDetails = ['address1', 'city', 'state', 'zip'] as const;

/**
 * updateIndividual: what an owner corrects of their party at the service, every field optional, at
 * least one given; an address is given whole (the service keeps one). `owner` is the owner's place in
 * the profile's list (0, the primary, by default: an individual's only one).
 */
export const UpdateIndividualInput = z
  .strictObject({
    owner: z
      .number()
      .int()
      .min(0)
      .max(entityOwnersMax - 1)
      .optional(),
    first_name: InvestorName.optional(),
    last_name: InvestorName.optional(),
    email: z.email().optional(),
    dob: InvestorDay.optional(),
    domicile: InvestorDomicile.optional(),
    address1: investorAddressFields.address1.optional(),
    city: investorAddressFields.city.optional(),
    state: investorAddressFields.state.optional(),
    zip: investorAddressFields.zip.optional(),
    ssn: InvestorSsn.optional(),
  })
  .superRefine((change, ctx) => {
    const given = [...personDetails, ...addressDetails].filter((field) => change[field] !== undefined);
    if (given.length === 0)
      ctx.addIssue({ code: 'custom', path: ['first_name'], message: t('investing.changeSomething') });
    const address = addressDetails.filter((field) => change[field] !== undefined);
    if (address.length > 0 && address.length < addressDetails.length) {
      for (const field of addressDetails.filter((f) => change[f] === undefined))
        ctx.addIssue({ code: 'custom', path: [field], message: t('investing.addressWhole') });
    }
  });

const Scale = z.number().int().min(1).max(5);
/** The investment objective, in the product's words (Transact's three sentences at the edge). */
export const InvestmentObjective = z.enum(['preservation', 'balanced', 'growth']);

/**
 * calculateSuitability: the three scales Transact requires (1 to 5) and, if the investor says, the
 * years until they need the money and their objective. Nothing free-form: a note could hold anything.
 */
export const SuitabilityInput = z.strictObject({
  risk_profile: Scale,
  investment_experience: Scale,
  private_offering_experience: Scale,
  time_horizon_years: z.number().int().min(0).max(50).optional(),
  objective: InvestmentObjective.optional(),
});
export const SuitabilityRecord = z.object({
  risk_profile: z.number(),
  investment_experience: z.number(),
  private_offering_experience: z.number(),
  time_horizon_years: z.number().nullable(),
  objective: InvestmentObjective.nullable(),
});

/** getuploadPartyDocument: whose documents, as the service keeps them. */
export const InvestingDocumentsInput = z.strictObject({
  of: z.enum(['accreditation', 'party', 'entity']),
});
export const InvestingDocumentRecord = z.object({
  document_id: z.string(),
  title: z.string(),
  file_name: z.string(),
  created_at: z.string(),
});
export const InvestingDocumentList = z.object({
  records: z.array(InvestingDocumentRecord),
  totalRecords: z.number(),
});

/** getExternalAccount: the linked bank as the service holds it, never its whole number. */
export const LinkedBankView = z.object({
  bank: z
    .object({
      holder_name: z.string(),
      nickname: z.string(),
      account_type: z.string(),
      account_last4: z.string(),
    })
    .nullable(),
});

/**
 * addCreditCard / updateCreditCard: the card as typed, for the service's one call only (Transact takes
 * the number itself). It is held in memory for that call and reaches no event, log or read model.
 */
export const InvestorCardInput = z.strictObject({
  name_on_card: InvestorName,
  card_number: z.string().regex(/^\d{13,19}$/),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int().min(2000).max(2099),
  cvv: z.string().regex(/^\d{3,4}$/),
});
export const CardBrand = z.enum(['visa', 'mastercard', 'discover']);
/** getCreditCard: brand, last four and expiry, nothing else. */
export const LinkedCardView = z.object({
  card: z
    .object({
      brand: CardBrand,
      last4: z.string(),
      exp_month: z.number(),
      exp_year: z.number(),
    })
    .nullable(),
});

export const HoldingStatus = z.enum([
  'created',
  'funded',
  'settled',
  'canceled',
  'unwind_pending',
  'unwind_settled',
]);
/** getStbids: the investor's security-token bids as the service has them, with their totals in cents. */
export const InvestorHoldingsView = z.object({
  bids: z.array(
    z.object({
      trade_id: z.string(),
      offering_id: z.string(),
      units: z.number(),
      amount: z.number(),
      status: HoldingStatus,
      at: z.string(),
    }),
  ),
  totals: z.object({
    created: z.number(),
    funded: z.number(),
    settled: z.number(),
    settled_units: z.number(),
  }),
});

/**
 * updateSettlement (finance or an admin): the order's next step, named so a repeat changes nothing:
 * `funded` once the money is in escrow, `settled` once it is released to the issuer.
 */
export const SettlementInput = z.strictObject({
  user_id: z.string().min(1).max(64),
  trade_id: TradeId,
  status: z.enum(['funded', 'settled']),
});
export const SettlementResult = z.object({ trade_id: z.string(), status: z.enum(['funded', 'settled']) });

/** getStAssetTotal (finance, admins): each offering's orders across investors, in cents, cancelled ones in none. */
export const OfferingTotal = z.object({
  offering_id: z.string(),
  investors: z.number(),
  orders: z.number(),
  created: z.number(),
  funded: z.number(),
  settled: z.number(),
  settled_units: z.number(),
});
export type OfferingTotal = z.infer<typeof OfferingTotal>;

/**
 * An order's payment as staff see it (northcapital_payment's confirmation): how and how much North
 * Capital was asked to move, its reference there and the fund move's status when it answered.
 */
export const StaffInvestmentPayment = z.object({
  method: z.enum(['ach', 'card']),
  amount: z.number(),
  reference: z.string(),
  fund_status: z.string(),
  paid_at: z.string(),
});
export type StaffInvestmentPayment = z.infer<typeof StaffInvestmentPayment>;

/** The orders staff move to funded and settled (/admin/investors), newest first. */
export const StaffInvestmentOrder = z.object({
  user_id: z.string(),
  name: z.string(),
  trade_id: z.string(),
  offering_id: z.string(),
  units: z.number(),
  amount: z.number(),
  status: z.enum(['created', 'funded', 'settled', 'canceled']),
  at: z.string(),
  /** Paid by the investor through North Capital (what to check before marking it funded); null before. */
  payment: StaffInvestmentPayment.nullable(),
});
export type StaffInvestmentOrder = z.infer<typeof StaffInvestmentOrder>;
