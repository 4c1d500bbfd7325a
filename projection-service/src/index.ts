import {
  actions,
  defaultCatalogueSettings,
  defaultMarketSettings,
  defaultMerchant,
  defaultMoneySettings,
  defaultSellerTerms,
  type HouseSettings,
  type MarketSettings,
  type MerchantDetails,
  type MoneySettings,
  type SellerTerms,
} from '@wine/contracts';
import {
  type Clock,
  type DocumentStore,
  limitStaffRoutes,
  type SecretStore,
  type SessionTokens,
  staffRateLimit,
} from '@wine/platform';
import type { FastifyInstance } from 'fastify';
import { addressBookProjection } from './address-book/project.ts';
import { addressBookQueries } from './address-book/queries.ts';
import { agreementsProjection } from './agreements/project.ts';
import { agreementQueries } from './agreements/queries.ts';
import { auctionAppointmentQueries } from './appointments/auction-queries.ts';
import { appointmentsProjection } from './appointments/project.ts';
import { appointmentQueries } from './appointments/queries.ts';
import { auctionsProjection } from './auctions/project.ts';
import { auctionQueries } from './auctions/queries.ts';
import { bannersProjection } from './banners/project.ts';
import { staffBannerQueries } from './banners/queries.ts';
import { bidSheetsProjection } from './bid-sheets/project.ts';
import { bidSheetQueries } from './bid-sheets/queries.ts';
import { bidsProjection } from './bids/project.ts';
import { bidQueries } from './bids/queries.ts';
import { staffBidQueries } from './bids/staff-queries.ts';
import { cartsNotifier } from './carts/notify.ts';
import { cartsProjection } from './carts/project.ts';
import { cartQueries } from './carts/queries.ts';
import type { Projection } from './core/projection.ts';
import type { Notifier } from './core/publisher.ts';
import type { QueryDeps, QueryPlugin } from './core/queries.ts';
import { type ReadAfter, readAfterWrites } from './core/read-after.ts';
import { createProjectionIndexes } from './core/rebuild.ts';
import {
  createProjectionRunner as createRunner,
  type ProjectionRunner,
  type RunnerDeps,
} from './core/runner.ts';
import { viewerAuth } from './core/viewer.ts';
import { defaultQueries } from './defaults/queries.ts';
import { enquiriesProjection } from './enquiries/project.ts';
import { enquiryQueries } from './enquiries/queries.ts';
import { giftCardsProjection } from './giftcards/project.ts';
import { giftCardQueries } from './giftcards/queries.ts';
import { importsProjection } from './imports/project.ts';
import { importQueries } from './imports/queries.ts';
import { investorsProjection } from './investors/project.ts';
import { investorQueries } from './investors/queries.ts';
import { orderQueries } from './invoices/order-queries.ts';
import { invoicesProjection } from './invoices/project.ts';
import { invoiceQueries } from './invoices/queries.ts';
import { sellerInvoiceQueries } from './invoices/seller-queries.ts';
import { staffInvoiceQueries } from './invoices/staff-queries.ts';
import { liveRoomsNotifier } from './live-room/notify.ts';
import { liveRoomsProjection } from './live-room/project.ts';
import { liveRoomQueries } from './live-room/queries.ts';
import { lotViewsProjection } from './lot-views/project.ts';
import { lotsNotifier } from './lots/notify.ts';
import { lotsProjection } from './lots/project.ts';
import { lotQueries } from './lots/queries.ts';
import { merchantQueries } from './merchant/queries.ts';
import { newsletterProjection } from './newsletter/project.ts';
import { newsletterQueries } from './newsletter/queries.ts';
import { offersNotifier } from './offers/notify.ts';
import { offersProjection } from './offers/project.ts';
import { offerQueries } from './offers/queries.ts';
import { pagesProjection } from './pages/project.ts';
import { pageQueries, staffPageQueries } from './pages/queries.ts';
import { pricesRealisedProjection } from './prices-realised/project.ts';
import { pricesRealisedQueries } from './prices-realised/queries.ts';
import { followersProjection } from './producers/project.ts';
import { producerQueries } from './producers/queries.ts';
import { purchaseQueries } from './purchases/queries.ts';
import { referenceDataProjection } from './reference-data/project.ts';
import { referenceDataQueries } from './reference-data/queries.ts';
import { ledgerProjection } from './reports/project.ts';
import { reportQueries } from './reports/queries.ts';
import { returnsProjection } from './returns/project.ts';
import { returnQueries } from './returns/queries.ts';
import { savedSearchesProjection } from './saved-searches/project.ts';
import { savedSearchQueries } from './saved-searches/queries.ts';
import { type SuggestStrategy, suggestIndexFor, suggestQueries } from './search/suggest-queries.ts';
import { sellerChargesProjection } from './seller-charges/project.ts';
import { sellerChargeQueries } from './seller-charges/queries.ts';
import { sellerListingQueries } from './seller-lots/listing-queries.ts';
import { sellerLotQueries } from './seller-lots/queries.ts';
import { sellerPayoutsProjection } from './seller-payouts/project.ts';
import { sellerPayoutQueries } from './seller-payouts/queries.ts';
import { sellerStatementQueries } from './seller-statements/queries.ts';
import { currentSettings, settingsProjection } from './settings/project.ts';
import { settingsQueries } from './settings/queries.ts';
import { staffLotsProjection } from './staff-lots/project.ts';
import { staffLotQueries } from './staff-lots/queries.ts';
import { staffTodayQueries } from './staff-today/queries.ts';
import { usersProjection } from './users/project.ts';
import { userQueries } from './users/queries.ts';
import { depositsProjection } from './wallets/deposits.ts';
import { walletsProjection } from './wallets/project.ts';
import { walletQueries } from './wallets/queries.ts';
import { watchlistsNotifier } from './watchlists/notify.ts';
import { watchlistsProjection } from './watchlists/project.ts';
import { watchlistQueries } from './watchlists/queries.ts';

/** Every projection of the product, in the order they are applied. */
export const projections: readonly Projection[] = [
  lotsProjection,
  bidsProjection,
  usersProjection,
  cartsProjection,
  watchlistsProjection,
  addressBookProjection,
  followersProjection,
  savedSearchesProjection,
  lotViewsProjection,
  invoicesProjection,
  walletsProjection,
  depositsProjection,
  returnsProjection,
  giftCardsProjection,
  ledgerProjection,
  appointmentsProjection,
  bannersProjection,
  pagesProjection,
  pricesRealisedProjection,
  staffLotsProjection,
  importsProjection,
  auctionsProjection,
  sellerPayoutsProjection,
  sellerChargesProjection,
  settingsProjection,
  enquiriesProjection,
  agreementsProjection,
  investorsProjection,
  newsletterProjection,
  offersProjection,
  bidSheetsProjection,
  liveRoomsProjection,
  referenceDataProjection,
];

/** What the read models tell the bus after each commit, in the order it is told. */
export const notifiers: readonly Notifier[] = [
  lotsNotifier,
  watchlistsNotifier,
  cartsNotifier,
  offersNotifier,
  liveRoomsNotifier,
];

/** The projection runner, telling the bus what the product's read models changed (unless told otherwise). */
export const createProjectionRunner = (deps: RunnerDeps): ProjectionRunner =>
  createRunner({ ...deps, notifiers: deps.notifiers ?? notifiers });

export interface QueryServiceDeps {
  docs: DocumentStore;
  clock: Clock;
  /** Verifies bearer tokens for the caller's own fields and lists (the command side issues them). */
  tokens: SessionTokens;
  secrets: Pick<SecretStore, 'get'>;
  market?: MarketSettings;
  /** The pickup location and the other money settings; the defaults of contracts when left out. */
  money?: MoneySettings;
  /** The merchant's details for getFooterLinks; contracts' defaults when left out. */
  merchant?: MerchantDetails;
  /**
   * The terms of consignment of the day (issue 33 "Sellers": platform's `sellerTerms(config)`), for the
   * statement's lots whose approval recorded none; contracts' defaults when left out.
   */
  sellerTerms?: SellerTerms;
  /** Search suggestions from MongoDB's text index ('text', a MongoDB store) or in memory (the default). */
  suggest?: SuggestStrategy;
  /** Requests per minute per client on the staff's read actions (reports, exports, /api/ops/*; default 300). */
  staffRateLimit?: number;
  /** Read-your-writes: how a read waits for the caller's last write (`readAfterRunner`); no wait when left out. */
  readAfter?: ReadAfter;
}

/** Every read model's query routes, one fastify plugin each. */
export const queryPlugins: readonly QueryPlugin[] = [
  lotQueries,
  bidQueries,
  purchaseQueries,
  staffBidQueries,
  watchlistQueries,
  addressBookQueries,
  producerQueries,
  savedSearchQueries,
  cartQueries,
  invoiceQueries,
  orderQueries,
  staffInvoiceQueries,
  staffLotQueries,
  importQueries,
  sellerInvoiceQueries,
  walletQueries,
  returnQueries,
  giftCardQueries,
  reportQueries,
  appointmentQueries,
  auctionAppointmentQueries,
  userQueries,
  auctionQueries,
  sellerLotQueries,
  sellerListingQueries,
  defaultQueries,
  merchantQueries,
  settingsQueries,
  staffTodayQueries,
  enquiryQueries,
  agreementQueries,
  investorQueries,
  newsletterQueries,
  offerQueries,
  bidSheetQueries,
  pageQueries,
  staffPageQueries,
  staffBannerQueries,
  pricesRealisedQueries,
  liveRoomQueries,
  referenceDataQueries,
];

/**
 * The read side's query routes, registered on any fastify instance: each read model's plugin, with one
 * caller check for all. The plugins load when the app is ready (its first `inject`, `listen` or an
 * awaited `register`).
 */
export function queryService(app: FastifyInstance, deps: QueryServiceDeps): void {
  const initial: HouseSettings = {
    market: deps.market ?? defaultMarketSettings,
    money: deps.money ?? defaultMoneySettings,
    merchant: deps.merchant ?? defaultMerchant,
    catalogue: defaultCatalogueSettings,
  };
  const queryDeps: QueryDeps = {
    docs: deps.docs,
    clock: deps.clock,
    auth: viewerAuth(deps),
    settings: () => currentSettings(deps.docs, initial),
  };
  // The staff's read actions (reports, exports, staff lists, /api/ops/* registered after this) have one
  // budget per client, as the command side's staff actions: 500 guessed tokens are not 500 answers.
  limitStaffRoutes(
    app,
    Object.values(actions).filter((action) => action.side === 'query'),
    staffRateLimit({ max: deps.staffRateLimit ?? 300, now: () => deps.clock.now().getTime() }),
  );
  if (deps.readAfter) readAfterWrites(app, Object.values(actions), deps.readAfter);
  for (const plugin of queryPlugins) app.register(plugin, queryDeps);
  app.register(sellerStatementQueries(deps.sellerTerms ?? defaultSellerTerms), queryDeps);
  app.register(sellerPayoutQueries(deps.sellerTerms ?? defaultSellerTerms), queryDeps);
  app.register(sellerChargeQueries, queryDeps);
  app.register(suggestQueries, {
    ...queryDeps,
    suggestIndex: suggestIndexFor(deps.docs, deps.suggest ?? 'memory'),
  });
}

/** Indexes the queries rely on; created at start (idempotent). */
export async function ensureIndexes(docs: DocumentStore): Promise<void> {
  for (const projection of projections) await createProjectionIndexes(docs, projection);
}

// The users read model's name and shape are contracts' (the session check reads them); kept here for callers.
export { USERS, type UserDocument } from '@wine/contracts';
export { CHECKPOINTS, loadCheckpoint } from './core/checkpoints.ts';
export type { Projection } from './core/projection.ts';
export { type ReadAfter, readAfterRunner } from './core/read-after.ts';
export { createProjectionIndexes, rebuildProjection, shadowName } from './core/rebuild.ts';
export type { ProjectionRunner, RunnerStatus } from './core/runner.ts';
export { publicLot, type SitemapEntry, sitemapEntries } from './defaults/findable.ts';
export { LOTS, listedLotDocument, lotsProjection } from './lots/project.ts';
export { lotView } from './lots/view.ts';
export { type OpsSocket, serveOpsSocket } from './ops/local-socket.ts';
export { type OpsServiceDeps, opsService } from './ops/service.ts';
export { opsStatus } from './ops/status.ts';
export { reportFromLog } from './reports/fold.ts';
export { LEDGER, type LedgerRow, ledgerProjection } from './reports/project.ts';
export { reportWindow } from './reports/window.ts';
export { toMongoQuery } from './search/to-mongo.ts';
export { usersProjection } from './users/project.ts';
