import type {
  CreateInvestmentOrderInput,
  InvestorDetails,
  LinkBankInput,
  OnboardEntityInput,
  OnboardIndividualInput,
  UploadInvestingDocumentInput,
} from '@wine/contracts';
import { investorStream } from '@wine/event-schemas';
import {
  AppError,
  type Clock,
  InvestingError,
  type InvestingService,
  type InvestorAddress,
  type Logger,
  type NewIndividualInvestor,
} from '@wine/platform';
import type { z } from 'zod';
import type { RequestContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { actorOf, type Session } from '../users/user-service.ts';
import { type Investor, type InvestorCommand, investorDecider, investorMayInvest } from './investor.ts';

export interface InvestingDeps {
  streams: Streams;
  clock: Clock;
  investing: InvestingService;
  /** The offering the house sells units of. */
  offering: { id: string; name: string; unitPrice: number };
  logger: Logger;
}

type Person = z.output<typeof OnboardIndividualInput>;

const addressOf = (a: { address1: string; city: string; state: string; zip: string }): InvestorAddress => ({
  address1: a.address1,
  city: a.city,
  state: a.state,
  zip: a.zip,
  country: 'USA',
});
const personOf = (p: Person): NewIndividualInvestor => ({
  firstName: p.first_name,
  lastName: p.last_name,
  email: p.email,
  dateOfBirth: p.dob,
  domicile: p.domicile,
  address: addressOf(p),
  ...(p.ssn && { ssn: p.ssn }),
});

/**
 * Investor onboarding (issue 35 §3; seeds 001 §7 paymentThird/northcapital) through the investing port
 * (North Capital's Transact API, or its sandbox): the investor's own profile, documents, bank and
 * orders, recorded on their `investor-<id>` stream as the service answered. Personal data (SSN, date
 * of birth, address, whole account numbers) goes to the service and is never recorded.
 */
export function investingService(deps: InvestingDeps) {
  const { streams, clock, investing } = deps;
  const load = (userId: string) => streams.load(investorStream(userId), investorDecider);
  /** The service's refusal in its words (400), its silence as unavailable (503); never a 500. */
  const refused = (error: unknown): never => {
    if (error instanceof InvestingError) {
      if (error.reason === 'not_approved') throw new AppError('INVESTOR_NOT_APPROVED');
      if (error.reason === 'unavailable' || error.reason === 'unauthorized') {
        deps.logger.error({ reason: error.reason }, 'the investing service did not answer');
        throw new AppError('INVESTING_UNAVAILABLE');
      }
      throw new AppError('INVESTING_REFUSED', { params: { reason: error.message.slice(0, 200) } });
    }
    throw error;
  };
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      return refused(error);
    }
  };
  async function record(session: Session, command: InvestorCommand, request: RequestContext, step: string) {
    await streams.handle(investorStream(session.user.id), investorDecider, command, {
      commandId: `${request.commandId}:${step}`,
      correlationId: request.correlationId,
      actor: actorOf(session),
      now: clock.now(),
    });
  }
  const notYet = async (session: Session) => {
    if ((await load(session.user.id)).status === 'onboarded') throw new AppError('INVESTOR_ONBOARDED');
  };
  const onboarded = async (session: Session) => {
    const state = await load(session.user.id);
    if (state.status === 'none') throw new AppError('INVESTOR_NOT_ONBOARDED');
    return state;
  };

  function details(state: Investor): InvestorDetails {
    const offering = { id: deps.offering.id, name: deps.offering.name, unit_price: deps.offering.unitPrice };
    if (state.status === 'none') {
      return {
        onboarded: false,
        kind: null,
        name: null,
        owners: [],
        accreditation: 'none',
        documents: [],
        bank: null,
        orders: [],
        offering,
        may_invest: false,
      };
    }
    return {
      onboarded: true,
      kind: state.profile.kind,
      name: state.profile.name,
      owners: state.profile.owners.map((o) => ({ name: o.name, kyc: o.kyc })),
      accreditation: state.accreditation,
      documents: state.documents.map((d) => ({ file_name: d.fileName, at: d.at })),
      bank: state.bank
        ? {
            holder_name: state.bank.holderName,
            account_last4: state.bank.accountLast4,
            account_type: state.bank.accountType,
          }
        : null,
      orders: Object.entries(state.orders)
        .map(([tradeId, o]) => ({
          trade_id: tradeId,
          units: o.units,
          amount: o.amount,
          status: o.status,
          at: o.at,
        }))
        .sort((a, b) => b.at.localeCompare(a.at)),
      offering,
      may_invest: investorMayInvest(state),
    };
  }
  const detailsOf = async (session: Session) => details(await load(session.user.id));

  /** One person made a party at the service and checked (KYC). */
  async function party(person: Person) {
    const made = await call(() => investing.createIndividual(personOf(person)));
    const kyc = await call(() => investing.checkKyc(made.partyId));
    return { partyId: made.partyId, name: `${person.first_name} ${person.last_name}`, kyc };
  }

  return {
    details: detailsOf,

    async onboardIndividual(session: Session, input: Person, request: RequestContext) {
      await notYet(session);
      const owner = await party(input);
      const account = await call(() =>
        investing.openAccount({
          owner: owner.partyId,
          registration: owner.name,
          address: addressOf(input),
          email: input.email,
        }),
      );
      await record(
        session,
        {
          type: 'Onboard',
          profile: {
            kind: 'individual',
            name: owner.name,
            provider: investing.name,
            accountId: account.accountId,
            owners: [owner],
          },
        },
        request,
        'onboard',
      );
      return detailsOf(session);
    },

    async onboardEntity(
      session: Session,
      input: z.output<typeof OnboardEntityInput>,
      request: RequestContext,
    ) {
      await notYet(session);
      const owners: Awaited<ReturnType<typeof party>>[] = [];
      for (const person of input.owners) owners.push(await party(person));
      const account = await call(() =>
        investing.createEntity({
          name: input.entity_name,
          entityType: input.entity_type,
          email: input.email,
          address: addressOf(input),
          owners: owners.map((o) => o.partyId),
        }),
      );
      await record(
        session,
        {
          type: 'Onboard',
          profile: {
            kind: 'entity',
            name: input.entity_name,
            provider: investing.name,
            accountId: account.accountId,
            ...(account.entityId && { entityId: account.entityId }),
            owners,
          },
        },
        request,
        'onboard',
      );
      return detailsOf(session);
    },

    /** Accreditation evidence for the account, then the service's decision on it. */
    async uploadDocument(
      session: Session,
      input: z.output<typeof UploadInvestingDocumentInput>,
      request: RequestContext,
    ) {
      const state = await onboarded(session);
      const content = new Uint8Array(Buffer.from(input.content_base64, 'base64'));
      const accountId = state.profile.accountId;
      const document = await call(() =>
        investing.uploadDocument({
          owner: { kind: 'accreditation', accountId },
          fileName: input.file_name,
          contentType: input.content_type,
          content,
        }),
      );
      await record(
        session,
        {
          type: 'RecordDocument',
          documentId: document.documentId,
          fileName: input.file_name,
          bytes: content.length,
          at: clock.now().toISOString(),
        },
        request,
        'document',
      );
      // Transact answers a verification request as pending; its decision is read after it.
      await call(() => investing.requestAccreditation(accountId));
      const status = await call(() => investing.accreditation(accountId));
      await record(session, { type: 'RecordAccreditation', status }, request, 'accreditation');
      return { details: await detailsOf(session), status };
    },

    async linkBank(
      session: Session,
      input: z.output<typeof LinkBankInput>,
      request: RequestContext,
      ip: string,
    ) {
      const state = await onboarded(session);
      const linked = await call(() =>
        investing.linkBank(state.profile.accountId, {
          holderName: input.holder_name,
          nickname: 'Primary',
          routingNumber: input.routing_number,
          accountNumber: input.account_number,
          accountType: input.account_type,
          ipAddress: ip,
        }),
      );
      await record(
        session,
        {
          type: 'RecordBank',
          holderName: input.holder_name,
          accountLast4: linked.accountLast4,
          accountType: input.account_type,
        },
        request,
        'bank',
      );
      return { details: await detailsOf(session), last4: linked.accountLast4 };
    },

    /** An order of units of the house's offering: only once the investor may invest (one rule). */
    async order(
      session: Session,
      input: z.output<typeof CreateInvestmentOrderInput>,
      request: RequestContext,
      ip: string,
    ) {
      const state = await onboarded(session);
      if (!investorMayInvest(state)) throw new AppError('INVESTOR_NOT_APPROVED');
      const made = await call(() =>
        investing.createOrder({
          accountId: state.profile.accountId,
          offeringId: deps.offering.id,
          units: input.units,
          paymentMethod: 'ACH',
          ipAddress: ip,
        }),
      );
      await record(
        session,
        {
          type: 'RecordOrder',
          tradeId: made.tradeId,
          offeringId: made.offeringId,
          units: made.units,
          amount: made.amount,
          at: clock.now().toISOString(),
        },
        request,
        'order',
      );
      return detailsOf(session);
    },

    /** The investor cancels an order not yet funded (Transact deletes, i.e. cancels, a created trade). */
    async cancel(session: Session, tradeId: string, request: RequestContext) {
      const state = await onboarded(session);
      if (!state.orders[tradeId]) throw new AppError('TRADE_NOT_FOUND');
      const order = await call(() => investing.cancelOrder(tradeId));
      if (order.status !== 'canceled')
        throw new AppError('INVESTING_REFUSED', { params: { reason: order.status } });
      await record(session, { type: 'RecordOrderMove', tradeId, status: 'canceled' }, request, 'cancel');
      return detailsOf(session);
    },
  };
}

export type InvestingProductService = ReturnType<typeof investingService>;
