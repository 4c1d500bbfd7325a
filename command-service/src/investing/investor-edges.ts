import type {
  InvestingDocumentsInput,
  InvestorCardInput,
  InvestorHoldingsView,
  SuitabilityInput,
  SuitabilityRecord,
  UpdateIndividualInput,
} from '@wine/contracts';
import type { InvestorEvent } from '@wine/event-schemas';
import type {
  IndividualInvestorChange,
  InvestingDocumentOwner,
  InvestorCardDetails,
  InvestorHoldings,
  InvestorSuitability,
} from '@wine/platform';
import type { z } from 'zod';
import { assertEntity, type Investor } from './investor.ts';

/**
 * The mapping at the edge between the actions' fields (the seeds' snake_case) and the investing port's
 * words, both ways: pure, so what reaches the service and what is recorded can be read side by side.
 */

type Change = z.output<typeof UpdateIndividualInput>;
type Changed = Extract<InvestorEvent, { type: 'InvestorPartyUpdated' }>['data']['changed'][number];
type KeptSuitability = Extract<InvestorEvent, { type: 'InvestorSuitabilityRecorded' }>['data'];

/** Which details a correction changes, by name (what the log records: never the values). */
export function changedDetails(change: Change): Changed[] {
  const changed: Changed[] = [];
  if (change.first_name !== undefined || change.last_name !== undefined) changed.push('name');
  if (change.email !== undefined) changed.push('email');
  if (change.dob !== undefined) changed.push('dob');
  if (change.domicile !== undefined) changed.push('domicile');
  if (change.address1 !== undefined) changed.push('address');
  if (change.ssn !== undefined) changed.push('ssn');
  return changed;
}

/** The correction in the port's words; the address whole (the contract asks all of it or none). */
export function individualChangeOf(change: Change): IndividualInvestorChange {
  const { address1, city, state, zip } = change;
  return {
    ...(change.first_name !== undefined && { firstName: change.first_name }),
    ...(change.last_name !== undefined && { lastName: change.last_name }),
    ...(change.email !== undefined && { email: change.email }),
    ...(change.dob !== undefined && { dateOfBirth: change.dob }),
    ...(change.domicile !== undefined && { domicile: change.domicile }),
    ...(change.ssn !== undefined && { ssn: change.ssn }),
    ...(address1 !== undefined &&
      city !== undefined &&
      state !== undefined &&
      zip !== undefined && { address: { address1, city, state, zip, country: 'USA' } }),
  };
}

/** Transact's sentences for the objective (calculateSuitability's investmentObjective). */
const objectiveForService = {
  preservation: 'Primarily on Capital Preservation',
  balanced: 'Both Capital Preservation and Growth',
  growth: 'Primarily Focused on growth',
} as const;

type Scale = InvestorSuitability['riskProfile'];
/** The contract keeps each scale within 1 to 5. */
const scale = (value: number) => value as Scale;

/** The answers as the service takes them, and as the log keeps them: the same answers, nothing more. */
export function suitabilityOf(input: z.output<typeof SuitabilityInput>): {
  forService: InvestorSuitability;
  kept: KeptSuitability;
} {
  return {
    forService: {
      riskProfile: scale(input.risk_profile),
      investmentExperience: scale(input.investment_experience),
      privateOfferingExperience: scale(input.private_offering_experience),
      ...(input.time_horizon_years !== undefined && { timeHorizonYears: input.time_horizon_years }),
      ...(input.objective && { investmentObjective: objectiveForService[input.objective] }),
    },
    kept: {
      riskProfile: input.risk_profile,
      investmentExperience: input.investment_experience,
      privateOfferingExperience: input.private_offering_experience,
      ...(input.time_horizon_years !== undefined && { timeHorizonYears: input.time_horizon_years }),
      ...(input.objective && { objective: input.objective }),
    },
  };
}

export const suitabilityView = (kept: KeptSuitability): z.output<typeof SuitabilityRecord> => ({
  risk_profile: kept.riskProfile,
  investment_experience: kept.investmentExperience,
  private_offering_experience: kept.privateOfferingExperience,
  time_horizon_years: kept.timeHorizonYears ?? null,
  objective: kept.objective ?? null,
});

/**
 * Whose documents: the account's accreditation evidence (what uploadPartyDocument gives), the primary
 * owner's party, or the entity (an entity investor's only).
 */
export function documentOwnerOf(
  state: Extract<Investor, { status: 'onboarded' }>,
  of: z.output<typeof InvestingDocumentsInput>['of'],
): InvestingDocumentOwner {
  if (of === 'accreditation') return { kind: 'accreditation', accountId: state.profile.accountId };
  if (of === 'entity') return { kind: 'entity', entityId: assertEntity(state) };
  const primary = state.profile.owners[0];
  // An onboarded profile has one owner at least (InvestorOnboarded's schema).
  return { kind: 'party', partyId: primary?.partyId ?? '' };
}

/** The card for the service's one call; the caller drops it when the call returns. */
export const cardOf = (input: z.output<typeof InvestorCardInput>, ip: string): InvestorCardDetails => ({
  nameOnCard: input.name_on_card,
  number: input.card_number,
  expMonth: input.exp_month,
  expYear: input.exp_year,
  cvc: input.cvv,
  ipAddress: ip,
});

export const holdingsView = (holdings: InvestorHoldings): z.output<typeof InvestorHoldingsView> => ({
  bids: holdings.bids.map((bid) => ({
    trade_id: bid.tradeId,
    offering_id: bid.offeringId,
    units: bid.units,
    amount: bid.amount,
    status: bid.status,
    at: bid.createdAt,
  })),
  totals: {
    created: holdings.totals.created,
    funded: holdings.totals.funded,
    settled: holdings.totals.settled,
    settled_units: holdings.totals.settledUnits,
  },
});
