import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type {
  ActionName,
  ExtraField,
  InputOf,
  InviteDetails,
  LotView,
  OutboxMessage,
  SearchFilter,
} from '@wine/contracts';
import { activeExtraFields } from '../lib/extra-fields.ts';
import { ApiError, call } from './client.ts';

/**
 * The server state the UI reads, one query per action (TanStack Query). A query's key is the
 * action's name, then its input: every query of one action starts alike, so
 * `invalidateAction(client, 'myWatchlist')` reaches all its pages, and a part of the input reaches
 * the queries that include it (`{ id }` of bidHistory: every page of one lot's history).
 */
export const actionKey = <N extends ActionName>(name: N, input?: Partial<InputOf<N>>) =>
  input === undefined ? ([name] as const) : ([name, input] as const);

/** Marks the queries of one action (or those whose input includes `input`) stale; those on screen load again. */
export const invalidateAction = <N extends ActionName>(
  client: QueryClient,
  name: N,
  input?: Partial<InputOf<N>>,
): Promise<void> => client.invalidateQueries({ queryKey: actionKey(name, input) });

/** What one action answers for one input, fetched with the typed call (aborted when no one waits for it). */
const actionQuery = <N extends ActionName>(name: N, input: InputOf<N>) =>
  queryOptions({
    queryKey: [name, input] as const,
    queryFn: ({ signal }) => call(name, input, { signal }),
  });

/** seeds 000 §2.4 / §3.2: the default data bundle (regions, colours, market settings), loaded once at start. */
export const defaultBundleQuery = () =>
  queryOptions({ ...actionQuery('getDefault', {}), staleTime: Number.POSITIVE_INFINITY });

/** The signed-in user's cards on file (seeds 001 §2 /account/profile). */
export const cardsQuery = () => actionQuery('getCards', {});

/** Issue 35 §1: where the card form tokenises a card (the configured provider); it changes with a restart only. */
export const cardProviderQuery = () =>
  queryOptions({ ...actionQuery('cardProvider', {}), staleTime: Number.POSITIVE_INFINITY });

/** The owners of the signed-in user's business (seeds 001 §6). */
export const companyOwnersQuery = () => actionQuery('getCompanyOwners', {});

/** seeds 000 §2.3: one page of My Watchlist. */
export const watchlistQuery = (input: InputOf<'myWatchlist'>) => actionQuery('myWatchlist', input);

/** seeds 000 §2.3: one page of My Bids, of one standing (all, winning, outbid, won, lost). */
export const myBidsQuery = (input: InputOf<'myBids'>) => actionQuery('myBids', input);

/** seeds 000 §2.3: one page of the buyer's purchases, of one type (all, auction, buynow, offer). */
export const purchasesQuery = (input: InputOf<'myPurchases'>) => actionQuery('myPurchases', input);

/** seeds 000 §2.7: one page of a lot's bid history. */
export const bidHistoryQuery = (input: InputOf<'bidHistory'>) => actionQuery('bidHistory', input);

/** seeds 000 §2.7: one lot, as the viewer sees it (their standing, their watchlist flag). */
export const lotQuery = (id: string) => actionQuery('productLot', { id });

/** seeds 000 §2.7 / §7: how many similar lots the product page shows. */
const SIMILAR_LOTS = 3;

/** seeds 000 §2.7 / §7: a lot's similar lots; they are a nicety, so a failure reads as none. */
export const similarLotsQuery = (id: string) =>
  queryOptions({
    queryKey: actionKey('similarProducts', { id, limit: SIMILAR_LOTS }),
    queryFn: ({ signal }): Promise<LotView[]> =>
      call('similarProducts', { id, limit: SIMILAR_LOTS }, { signal })
        .then((answer) => answer.records)
        .catch(() => []),
  });

/** seeds 000 §3.2: one page of open lots for the search API's filter (the browse page, the home page). */
export const lotSearchQuery = (filter: SearchFilter) => actionQuery('productSearch', filter);

/** seeds 000 §2.1 /auction: the auctions with lots open for bidding. */
export const auctionsQuery = () => actionQuery('auctions', {});

/**
 * seeds 001 §3/§5: the merchant's extra registration questions, active ones only. Without them (the
 * call failed) the form still works with its fixed fields, so a failure reads as none.
 */
export const registrationFieldsQuery = () =>
  queryOptions({
    queryKey: actionKey('registrationFields', {}),
    queryFn: ({ signal }): Promise<ExtraField[]> =>
      call('registrationFields', {}, { signal })
        .then((answer) => activeExtraFields(answer.fields))
        .catch(() => []),
  });

/**
 * seeds 001 §2: an invitation's details; null when the server refuses the token (invalid, used or
 * expired). A server that is down or failed is not the link's fault: that stays an error (a retry).
 */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: actionKey('getInviteDetails', { token }),
    queryFn: async ({ signal }): Promise<InviteDetails | null> => {
      try {
        return await call('getInviteDetails', { token }, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.responseType > 0 && error.responseType < 500) return null;
        throw error;
      }
    },
  });

/** The embedded mailer's outbox, newest first; or why there is none to read. */
export type Outbox =
  | { present: true; records: OutboxMessage[] }
  | { present: false; reason: 'absent' | 'admins-only' };

/** The codes of a caller the outbox refuses: not an admin, or not signed in as one. */
const refusedCaller = new Set<ApiError['code']>(['ROLE_REQUIRED', 'SWITCHED_SESSION', 'SESSION_INVALID']);

/** The e-mails the embedded product would have sent (admins only). */
export const outboxQuery = () =>
  queryOptions({
    queryKey: actionKey('devOutbox', {}),
    queryFn: async ({ signal }): Promise<Outbox> => {
      try {
        const { records } = await call('devOutbox', {}, { signal });
        return { present: true, records: [...records].sort((a, b) => b.sentAt.localeCompare(a.sentAt)) };
      } catch (error) {
        // Outside the embedded process the action does not exist at all.
        if (error instanceof ApiError && error.code === 'NO_ACTION')
          return { present: false, reason: 'absent' };
        if (error instanceof ApiError && refusedCaller.has(error.code)) {
          return { present: false, reason: 'admins-only' };
        }
        throw error;
      }
    },
  });

/** seeds 000 §2.5 / §3.2 "Cart counts": the header's cart badge (buynowCount) and the won lots (auctionCount). */
export const pendingCountQuery = () => actionQuery('pendingCount', {});

/** seeds 001 §3 Cart: the buy-now cart's lines, lines no longer for sale, values and pickup location. */
export const buynowCartQuery = () => actionQuery('buynowCart', {});

/** seeds 001 §3 Cart: the lots won at auction waiting for payment, each on its invoice. */
export const auctionCartQuery = () => actionQuery('auctionCart', {});

/** seeds 001 §2 /invoices/paid, /invoices/unpaid: one page of the buyer's invoices. */
export const invoicesQuery = (input: InputOf<'allinvoices'>) => actionQuery('allinvoices', input);

/** seeds 001 §7 deposit/alldeposits: one page of the buyer's bid deposits. */
export const depositsQuery = (input: InputOf<'deposits'>) => actionQuery('deposits', input);

/** seeds 001 /salesorder/all: one page of the seller's lots on buyers' invoices. */
export const salesOrdersQuery = (input: InputOf<'salesOrders'>) => actionQuery('salesOrders', input);

/** seeds 001 §2 /invoice/:id: every block of one invoice. */
export const invoiceQuery = (id: string) => actionQuery('invoice', { id });

/** seeds 001 §2 /transactions: one page of the buyer's payments and refunds. */
export const transactionsQuery = (input: InputOf<'alltransactions'>) => actionQuery('alltransactions', input);

/** seeds 001 §3 "Credit history": one page of the wallet's entries, and its balance. */
export const creditHistoryQuery = (input: InputOf<'getCreditHistory'>) =>
  actionQuery('getCreditHistory', input);

/** What a change of the user's carts (a line added, removed, paid) makes stale. */
const cartViews = [
  'pendingCount',
  'buynowCart',
  'auctionCart',
  'allinvoices',
  'invoice',
  'allreturns',
] as const;

/** The carts, their counts and the invoices load again (after addToCart, a checkout, a cartChanged message). */
export const invalidateCarts = (client: QueryClient): Promise<void> =>
  Promise.all(cartViews.map((name) => invalidateAction(client, name))).then(() => undefined);

/** Staff (finance, admin): one page of every buyer's invoices, unpaid or paid. */
export const staffInvoicesQuery = (input: InputOf<'staffInvoices'>) => actionQuery('staffInvoices', input);

/** Staff (admins): one page of every lot, narrowed by status, auction, seller and text (issue 33). */
export const staffLotsQuery = (input: InputOf<'staffLots'>) => actionQuery('staffLots', input);

/** Staff (admins): one lot for the editor, its reserve included. */
export const staffLotQuery = (id: string) => actionQuery('staffLot', { id });

/** Staff (admins): the users, narrowed and paged (issue 34 "People"). */
export const staffUsersQuery = (input: InputOf<'staffUsers'>) => actionQuery('staffUsers', input);

/** Staff (admins, finance): the pickup dashboard's day or week (issue 34 "The day's work"). */
export const appointmentDashboardQuery = (input: InputOf<'appointmentDashboard'>) =>
  actionQuery('appointmentDashboard', input);

/** Staff (admins): the newsletter list (issue 34). */
export const staffContactsQuery = (input: InputOf<'staffContacts'>) => actionQuery('staffContacts', input);

/** Staff (admins): the visitors' enquiries (issue 34). */
export const staffEnquiriesQuery = (input: InputOf<'staffEnquiries'>) => actionQuery('staffEnquiries', input);

/** Staff (finance, admins): the bid deposits held now (issue 34). */
export const staffDepositsQuery = () => actionQuery('staffDeposits', {});

/** Staff (admins, finance): what waits today, for the staff home (issue 34). */
export const staffTodayQuery = () => actionQuery('staffToday', {});

/** Staff (admins): the settings screen (issue 34 §3). */
export const staffSettingsQuery = () => actionQuery('staffSettings', {});

/** Staff (admins): one user's page. */
export const staffUserQuery = (id: string) => actionQuery('staffUser', { id });

/** Issue 34 §2 "Content": the staff's pages, a page's versions, and the home banners. */
export const staffPagesQuery = () => actionQuery('staffPages', {});
export const staffPageHistoryQuery = (id: string) => actionQuery('staffPageHistory', { id });
export const staffBannersQuery = () => actionQuery('staffBanners', {});

/** Sellers: their own listings, drafts included, with bids, watchers and views (issue 33). */
export const sellerListingsQuery = (input: InputOf<'sellerListings'>) => actionQuery('sellerListings', input);

/** Sellers: one of their own listings for their editor, with its review and its bids. */
export const sellerLotQuery = (id: string) => actionQuery('sellerLot', { id });

/** Sellers: their settlement statement as of now (issue 33), on /myWines/sold. */
export const sellerStatementQuery = () => actionQuery('sellerStatement', {});

/** Staff (admins): a lot's bids, every row with its bidder and maximum, and each bidder's standing. */
export const staffLotBidsQuery = (id: string) => actionQuery('staffLotBids', { id });

/** Staff (admins): one page of the auctions (issue 33). */
export const staffAuctionsQuery = (input: InputOf<'staffAuctions'>) => actionQuery('staffAuctions', input);

/** Staff (admins): one auction, its fields and its lots in catalogue order. */
export const staffAuctionQuery = (id: string) => actionQuery('staffAuction', { id });

/** Staff (finance, admin): one page of the gift cards issued, and what the unredeemed ones are worth. */
export const giftCardsQuery = (input: InputOf<'giftCards'>) => actionQuery('giftCards', input);

/** Returns (DOMAIN.md "Money"): one page of the caller's returns, or of one invoice's. */
export const returnsQuery = (input: InputOf<'allreturns'>) => actionQuery('allreturns', input);

/** Staff (finance, admin): one page of the returns waiting for a decision, or decided. */
export const staffReturnsQuery = (input: InputOf<'staffReturns'>) => actionQuery('staffReturns', input);

/** seeds 001 §7 checkAppointments: the pickup slots still bookable (two weeks from today), with places left. */
export const pickupSlotsQuery = (input: InputOf<'checkAppointments'> = {}) =>
  actionQuery('checkAppointments', input);

/** seeds 001 §7 getAppointmentForInvoice: an invoice's pickup appointment and its calendar file. */
export const invoiceAppointmentQuery = (invoiceId: string) =>
  actionQuery('getAppointmentForInvoice', { invoice_id: invoiceId });

/** issue 33: an uploaded sheet's import (its mapping, status and counts). */
export const importStatusQuery = (importId: string) => actionQuery('importStatus', { importId });
