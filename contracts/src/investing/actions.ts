import { z } from 'zod';
import { action } from '../action.ts';
import { textsOf } from '../i18n/index.ts';

/** The investing messages, in the request's language (issue 35 §3). */
export const investingMessages = textsOf('investing');

const Name = z.string().trim().min(1).max(100);
const Day = z.iso.date();
const Domicile = z.enum(['us_citizen', 'us_resident', 'non_resident']);
const Address = {
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
const Person = z.strictObject({
  first_name: Name,
  last_name: Name,
  email: z.email(),
  dob: Day,
  domicile: Domicile,
  ...Address,
  /** For the service's KYC check only: passed through, never kept (xxx-xx-xxxx). */
  ssn: z
    .string()
    .regex(/^\d{3}-\d{2}-\d{4}$/)
    .optional(),
});

export const OnboardIndividualInput = Person;
export const OnboardEntityInput = z.strictObject({
  entity_name: z.string().trim().min(1).max(200),
  entity_type: z.enum(['Revocable Trust', 'Irrevocable Trust', 'Limited Partnership', 'LLC', 'Corporation']),
  email: z.email(),
  ...Address,
  /** The owners, each checked (KYC) as an individual; the first is the primary one. */
  owners: z.array(Person).min(1).max(4),
});
/** Accreditation evidence for the investor's account, as a file (base64, up to 600 kB). */
export const UploadInvestingDocumentInput = z.strictObject({
  file_name: z
    .string()
    .trim()
    .regex(/^[\w .()-]{1,120}\.(pdf|png|jpe?g)$/i),
  content_type: z.enum(['application/pdf', 'image/png', 'image/jpeg']),
  content_base64: z
    .string()
    .min(1)
    .max(800_000)
    .regex(/^[A-Za-z0-9+/]+=*$/),
});
export const LinkBankInput = z.strictObject({
  holder_name: Name,
  routing_number: z.string().regex(/^\d{9}$/),
  account_number: z.string().regex(/^\d{4,17}$/),
  account_type: z.enum(['checking', 'savings']),
});
export const CreateInvestmentOrderInput = z.strictObject({
  units: z.number().int().min(1).max(100_000),
});
export const TradeInput = z.strictObject({ trade_id: z.string().min(1).max(64) });

export const InvestorStatus = z.enum(['pending', 'approved', 'disapproved']);
export const AccreditationStatus = z.enum(['none', 'pending', 'accredited', 'not_accredited']);
export const InvestmentOrderRecord = z.object({
  trade_id: z.string(),
  units: z.number(),
  amount: z.number(),
  status: z.enum(['created', 'funded', 'settled', 'canceled']),
  at: z.string(),
});
/** What the investor (and an admin) sees of their onboarding: never an SSN, an account number whole. */
export const InvestorDetails = z.object({
  onboarded: z.boolean(),
  kind: z.enum(['individual', 'entity']).nullable(),
  name: z.string().nullable(),
  owners: z.array(z.object({ name: z.string(), kyc: InvestorStatus })),
  accreditation: AccreditationStatus,
  documents: z.array(z.object({ file_name: z.string(), at: z.string() })),
  bank: z.object({ holder_name: z.string(), account_last4: z.string(), account_type: z.string() }).nullable(),
  orders: z.array(InvestmentOrderRecord),
  /** The offering and its price a unit (cents), as the house offers it. */
  offering: z.object({ id: z.string(), name: z.string(), unit_price: z.number() }),
  /** Money moves only once every owner's KYC is approved and the account accredited. */
  may_invest: z.boolean(),
});
export type InvestorDetails = z.infer<typeof InvestorDetails>;

/** Issue 35 §3 (seeds 001 §7 paymentThird/northcapital): investor onboarding through North Capital. */
export const investingActions = {
  onBoardIndividual: action({
    path: '/api/paymentThird/northcapital/onBoardIndividual',
    side: 'command',
    auth: 'user',
    input: OnboardIndividualInput,
    output: InvestorDetails,
  }),
  onBoardEntity: action({
    path: '/api/paymentThird/northcapital/onBoardEntity',
    side: 'command',
    auth: 'user',
    input: OnboardEntityInput,
    output: InvestorDetails,
  }),
  uploadPartyDocument: action({
    path: '/api/paymentThird/northcapital/uploadPartyDocument',
    side: 'command',
    auth: 'user',
    input: UploadInvestingDocumentInput,
    output: InvestorDetails,
  }),
  linkExternalAccount: action({
    path: '/api/paymentThird/northcapital/linkExternalAccount',
    side: 'command',
    money: true,
    auth: 'user',
    input: LinkBankInput,
    output: InvestorDetails,
  }),
  createOrder: action({
    path: '/api/paymentThird/northcapital/createOrder',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: CreateInvestmentOrderInput,
    output: InvestorDetails,
  }),
  deleteTrade: action({
    path: '/api/paymentThird/northcapital/deleteTrade',
    side: 'command',
    money: true,
    auth: 'user',
    input: TradeInput,
    output: InvestorDetails,
  }),
  getUserDetails: action({
    path: '/api/paymentThird/northcapital/getUserDetails',
    side: 'command',
    auth: 'user',
    input: z.strictObject({}),
    output: InvestorDetails,
  }),
} as const;

/** Issue 35 §3 "an admin view": every investor with their checks, bank and orders, for admins. */
export const StaffInvestor = z.object({
  user_id: z.string(),
  kind: z.enum(['individual', 'entity']),
  name: z.string(),
  owners: z.array(z.object({ name: z.string(), kyc: InvestorStatus })),
  accreditation: AccreditationStatus,
  bank_last4: z.string().nullable(),
  orders: z.number(),
  /** Cents ordered and not cancelled. */
  ordered: z.number(),
  onboarded_at: z.string(),
});
export type StaffInvestor = z.infer<typeof StaffInvestor>;

export const staffInvestingActions = {
  adminInvestors: action({
    path: '/api/admin/investors',
    side: 'query',
    auth: 'admin',
    input: z.strictObject({}),
    output: z.object({ records: z.array(StaffInvestor), totalRecords: z.number() }),
  }),
} as const;
