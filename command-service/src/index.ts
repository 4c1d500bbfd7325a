import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import {
  defaultCatalogueSettings,
  defaultMarketSettings,
  defaultMerchant,
  defaultMoneySettings,
  defaultSellerTerms,
  type MarketSettings,
  type MerchantDetails,
  type MoneySettings,
  type SellerTerms,
} from '@wine/contracts';
import {
  type CardProvider,
  type Clock,
  commandIdClaims,
  createSandboxCardProvider,
  createSandboxDocuments,
  createSandboxInvesting,
  createSandboxKycProvider,
  createSandboxMaps,
  createSandboxMarketing,
  createSandboxTaxService,
  type DocumentService,
  type EventStore,
  type FileStore,
  type HostedGateways,
  type InvestingService,
  type KycProvider,
  type Logger,
  type Mailer,
  type Maps,
  type Marketing,
  openSms,
  type PayPalGateway,
  type SandboxCardProvider,
  type SecretStore,
  sessionTokens,
  type TaxChoice,
  type TaxService,
} from '@wine/platform';
import type { FastifyInstance } from 'fastify';
import { ADDRESS_LOOKUP_RATE_LIMIT, addressLookupRoutes } from './address-book/lookup-routes.ts';
import { addressBookRoutes } from './address-book/routes.ts';
import { agreementRoutes } from './agreements/routes.ts';
import { agreementService } from './agreements/service.ts';
import { appointmentService } from './appointments/appointment-service.ts';
import { appointmentRoutes } from './appointments/routes.ts';
import { voidedOrderPickups } from './appointments/voided-orders.ts';
import { auctionRoutes } from './auctions/routes.ts';
import type { AnchorKeys } from './audit/anchor-key.ts';
import { type AnchorProcess, type AnchorSettings, anchorProcess } from './audit/anchor-process.ts';
import { historySources } from './audit/history-read.ts';
import { historyRoutes } from './audit/history-routes.ts';
import { auditVerifyRoutes } from './audit/verify-routes.ts';
import { bannerRoutes } from './banners/routes.ts';
import { bidSheetProcess } from './bid-sheets/process.ts';
import { bidSheetRoutes } from './bid-sheets/routes.ts';
import { biddingRoutes } from './bidding/routes.ts';
import { staffBidRoutes } from './bidding/staff-routes.ts';
import { cartRoutes } from './carts/routes.ts';
import { checkoutService } from './checkout/checkout-service.ts';
import { expiryProcess } from './checkout/expiry.ts';
import { gatewayReconcileProcess } from './checkout/gateway-reconcile.ts';
import { holdReleaseProcess } from './checkout/hold-release.ts';
import { hostedRoutes } from './checkout/hosted-routes.ts';
import { moneyMail } from './checkout/mail.ts';
import type { MoneyDeps } from './checkout/money-deps.ts';
import { followPayPalPayments, payPalPaymentsIndex } from './checkout/paypal-payments.ts';
import { checkoutRoutes } from './checkout/routes.ts';
import { webhookRoutes } from './checkout/webhook-routes.ts';
import { createStreams, type Streams } from './core/command-handler.ts';
import { type LogFollower, logFeed } from './core/follow-log.ts';
import { devRoutes } from './dev/routes.ts';
import { enquiryRoutes } from './enquiries/routes.ts';
import { giftCardRoutes } from './giftcards/routes.ts';
import { importRoutes } from './imports/routes.ts';
import { investingRoutes } from './investing/routes.ts';
import { investingService } from './investing/service.ts';
import { invoicingProcess } from './invoices/issuing.ts';
import { type OpenInvoices, openInvoicesIndex } from './invoices/open-invoices.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { invoiceShareLinks } from './invoices/share-links.ts';
import { comingUpProcess } from './live/coming-up.ts';
import { liveRoutes } from './live/routes.ts';
import { type ClosingScheduler, closingScheduler } from './lots/closing-scheduler.ts';
import { lotReviewRoutes } from './lots/review-routes.ts';
import { lotRoutes } from './lots/routes.ts';
import { contactDelivery } from './newsletter/delivery.ts';
import { newsletterLinks } from './newsletter/links.ts';
import { registeredContacts } from './newsletter/registered.ts';
import { newsletterRoutes } from './newsletter/routes.ts';
import { notificationProcess } from './notifications/process.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { unsubscribeLinks } from './notifications/unsubscribe-link.ts';
import { withWonMail } from './notifications/won-mail.ts';
import { offerMail } from './offers/mail.ts';
import { privateSaleRoutes } from './offers/private-sale-routes.ts';
import { offerProcess } from './offers/process.ts';
import { offerRoutes } from './offers/routes.ts';
import { pageRoutes } from './pages/routes.ts';
import { pageFileRoutes } from './pages/upload.ts';
import { payoutRoutes } from './payouts/routes.ts';
import type { ExternalPhotoOptions } from './photos/external.ts';
import { photoRoutes } from './photos/routes.ts';
import { producerRoutes } from './producers/routes.ts';
import { referenceDataRoutes } from './reference-data/routes.ts';
import { returnMail } from './returns/mail.ts';
import { returnService } from './returns/return-service.ts';
import { returnRoutes } from './returns/routes.ts';
import { searchAlertProcess } from './saved-searches/alerts.ts';
import { savedSearchRoutes } from './saved-searches/routes.ts';
import { sellerChargeRoutes } from './seller-charges/routes.ts';
import { liveSettings } from './settings/live.ts';
import { settingsRoutes } from './settings/routes.ts';
import { shippingRoutes } from './shipping/routes.ts';
import { trackingService } from './shipping/tracking.ts';
import { taxRecording } from './tax/recording.ts';
import { taxRoutes } from './tax/routes.ts';
import { type Accounts, accounts } from './users/accounts.ts';
import { providerSwitch } from './users/cards/provider-switch.ts';
import { cardRoutes } from './users/cards/routes.ts';
import { vaultRoutes } from './users/cards/vault-routes.ts';
import { fieldCheckRoutes } from './users/field-check/routes.ts';
import { identityRoutes } from './users/identity/routes.ts';
import { invitationRoutes } from './users/invitations/routes.ts';
import { passwordRoutes } from './users/passwords/routes.ts';
import { phoneLoginRoutes } from './users/phone-login/routes.ts';
import { profileRoutes } from './users/profile/routes.ts';
import { protectedProfileRoutes } from './users/protected-profile/routes.ts';
import { roleRoutes } from './users/roles/routes.ts';
import { sessionRoutes } from './users/session/routes.ts';
import { sessionAuth } from './users/session/session-auth.ts';
import { userAdminRoutes } from './users/user-admin/routes.ts';
import { verificationRoutes } from './users/verification/routes.ts';
import { walletRoutes } from './wallets/routes.ts';
import { watchlistRoutes } from './watchlists/routes.ts';

export interface CommandServiceDeps {
  store: EventStore;
  clock: Clock;
  secrets: SecretStore;
  mailer: Mailer;
  sessionSecret: string;
  /** The UI's origin, for links in e-mails (asked when a mail is written, after the port is known). */
  publicUrl: () => string;
  /** Issue 35 §3: the investing service (North Capital's Transact API); its sandbox by default. */
  investing?: InvestingService;
  /** The offering investors order units of (the sandbox's demo offering by default). */
  offering?: { id: string; name: string; unitPrice: number };
  /** Issue 35 §4: the documents service (PandaDoc); its in-memory sandbox by default. */
  documents?: DocumentService;
  /** The house's consignment template in the documents service (the sandbox's by default). */
  agreementTemplateId?: string;
  /** The card vault; the built-in sandbox by default (DOMAIN.md "Money"). */
  cards?: CardProvider;
  /**
   * PayPal (seeds 001 "Payments" paypal_response; platform `openPayPal`: PayPal's REST API when
   * PAYMENT_GATEWAYS names paypal, else its sandbox). Absent: the checkout offers no PayPal.
   */
  paypal?: PayPalGateway;
  /** seeds 001 "Payments": the hosted gateways (Paytm, Cashfree; platform `openHostedGateways`); none by default. */
  hostedGateways?: HostedGateways;
  /**
   * The tax and address service configuration picked (issue 35: `openTax`), given the configured
   * table it falls back on; the table (the sandbox with the settings' rates) by default.
   */
  tax?: TaxChoice;
  /** Reservation minutes, payment terms, pickup location, tax rates (DOMAIN.md "Money"). */
  money?: MoneySettings;
  /** Identity checks; the deterministic sandbox by default. */
  kyc?: KycProvider;
  /** Sign-in, registration and code requests per minute per client and address (default 10). */
  rateLimit?: number;
  /** Internet bids in the live room a minute per session (LIVE_BID_RATE_LIMIT by default; tests and benchmarks set it). */
  liveBidRateLimit?: number;
  /** Requests per minute per client on the staff's (admin, seller, ...) actions (default 300). */
  staffRateLimit?: number;
  /** Bidding settings (proxy or hard, soft close, increments); the defaults of DOMAIN.md otherwise. */
  market?: MarketSettings;
  /** The terms of consignment recorded on each approved seller's listing; contracts' defaults otherwise. */
  sellerTerms?: SellerTerms;
  /** The merchant's details and inboxes (enquiries are mailed there); contracts' defaults otherwise. */
  merchant?: MerchantDetails;
  /**
   * Where confirmed newsletter contacts are sent on (issue 34: Zoho Campaigns, `openMarketing`); the
   * sandbox, which records what it would send, by default.
   */
  marketing?: Marketing;
  /**
   * The maps service behind the address fields' suggestions (issue 35 §5: `openMaps`); the sandbox,
   * which answers from a built-in list and never calls out, by default.
   */
  maps?: Maps;
  /** Address lookups per minute per client (default 120). */
  addressLookupRateLimit?: number;
  /**
   * Anchoring the log (DOMAIN.md "Audit"): the signing key (null: not anchored, said once at start),
   * the interval and the auditors' address. Absent (specs): neither anchoring nor its warning.
   */
  audit?: Omit<AnchorSettings, 'keys'> & { keys: AnchorKeys | null };
  /** Where uploaded photos are kept (DATA_DIR/uploads); without it the upload actions are not served. */
  files?: FileStore;
  /** Fetching photos given as links (specs may allow this machine's addresses). */
  externalImages?: ExternalPhotoOptions;
  /** Issue 31: minutes before a lot's close its watchers and bidders are reminded (60 by default). */
  closingReminderMinutes?: number;
  /** Issue 36: a buyer's offers and counters a minute (OFFER_RATE_LIMIT, 20 by default). */
  offerRateLimit?: number;
  logger: Logger;
}

export interface CommandService {
  streams: Streams;
  /**
   * The write side's process managers: closing lots at their close, issuing the invoices of sold
   * lots, giving back lapsed checkout holds. Start them once the routes are served, stop them before
   * the store closes.
   */
  scheduler: LogFollower & { pending(): number };
  /** The user accounts, for the server's own first-admin and role commands (never an HTTP action). */
  accounts: Accounts;
  /** The log's anchoring, started with the scheduler; null without a signing key. */
  anchoring: AnchorProcess | null;
  /** The buyers' unpaid invoices as the checkout's `all` cart reads them (it follows the log). */
  openInvoices: OpenInvoices;
}

/** The write side's routes, registered on any fastify instance (one process or its own). */
export async function commandService(
  app: FastifyInstance,
  deps: CommandServiceDeps,
): Promise<CommandService> {
  // preHandler: the body is parsed by then, so the key can name the address being tried. Registered
  // here, on the parent of the areas' plugins, so its route hook and `app.rateLimit` reach them all.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  const streams = createStreams(deps.store);
  // One provider for the vault and the charges: the sandbox keeps its charges in memory.
  const cards = deps.cards ?? createSandboxCardProvider();
  // Issue 34: the environment's values are the first ones; an admin's changes are events, read live.
  const settings = await liveSettings(streams, {
    market: deps.market ?? defaultMarketSettings,
    money: deps.money ?? defaultMoneySettings,
    merchant: deps.merchant ?? defaultMerchant,
    catalogue: defaultCatalogueSettings,
  });
  // Which invoices each PayPal payment is for: PayPal's events name only our reference.
  const paypal = deps.paypal
    ? { gateway: deps.paypal, payments: payPalPaymentsIndex(), publicUrl: deps.publicUrl }
    : null;
  const money: MoneyDeps = {
    streams,
    clock: deps.clock,
    cards,
    paypal,
    hosted: { gateways: deps.hostedGateways ?? {}, publicUrl: deps.publicUrl },
    secrets: deps.secrets,
    tax: (deps.tax ?? ((table: TaxService) => table))(
      createSandboxTaxService(() => settings.money().taxRates),
      (err) =>
        deps.logger.warn({ err }, 'the tax service did not answer: checkout used the configured table'),
    ),
    money: settings.money,
    premiumPercent: () => settings.market().buyer_premium,
    logger: deps.logger,
    // Issue 31: an auction's invoice is told by the "you won" mail when the buyer wants it (won-mail.ts).
    mail: withWonMail(
      moneyMail({ streams, mailer: deps.mailer, publicUrl: deps.publicUrl, logger: deps.logger }),
      streams,
    ),
  };
  const users = openAccounts(streams, {
    ...deps,
    cards,
    onMailFailed: (err) => deps.logger.error({ err }, 'a password reset mail could not be sent'),
  });
  const auth = sessionAuth({
    authenticate: users.session.authenticate,
    claims: commandIdClaims(deps.secrets, deps.clock),
    staffLimit: app.rateLimit({ max: deps.staffRateLimit ?? 300, timeWindow: '1 minute' }),
  });
  const { clock } = deps;
  const limit = deps.rateLimit ?? 10;
  await app.register(sessionRoutes, { session: users.session, auth, rateLimit: limit });
  await app.register(verificationRoutes, { verification: users.verification, auth, rateLimit: limit });
  await app.register(passwordRoutes, { passwords: users.passwords, auth, rateLimit: limit });
  await app.register(profileRoutes, { profile: users.profile, auth });
  await app.register(cardRoutes, { cards: users.cards, auth, rateLimit: limit, publicUrl: deps.publicUrl });
  // Issue 35 §1: the sandbox's card vault, where the browser tokenises a card (sandbox only).
  await app.register(vaultRoutes, { cards, clock, rateLimit: limit });
  await app.register(identityRoutes, { identity: users.identity, auth });
  await app.register(invitationRoutes, { invitations: users.invitations, auth, rateLimit: limit });
  await app.register(phoneLoginRoutes, { phoneLogin: users.phoneLogin, auth, rateLimit: limit });
  await app.register(fieldCheckRoutes, { auth, rateLimit: limit });
  const protectedProfile = users.protectedProfile;
  await app.register(protectedProfileRoutes, { protectedProfile, auth, rateLimit: limit });
  await app.register(roleRoutes, { roles: users.roles, auth });
  await app.register(userAdminRoutes, { userAdmin: users.userAdmin, auth });
  await app.register(lotRoutes, {
    streams,
    clock,
    auth,
    ...(deps.files && { files: deps.files }),
    ...(deps.externalImages && { externalImages: deps.externalImages }),
  });
  await app.register(lotReviewRoutes, {
    streams,
    clock,
    auth,
    sellerTerms: deps.sellerTerms ?? defaultSellerTerms,
  });
  await app.register(payoutRoutes, {
    streams,
    clock,
    auth,
    sellerTerms: deps.sellerTerms ?? defaultSellerTerms,
  });
  if (deps.files) await app.register(photoRoutes, { files: deps.files, auth });
  if (deps.files) await app.register(pageFileRoutes, { files: deps.files, auth });
  await app.register(importRoutes, { streams, clock, auth });
  await app.register(auctionRoutes, { streams, clock, auth, catalogue: settings.catalogue });
  await app.register(biddingRoutes, { streams, clock, auth, market: settings.market });
  // Issue 37 §6: bid sheets with a limit, placed by the house (bid-sheets/process.ts).
  await app.register(bidSheetRoutes, { streams, clock, auth, market: settings.market });
  await app.register(staffBidRoutes, {
    streams,
    clock,
    auth,
    market: settings.market,
    accounts: users,
  });
  await app.register(cartRoutes, { streams, clock, auth });
  // Issue 37: the live room's calls (the auctioneer's console and the bidders in the room).
  await app.register(liveRoutes, {
    streams,
    clock,
    auth,
    market: settings.market,
    ...(deps.liveBidRateLimit !== undefined && { bidRateLimit: deps.liveBidRateLimit }),
  });
  // Issue 36: offers, counters and the second chance, told by mail in each party's language.
  const offerMails = offerMail({
    streams,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    houseInbox: () => settings.merchant().emailGeneral,
    logger: deps.logger,
  });
  await app.register(offerRoutes, {
    money,
    offerMail: offerMails,
    auth,
    ...(deps.offerRateLimit !== undefined && { rateLimit: deps.offerRateLimit }),
  });
  await app.register(privateSaleRoutes, {
    streams,
    clock,
    secrets: deps.secrets,
    mailer: deps.mailer,
    auth,
    publicUrl: deps.publicUrl,
    ownerOf: users.ownerOf,
  });
  await app.register(watchlistRoutes, { streams, clock, auth });
  await app.register(addressBookRoutes, { streams, clock, auth });
  const { mailer, logger } = deps;
  await app.register(addressLookupRoutes, {
    maps: deps.maps ?? createSandboxMaps(),
    auth,
    logger,
    rateLimit: deps.addressLookupRateLimit ?? ADDRESS_LOOKUP_RATE_LIMIT,
  });
  // seeds 001 §7 "tax/avalara isValidAddress": an address checked by the tax port, limited as lookups.
  await app.register(taxRoutes, {
    tax: money.tax,
    auth,
    logger,
    rateLimit: deps.addressLookupRateLimit ?? ADDRESS_LOOKUP_RATE_LIMIT,
  });
  await app.register(enquiryRoutes, {
    streams,
    clock,
    mailer,
    merchant: settings.merchant,
    auth,
    logger,
    rateLimit: limit,
  });
  await app.register(settingsRoutes, { streams, clock, auth, settings });
  await app.register(newsletterRoutes, {
    streams,
    clock,
    auth,
    mailer,
    secrets: deps.secrets,
    links: newsletterLinks(deps.sessionSecret),
    publicUrl: deps.publicUrl,
    logger,
    rateLimit: limit,
  });
  const viewKey = createHash('sha256').update(`lot-views\u0000${deps.sessionSecret}`).digest('hex');
  await app.register(producerRoutes, { streams, clock, auth, viewKey });
  await app.register(savedSearchRoutes, { streams, clock, auth });
  const links = unsubscribeLinks(deps.sessionSecret);
  await app.register(notificationRoutes, { streams, clock, auth, links });
  await app.register(pageRoutes, { streams, clock, auth });
  await app.register(bannerRoutes, { streams, clock, auth });
  await app.register(referenceDataRoutes, { streams, clock, auth });
  const openInvoices = openInvoicesIndex();
  const sandbox = cards.name === 'sandbox' && 'authenticate' in cards ? (cards as SandboxCardProvider) : null;
  await app.register(checkoutRoutes, {
    checkout: checkoutService({ ...money, openInvoices }),
    money,
    openInvoices,
    auth,
    sandbox,
  });
  // Issue 38 §2: shared invoices' links, admin fees, lines' certificates and statuses.
  await app.register(invoiceRoutes, {
    streams,
    clock,
    auth,
    money: settings.money,
    links: invoiceShareLinks(deps.sessionSecret),
  });
  // Issue 35 §4: consignment agreements from the documents service (PandaDoc, or its sandbox).
  const documents = deps.documents ?? createSandboxDocuments();
  await app.register(agreementRoutes, {
    agreements: agreementService({
      streams,
      clock,
      documents,
      terms: deps.sellerTerms ?? defaultSellerTerms,
      templateId: deps.agreementTemplateId ?? 'sbx-tpl-consignment',
      logger: deps.logger,
    }),
    readEvent: (body, signature) => documents.readEvent(body, signature),
    auth,
    logger: deps.logger,
  });
  // Issue 35 §3: investor onboarding through North Capital (or its sandbox).
  await app.register(investingRoutes, {
    investing: investingService({
      streams,
      clock,
      investing: deps.investing ?? createSandboxInvesting(),
      offering: deps.offering ?? { id: '55591', name: 'Wine Cellar Token (demo)', unitPrice: 1_000 },
      logger: deps.logger,
    }),
    auth,
  });
  // seeds 001 "Payments": Paytm's and Cashfree's calls, their page and Paytm's callback.
  await app.register(hostedRoutes, { checkout: checkoutService({ ...money, openInvoices }), money, auth });
  // Issue 35 §1: the card provider's signed events (Stripe's webhooks), and PayPal's, each in a scope
  // reading raw bodies.
  await app.register(webhookRoutes, { money, logger: deps.logger });
  await app.register(walletRoutes, { money, auth });
  await app.register(sellerChargeRoutes, { money, auth });
  const appointments = appointmentService({ ...money, mailer: deps.mailer, publicUrl: deps.publicUrl });
  await app.register(appointmentRoutes, { appointments, auth });
  const returnMailer = returnMail({
    streams,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    logger: deps.logger,
  });
  await app.register(returnRoutes, { returns: returnService({ ...money, returnMail: returnMailer }), auth });
  const tracking = trackingService({
    streams,
    clock,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    logger,
  });
  await app.register(shippingRoutes, { tracking, auth });
  const codeKey = createHash('sha256').update(`gift-cards\u0000${deps.sessionSecret}`).digest('hex');
  await app.register(giftCardRoutes, { money, auth, codeKey, rateLimit: limit });
  await app.register(historyRoutes, {
    store: deps.store,
    clock,
    auth,
    sources: historySources(settings.decider),
  });
  const { audit } = deps;
  if (audit && !audit.keys) logger.warn('no AUDIT_SIGNING_KEY: the log is not anchored');
  const anchoring = audit?.keys
    ? anchorProcess({ ...audit, keys: audit.keys, streams, clock, mailer: deps.mailer, logger })
    : null;
  const publicKey = audit?.keys?.publicKey ?? null;
  await app.register(auditVerifyRoutes, {
    store: deps.store,
    clock,
    logger,
    auth,
    publicKey,
    witnessFile: audit?.witnessFile,
  });
  const { outbox } = deps.mailer;
  if (outbox) await app.register(devRoutes, { outbox, auth });
  // The process managers read the log through one subscription.
  const feed = logFeed(deps.store, deps.logger);
  return {
    streams,
    scheduler: processManagers([
      closingScheduler({ streams, clock: deps.clock, logger: deps.logger, feed }),
      invoicingProcess(money, openInvoices, feed),
      expiryProcess(money, feed),
      // A card hold that can no longer pay what it was placed for goes back to the card.
      holdReleaseProcess(money, feed),
      // A gateway payment whose buyer never came back is settled from the gateway's status API.
      gatewayReconcileProcess(money, feed),
      offerProcess({ ...money, offerMail: offerMails }, feed),
      bidSheetProcess({ streams, clock, logger: deps.logger, market: settings.market }, feed),
      // Issue 37: the watchers who asked for it are told a lot is coming up in the live room.
      comingUpProcess(
        { streams, clock: deps.clock, mailer: deps.mailer, publicUrl: deps.publicUrl, logger: deps.logger },
        feed,
      ),
      voidedOrderPickups(appointments, money, feed),
      searchAlertProcess(
        { streams, clock, mailer: deps.mailer, publicUrl: deps.publicUrl, logger: deps.logger },
        feed,
      ),
      notificationProcess(
        {
          streams,
          clock,
          mailer: deps.mailer,
          sms: openSms(deps.mailer),
          links,
          publicUrl: deps.publicUrl,
          closingLeadMinutes: deps.closingReminderMinutes ?? 60,
          logger: deps.logger,
        },
        feed,
      ),
      settings.follow(feed),
      contactDelivery(
        {
          streams,
          clock,
          marketing: deps.marketing ?? createSandboxMarketing(() => clock.now()),
          logger: deps.logger,
        },
        feed,
      ),
      registeredContacts({ streams, clock, logger: deps.logger }, feed),
      // Issue 35 §2: a switch of card provider drops the cards kept with the previous one (welcome popup).
      providerSwitch(
        { streams, clock, secrets: deps.secrets, provider: cards.name, logger: deps.logger },
        feed,
      ),
      // Issue 35 §5: a paid invoice recorded with the tax service, a return's refund, a voided order's void.
      taxRecording({ streams, clock, tax: money.tax, money: settings.money, logger: deps.logger }, feed),
      ...(paypal ? [followPayPalPayments(paypal.payments, feed)] : []),
      ...(anchoring ? [anchoring] : []),
    ]),
    accounts: users,
    anchoring,
    openInvoices,
  };
}

/** The process managers started and stopped together; `pending` counts lots still to close. */
function processManagers([closing, ...others]: [ClosingScheduler, ...LogFollower[]]) {
  const all = [closing, ...others];
  return {
    start: async () => {
      await Promise.all(all.map((p) => p.start()));
    },
    stop: async () => {
      await Promise.all(all.map((p) => p.stop()));
    },
    pending: () => closing.pending(),
  };
}

/** The accounts over a log: the routes' and the server's command line's one way to act on users. */
export function openAccounts(
  streams: Streams,
  deps: Pick<
    CommandServiceDeps,
    'clock' | 'secrets' | 'mailer' | 'sessionSecret' | 'publicUrl' | 'cards' | 'kyc'
  > & {
    onMailFailed?: (error: unknown) => void;
  },
): Accounts {
  return accounts({
    streams,
    clock: deps.clock,
    secrets: deps.secrets,
    mailer: deps.mailer,
    sms: openSms(deps.mailer),
    tokens: sessionTokens(deps.sessionSecret, deps.clock),
    cards: deps.cards ?? createSandboxCardProvider(),
    kyc: deps.kyc ?? createSandboxKycProvider(),
    publicUrl: deps.publicUrl,
    profileSecret: deps.sessionSecret,
    ...(deps.onMailFailed && { onMailFailed: deps.onMailFailed }),
  });
}

/**
 * SESSION_SECRET, or (embedded) a random secret kept in DATA_DIR/session.key so sessions survive a
 * restart; never logged.
 */
export function sessionSecret(config: { SESSION_SECRET?: string | undefined; dataDir: string }): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = join(config.dataDir, 'session.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

export { auctionDecider } from './auctions/decide.ts';
export { parseAnchorFile, readAnchors } from './audit/anchor-export.ts';
export { type AnchorKeys, anchorWitnessFile, loadAnchorKeys, readPublicKey } from './audit/anchor-key.ts';
export { type LogVerification, verifyLog } from './audit/verify-log.ts';
export { createStreams, eventIdFor, type Streams } from './core/command-handler.ts';
export type { Decider } from './core/decider.ts';
export { type DemoLot, demoCatalogue } from './demo/catalogue.ts';
export { type ClosingScheduler, closingScheduler } from './lots/closing-scheduler.ts';
export { lotDecider } from './lots/decide.ts';
export { lotFromInput } from './lots/list-lot.ts';
export type { Lot } from './lots/lot.ts';
export { userDecider } from './users/decide.ts';
export { hashPassword, verifyPassword } from './users/passwords/passwords.ts';
export { createFirstAdmin, grantRoleByEmail } from './users/roles/first-admin.ts';
