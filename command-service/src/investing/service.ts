import type {
  CreateInvestmentOrderInput,
  EntityOwnerInput,
  InvestingDocumentsInput,
  InvestmentPaymentConfirmation,
  InvestmentPaymentInput,
  InvestorCardInput,
  InvestorDetails,
  LinkBankInput,
  OnboardEntityInput,
  OnboardIndividualInput,
  SettlementInput,
  SuitabilityInput,
  UpdateIndividualInput,
  UploadInvestingDocumentInput,
} from '@wine/contracts';
import { type Actor, investorStream } from '@wine/event-schemas';
import {
  AppError,
  type Clock,
  fundMoveProblem,
  type InvestingDocumentOwner,
  InvestingError,
  type InvestingService,
  type InvestmentFundMove,
  type InvestorAddress,
  type Logger,
  type NewIndividualInvestor,
} from '@wine/platform';
import type { z } from 'zod';
import type { RequestContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { refuseOwnMoneyRecord } from '../core/separation-of-duties.ts';
import { actorOf, type Session } from '../users/user-service.ts';
import {
  assertBank,
  assertBankUnlinkable,
  assertCard,
  assertCardCurrent,
  assertEntity,
  assertMove,
  assertNoBank,
  assertNoCard,
  assertOpenOrder,
  assertOwnerRoom,
  assertPayable,
  type Investor,
  type InvestorCommand,
  investorDecider,
  investorMayInvest,
  type OrderPayment,
  orderOf,
} from './investor.ts';
import {
  cardOf,
  changedDetails,
  documentOwnerOf,
  holdingsView,
  individualChangeOf,
  suitabilityOf,
  suitabilityView,
} from './investor-edges.ts';

export interface InvestingDeps {
  streams: Streams;
  clock: Clock;
  investing: InvestingService;
  /** The offering the house sells units of. */
  offering: { id: string; name: string; unitPrice: number };
  logger: Logger;
}

type Person = z.output<typeof OnboardIndividualInput>;
type Upload = z.output<typeof UploadInvestingDocumentInput>;
type Bank = z.output<typeof LinkBankInput>;
type CardInput = z.output<typeof InvestorCardInput>;

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
 * (North Capital's Transact API, or its sandbox): the investor's own profile and its corrections,
 * suitability, documents, bank, card, orders and holdings, and the staff's settlement of an order, each
 * recorded on the investor's `investor-<id>` stream as the service answered. Each rule the product
 * holds (investor.ts) is asked before the service is called, so a refusal calls nothing. Personal data
 * (SSN, date of birth, address, whole account and card numbers, the CVV) goes to the service and is
 * never recorded.
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
    await recordOn(session.user.id, actorOf(session), command, request, step);
  }
  /** On the investor's stream, in the name of whoever acts (the investor, or staff settling an order). */
  async function recordOn(
    investorId: string,
    actor: Actor,
    command: InvestorCommand,
    request: RequestContext,
    step: string,
  ) {
    await streams.handle(investorStream(investorId), investorDecider, command, {
      commandId: `${request.commandId}:${step}`,
      correlationId: request.correlationId,
      actor,
      now: clock.now(),
    });
  }
  /** A change recorded, answered with the investor's details as they are after it: most changes' answer. */
  async function recorded(session: Session, command: InvestorCommand, request: RequestContext, step: string) {
    await record(session, command, request, step);
    return detailsOf(session);
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
        card: null,
        suitability: null,
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
          payment: o.payment?.status === 'paid' ? confirmationOf(o.payment) : null,
        }))
        .sort((a, b) => b.at.localeCompare(a.at)),
      card: state.card,
      suitability: state.suitability ? suitabilityView(state.suitability) : null,
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

  /** A file given to the service for `owner`; the log keeps what it was, never its content. */
  async function sendDocument(owner: InvestingDocumentOwner, input: Upload) {
    const content = new Uint8Array(Buffer.from(input.content_base64, 'base64'));
    const document = await call(() =>
      investing.uploadDocument({
        owner,
        fileName: input.file_name,
        contentType: input.content_type,
        content,
      }),
    );
    return {
      documentId: document.documentId,
      fileName: input.file_name,
      bytes: content.length,
      at: clock.now().toISOString(),
    };
  }

  /**
   * The bank account linked first (RecordBank: none may be linked yet) or in place of the linked one
   * (UpdateBank: one must be), as the service answered it: its last four digits only.
   */
  async function keepBank(
    session: Session,
    input: Bank,
    request: RequestContext,
    ip: string,
    change: 'RecordBank' | 'UpdateBank',
  ) {
    const state = await onboarded(session);
    const first = change === 'RecordBank';
    if (first) assertNoBank(state);
    else assertBank(state);
    const { accountId } = state.profile;
    const bank = bankDetailsOf(input, ip);
    const linked = await call(() =>
      first ? investing.linkBank(accountId, bank) : investing.updateBank(accountId, bank),
    );
    await record(
      session,
      {
        type: change,
        holderName: input.holder_name,
        accountLast4: linked.accountLast4,
        accountType: input.account_type,
      },
      request,
      first ? 'bank' : 'bank-update',
    );
    return { details: await detailsOf(session), last4: linked.accountLast4 };
  }

  /**
   * A card for investing linked first (LinkCard: none may be linked yet) or in place of the linked one
   * (UpdateCard: one must be). Transact takes the number itself: the details live in this call's memory
   * only, go to the service, and only the brand and last four are recorded.
   */
  async function keepCard(
    session: Session,
    input: CardInput,
    request: RequestContext,
    ip: string,
    change: 'LinkCard' | 'UpdateCard',
  ) {
    const state = await onboarded(session);
    const first = change === 'LinkCard';
    if (first) assertNoCard(state);
    else assertCard(state);
    assertCardCurrent(input.exp_month, input.exp_year, clock.now());
    const { accountId } = state.profile;
    const card = cardOf(input, ip);
    const linked = await call(() =>
      first ? investing.linkCard(accountId, card) : investing.updateCard(accountId, card),
    );
    await record(
      session,
      { type: change, brand: linked.brand, last4: linked.last4 },
      request,
      first ? 'card' : 'card-update',
    );
    return { details: await detailsOf(session), last4: linked.last4 };
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
      const profile = {
        kind: 'individual' as const,
        name: owner.name,
        provider: investing.name,
        accountId: account.accountId,
        owners: [owner],
      };
      return recorded(session, { type: 'Onboard', profile }, request, 'onboard');
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
      const profile = {
        kind: 'entity' as const,
        name: input.entity_name,
        provider: investing.name,
        accountId: account.accountId,
        ...(account.entityId && { entityId: account.entityId }),
        owners,
      };
      return recorded(session, { type: 'Onboard', profile }, request, 'onboard');
    },

    /**
     * One more owner of an entity (linkEntityOwner): made a party and checked as onboarding makes each
     * owner, then linked to the entity's account. The owner counts in the money rule at once, so a new
     * owner whose check is pending holds new orders until it is approved.
     */
    async addOwner(session: Session, input: z.output<typeof EntityOwnerInput>, request: RequestContext) {
      const state = await onboarded(session);
      assertOwnerRoom(state);
      const owner = await party(input);
      await call(() => investing.linkOwner(state.profile.accountId, owner.partyId));
      return recorded(session, { type: 'AddOwner', owner }, request, 'owner');
    },

    /** Accreditation evidence for the account, then the service's decision on it. */
    async uploadDocument(session: Session, input: Upload, request: RequestContext) {
      const state = await onboarded(session);
      const accountId = state.profile.accountId;
      const document = await sendDocument({ kind: 'accreditation', accountId }, input);
      await record(session, { type: 'RecordDocument', ...document }, request, 'document');
      // Transact answers a verification request as pending; its decision is read after it.
      await call(() => investing.requestAccreditation(accountId));
      const status = await call(() => investing.accreditation(accountId));
      await record(session, { type: 'RecordAccreditation', status }, request, 'accreditation');
      return { details: await detailsOf(session), status };
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
      const at = clock.now().toISOString();
      const { tradeId, offeringId, units, amount } = made;
      return recorded(
        session,
        { type: 'RecordOrder', tradeId, offeringId, units, amount, at },
        request,
        'order',
      );
    },

    /**
     * seeds 001 §7 Payments "northcapital_payment": the investor pays their order through the investing
     * service, from the linked bank (ACH) or on the linked card, for the amount the order has on the log.
     * The payment is written down before the service is asked (a second payment of the order meanwhile is
     * PAYMENT_IN_PROGRESS), the service reads its fund moves before it moves any (a retry after a lost
     * answer, same x-command-id, records the move the first made) and its answer is kept as the order's
     * confirmation. A refusal frees the order; no answer leaves it to a retry. Another investor's order is
     * not found.
     */
    async pay(
      session: Session,
      input: z.output<typeof InvestmentPaymentInput>,
      request: RequestContext,
      ip: string,
    ): Promise<InvestmentPaymentConfirmation> {
      const state = await load(session.user.id);
      if (state.status === 'none') throw new AppError('TRADE_NOT_FOUND');
      const tradeId = input.trade_id;
      const paymentId = request.commandId;
      const { amount, payment } = orderOf(state, tradeId);
      // A retry of this payment, answered already: its confirmation again, nothing asked.
      if (payment?.status === 'paid' && payment.paymentId === paymentId) return confirmationOf(payment);
      assertPayable(state, tradeId, paymentId, input.method, clock.now());
      const method = input.method === 'ach' ? 'ACH' : 'CREDITCARD';
      const problem = fundMoveProblem(method, amount);
      if (problem) throw new AppError('INVESTING_REFUSED', { params: { reason: problem } });
      await record(
        session,
        { type: 'StartPayment', tradeId, paymentId, method: input.method, now: clock.now() },
        request,
        'pay',
      );
      let moved: InvestmentFundMove;
      try {
        moved = await investing.payOrder({
          tradeId,
          method,
          amount,
          description: `Investment in ${deps.offering.name}`,
          ipAddress: ip,
        });
      } catch (error) {
        // Refused: no money moved, the order is free again. No answer: it may have moved; a retry reads.
        if (error instanceof InvestingError && !['unavailable', 'unauthorized'].includes(error.reason))
          await record(
            session,
            { type: 'FailPayment', tradeId, paymentId, reason: error.message },
            request,
            'pay-failed',
          );
        return refused(error);
      }
      await record(
        session,
        {
          type: 'RecordPayment',
          tradeId,
          paymentId,
          method: moved.method === 'ACH' ? 'ach' : 'card',
          amount: moved.amount,
          reference: moved.reference.slice(0, 64),
          fundStatus: moved.fundStatus.slice(0, 64),
          transactionStatus: moved.transactionStatus.slice(0, 64),
          at: clock.now().toISOString(),
        },
        request,
        'paid',
      );
      const paid = orderOf(assertOnboarded(await load(session.user.id)), tradeId).payment;
      if (paid?.status !== 'paid') throw new Error(`the payment of order ${tradeId} was not recorded`);
      return confirmationOf(paid);
    },

    /** The investor cancels an order not yet funded (Transact deletes, i.e. cancels, a created trade). */
    async cancel(session: Session, tradeId: string, request: RequestContext) {
      const state = await onboarded(session);
      if (!assertMove(state, tradeId, 'canceled')) return detailsOf(session);
      const order = await call(() => investing.cancelOrder(tradeId));
      if (order.status !== 'canceled')
        throw new AppError('INVESTING_REFUSED', { params: { reason: order.status } });
      return recorded(session, { type: 'RecordOrderMove', tradeId, status: 'canceled' }, request, 'cancel');
    },

    /**
     * An owner corrects their party at the service (updateIndividual). The service keeps the KYC it had
     * (the port's contract), so when an identity detail changed (anything but the e-mail) the check is
     * run again on the corrected party, and its answer is what the profile shows.
     */
    async updateIndividual(
      session: Session,
      input: z.output<typeof UpdateIndividualInput>,
      request: RequestContext,
    ) {
      const state = await onboarded(session);
      const owner = state.profile.owners[input.owner ?? 0];
      if (!owner) throw new AppError('NOT_FOUND', { message: 'investing.noOwner', field: 'owner' });
      const changed = changedDetails(input);
      const updated = await call(() => investing.updateIndividual(owner.partyId, individualChangeOf(input)));
      const identityChanged = changed.some((detail) => detail !== 'email');
      const kyc = identityChanged ? await call(() => investing.checkKyc(owner.partyId)) : updated.kyc;
      const name = `${updated.firstName} ${updated.lastName}`.slice(0, 200);
      const update = { partyId: owner.partyId, name, changed, kyc };
      return recorded(session, { type: 'UpdateParty', update }, request, 'party');
    },

    /** The suitability questionnaire's answers, given to the service for the account and kept as given. */
    async recordSuitability(
      session: Session,
      input: z.output<typeof SuitabilityInput>,
      request: RequestContext,
    ) {
      const state = await onboarded(session);
      const answers = suitabilityOf(input);
      await call(() => investing.recordSuitability(state.profile.accountId, answers.forService));
      return recorded(session, { type: 'RecordSuitability', answers: answers.kept }, request, 'suitability');
    },

    /** A document of the entity itself (its formation papers), for an entity investor. */
    async uploadEntityDocument(session: Session, input: Upload, request: RequestContext) {
      const entityId = assertEntity(await onboarded(session));
      const document = await sendDocument({ kind: 'entity', entityId }, input);
      return recorded(session, { type: 'RecordEntityDocument', ...document }, request, 'entity-document');
    },

    /** The documents the service keeps: the account's accreditation evidence, the primary party's, the entity's. */
    async documents(session: Session, input: z.output<typeof InvestingDocumentsInput>) {
      const state = await onboarded(session);
      const owner = documentOwnerOf(state, input.of);
      const documents = await call(() => investing.documents(owner));
      const records = documents.map((d) => ({
        document_id: d.documentId,
        title: d.title,
        file_name: d.fileName,
        created_at: d.createdAt,
      }));
      return { records, totalRecords: records.length };
    },

    /** The linked bank as the service holds it now (its last four digits, never the whole number). */
    async bank(session: Session) {
      const state = await onboarded(session);
      const bank = await call(() => investing.bank(state.profile.accountId));
      return {
        bank: bank
          ? {
              holder_name: bank.holderName,
              nickname: bank.nickname,
              account_type: bank.accountType,
              account_last4: bank.accountLast4,
            }
          : null,
      };
    },

    /** One bank account at a time: linked once (linkExternalAccount / addExternalBank), then changed. */
    linkBank: (session: Session, input: Bank, request: RequestContext, ip: string) =>
      keepBank(session, input, request, ip, 'RecordBank'),

    /** Another account (or the same, corrected) in place of the linked one: typed whole again. */
    updateBank: (session: Session, input: Bank, request: RequestContext, ip: string) =>
      keepBank(session, input, request, ip, 'UpdateBank'),

    async unlinkBank(session: Session, request: RequestContext) {
      const state = await onboarded(session);
      assertBankUnlinkable(state);
      await call(() => investing.unlinkBank(state.profile.accountId));
      return recorded(session, { type: 'UnlinkBank' }, request, 'bank-unlink');
    },

    /** The linked card as the service holds it: brand, last four and expiry. */
    async card(session: Session) {
      const state = await onboarded(session);
      const card = await call(() => investing.card(state.profile.accountId));
      return {
        card: card
          ? { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear }
          : null,
      };
    },

    /** A card for investing (Transact's addCreditCard, which takes the number itself). */
    linkCard: (session: Session, input: CardInput, request: RequestContext, ip: string) =>
      keepCard(session, input, request, ip, 'LinkCard'),

    updateCard: (session: Session, input: CardInput, request: RequestContext, ip: string) =>
      keepCard(session, input, request, ip, 'UpdateCard'),

    async unlinkCard(session: Session, request: RequestContext) {
      const state = await onboarded(session);
      assertCard(state);
      await call(() => investing.unlinkCard(state.profile.accountId));
      return recorded(session, { type: 'UnlinkCard' }, request, 'card-unlink');
    },

    /** The investor's open order's subscription documents sent again (DocuSign, through the service). */
    async resendDocuments(session: Session, tradeId: string, request: RequestContext) {
      const state = await onboarded(session);
      assertOpenOrder(state, tradeId);
      await call(() => investing.resendSubscriptionDocuments(tradeId));
      await record(
        session,
        { type: 'ResendDocuments', tradeId, at: clock.now().toISOString() },
        request,
        'resend',
      );
    },

    /** The investor's security-token bids and their totals, as the service has them now (getStbids). */
    async holdings(session: Session) {
      const state = await onboarded(session);
      return holdingsView(await call(() => investing.holdings(state.profile.accountId)));
    },

    /**
     * Staff (finance, an admin) move an investor's order one step: funded once the money is in escrow
     * (under the money rule), settled once it is released to the issuer. Never on an order of their own
     * (separation of duties); a repeat of a step already made changes nothing and asks the service nothing.
     */
    async settle(staff: Actor, input: z.output<typeof SettlementInput>, request: RequestContext) {
      refuseOwnMoneyRecord(staff.id, [input.user_id]);
      const state = await load(input.user_id);
      if (state.status === 'none') throw new AppError('TRADE_NOT_FOUND');
      if (assertMove(state, input.trade_id, input.status)) {
        const moved = await call(() =>
          input.status === 'funded'
            ? investing.fundOrder(input.trade_id)
            : investing.settleOrder(input.trade_id),
        );
        if (moved.status !== input.status)
          throw new AppError('INVESTING_REFUSED', { params: { reason: moved.status } });
        await recordOn(
          input.user_id,
          staff,
          { type: 'RecordOrderMove', tradeId: input.trade_id, status: input.status },
          request,
          'settlement',
        );
      }
      return { trade_id: input.trade_id, status: input.status };
    },
  };
}

/** A payment made, as the investor reads it: North Capital's answer, kept as the confirmation. */
const confirmationOf = (paid: Extract<OrderPayment, { status: 'paid' }>): InvestmentPaymentConfirmation => ({
  trade_id: paid.tradeId,
  method: paid.method,
  amount: paid.amount,
  reference: paid.reference,
  fund_status: paid.fundStatus,
  transaction_status: paid.transactionStatus,
  paid_at: paid.at,
});

const assertOnboarded = (state: Investor) => {
  if (state.status === 'none') throw new AppError('TRADE_NOT_FOUND');
  return state;
};

const bankDetailsOf = (input: Bank, ip: string) => ({
  holderName: input.holder_name,
  nickname: 'Primary',
  routingNumber: input.routing_number,
  accountNumber: input.account_number,
  accountType: input.account_type,
  ipAddress: ip,
});

export type InvestingProductService = ReturnType<typeof investingService>;
