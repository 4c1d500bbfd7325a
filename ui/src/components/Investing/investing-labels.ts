import type { InvestorDetails, InvestorHoldingsView, OnboardEntityInput } from '@wine/contracts';
import type { z } from 'zod';

type Owner = InvestorDetails['owners'][number];
type Order = InvestorDetails['orders'][number];
type Accreditation = InvestorDetails['accreditation'];
type Kind = NonNullable<InvestorDetails['kind']>;
export type Domicile = 'us_citizen' | 'us_resident' | 'non_resident';
export type EntityType = z.input<typeof OnboardEntityInput>['entity_type'];
export type AccountType = 'checking' | 'savings';

/** The words of each value the investor sees, as literal keys (the i18n checks read them). */
export const kindLabel = {
  individual: 'ui.investing.kind_individual',
  entity: 'ui.investing.kind_entity',
} as const satisfies Record<Kind, string>;

export const domicileLabel = {
  us_citizen: 'ui.investing.domicile_us_citizen',
  us_resident: 'ui.investing.domicile_us_resident',
  non_resident: 'ui.investing.domicile_non_resident',
} as const satisfies Record<Domicile, string>;

export const entityTypeLabel = {
  'Revocable Trust': 'ui.investing.entity_revocable',
  'Irrevocable Trust': 'ui.investing.entity_irrevocable',
  'Limited Partnership': 'ui.investing.entity_partnership',
  LLC: 'ui.investing.entity_llc',
  Corporation: 'ui.investing.entity_corporation',
} as const satisfies Record<EntityType, string>;

export const accountTypeLabel = {
  checking: 'ui.investing.account_checking',
  savings: 'ui.investing.account_savings',
} as const satisfies Record<AccountType, string>;

/** An owner's identity check (KYC), as a badge. */
export const kycLabel = {
  pending: { label: 'ui.investing.kyc_pending', color: 'yellow' },
  approved: { label: 'ui.investing.kyc_approved', color: 'green' },
  disapproved: { label: 'ui.investing.kyc_disapproved', color: 'red' },
} as const satisfies Record<Owner['kyc'], { label: string; color: string }>;

export const accreditationLabel = {
  none: { label: 'ui.investing.accreditation_none', color: 'gray' },
  pending: { label: 'ui.investing.accreditation_pending', color: 'yellow' },
  accredited: { label: 'ui.investing.accreditation_accredited', color: 'green' },
  not_accredited: { label: 'ui.investing.accreditation_not_accredited', color: 'red' },
} as const satisfies Record<Accreditation, { label: string; color: string }>;

/** An order's status, as a badge. */
export const orderStatusLabel = {
  created: { label: 'ui.investing.order_created', color: 'blue' },
  funded: { label: 'ui.investing.order_funded', color: 'teal' },
  settled: { label: 'ui.investing.order_settled', color: 'green' },
  canceled: { label: 'ui.investing.order_canceled', color: 'gray' },
} as const satisfies Record<Order['status'], { label: string; color: string }>;

/**
 * An order paid from here whose money North Capital has not received yet: its trade is still
 * `created` there, which would read as if nothing was paid.
 */
export const awaitingFundsLabel = { label: 'ui.investing.order_awaiting_funds', color: 'orange' } as const;

/** The badge of an order as the investor sees it: the trade's status, or awaiting funds once paid. */
export const orderBadge = (order: { status: Order['status']; payment: unknown }) =>
  order.payment && order.status === 'created' ? awaitingFundsLabel : orderStatusLabel[order.status];

/** A bid as the service has it: the order's statuses, and the two of funds returned from its dashboard. */
export const holdingStatusLabel = {
  ...orderStatusLabel,
  unwind_pending: { label: 'ui.investing.order_unwind_pending', color: 'orange' },
  unwind_settled: { label: 'ui.investing.order_unwind_settled', color: 'gray' },
} as const satisfies Record<
  z.output<typeof InvestorHoldingsView>['bids'][number]['status'],
  { label: string; color: string }
>;

/** The suitability scales' words, 1 to 5, as the questionnaire offers them. */
export const riskLabel = {
  1: 'ui.investing.risk_1',
  2: 'ui.investing.risk_2',
  3: 'ui.investing.risk_3',
  4: 'ui.investing.risk_4',
  5: 'ui.investing.risk_5',
} as const;
export const experienceLabel = {
  1: 'ui.investing.experience_1',
  2: 'ui.investing.experience_2',
  3: 'ui.investing.experience_3',
  4: 'ui.investing.experience_4',
  5: 'ui.investing.experience_5',
} as const;
export type Objective = 'preservation' | 'balanced' | 'growth';
export const objectiveLabel = {
  preservation: 'ui.investing.objective_preservation',
  balanced: 'ui.investing.objective_balanced',
  growth: 'ui.investing.objective_growth',
} as const satisfies Record<Objective, string>;

export const cardBrandLabel: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  discover: 'Discover',
};

/** Whose documents the service keeps: the account's evidence, the primary owner's, the entity's. */
export type DocumentsOf = 'accreditation' | 'party' | 'entity';
export const documentsOfLabel = {
  accreditation: 'ui.investing.docsOf_accreditation',
  party: 'ui.investing.docsOf_party',
  entity: 'ui.investing.docsOf_entity',
} as const satisfies Record<DocumentsOf, string>;

/**
 * The friendly words under a field the contract's schema refused, by the field's name (the schema has
 * the last word on what is valid; its own messages are zod's, written for developers).
 */
export const fieldProblem = {
  first_name: 'ui.investing.errRequired',
  last_name: 'ui.investing.errRequired',
  entity_name: 'ui.investing.errRequired',
  address1: 'ui.investing.errRequired',
  city: 'ui.investing.errRequired',
  holder_name: 'ui.investing.errRequired',
  email: 'ui.investing.errEmail',
  dob: 'ui.investing.errDob',
  domicile: 'ui.investing.errChoose',
  entity_type: 'ui.investing.errChoose',
  account_type: 'ui.investing.errChoose',
  state: 'ui.investing.errState',
  zip: 'ui.investing.errZip',
  ssn: 'ui.investing.errSsn',
  routing_number: 'ui.investing.errRouting',
  account_number: 'ui.investing.errAccount',
  units: 'ui.investing.errUnits',
  name_on_card: 'ui.investing.errRequired',
  card_number: 'ui.investing.errCardNumber',
  exp_month: 'ui.investing.errExpMonth',
  exp_year: 'ui.investing.errExpYear',
  cvv: 'ui.investing.errCvc',
  risk_profile: 'ui.investing.errChoose',
  investment_experience: 'ui.investing.errChoose',
  private_offering_experience: 'ui.investing.errChoose',
  time_horizon_years: 'ui.investing.errHorizon',
} as const;

/** How a paid order was paid, in the investor's words. */
export const payWayLabel = {
  ach: 'ui.investing.way_ach',
  card: 'ui.investing.way_card',
} as const satisfies Record<NonNullable<Order['payment']>['method'], string>;

/** Only an order not yet funded, nor paid through North Capital, can be cancelled (deleteTrade). */
export const isCancellable = (order: Order): boolean => order.status === 'created' && !order.payment;
/** An order just placed and not yet paid is paid through North Capital (northcapital_payment). */
export const isPayable = (order: Order): boolean => order.status === 'created' && !order.payment;
/** An order not yet settled or cancelled has subscription documents to sign (resendDocuSign). */
export const isOpen = (order: Order): boolean => order.status === 'created' || order.status === 'funded';
