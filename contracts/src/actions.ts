import type { z } from 'zod';
import { addressValidationActions } from './accounts/address-validation.ts';
import { userAdminActions } from './accounts/admin-actions.ts';
import { cardActions } from './accounts/card-actions.ts';
import { identityActions } from './accounts/identity-actions.ts';
import { profileActions } from './accounts/profile-actions.ts';
import { sessionActions } from './accounts/session-actions.ts';
import { verificationActions } from './accounts/verification-actions.ts';
import { addressBookActions } from './address-book/address-book.ts';
import { addressLookupActions } from './address-book/address-lookup.ts';
import { agreementActions } from './agreements/actions.ts';
import { appointmentActions } from './appointments/actions.ts';
import { auctionAppointmentActions } from './appointments/auction-slots.ts';
import { auctionActions } from './auctions/actions.ts';
import { staffAuctionActions } from './auctions/staff.ts';
import { auditHistoryActions } from './audit/history-actions.ts';
import { auditVerifyActions } from './audit/verify-actions.ts';
import { bannerActions } from './banners/actions.ts';
import { bidSheetActions } from './bid-sheets/actions.ts';
import { biddingActions } from './bidding/actions.ts';
import { staffBidActions } from './bidding/staff-bids.ts';
import { cartActions } from './carts/actions.ts';
import { commonActions } from './common/actions.ts';
import { referenceDataActions } from './common/reference-data-actions.ts';
import { encryptedBodyActions } from './encrypted-bodies/actions.ts';
import { enquiryActions } from './enquiries/actions.ts';
import { staffEnquiryActions } from './enquiries/staff.ts';
import { importActions } from './imports/actions.ts';
import { investingActions, staffInvestingActions } from './investing/actions.ts';
import { liveActions } from './live/actions.ts';
import { advanceBidActions } from './live/advance.ts';
import { liveRoomActions } from './live/room-view.ts';
import { lotActions } from './lots/actions.ts';
import {
  cartViewActions,
  checkoutActions,
  invoiceActions,
  moneyStaffActions,
  sellerMoneyActions,
  walletActions,
} from './money/actions.ts';
import { newsletterLinkActions } from './newsletter/links.ts';
import { staffContactActions } from './newsletter/staff.ts';
import { notificationActions } from './notifications/actions.ts';
import { offerActions, staffOfferActions } from './offers/actions.ts';
import { privateSaleActions } from './offers/private-sales.ts';
import { opsActions } from './ops/actions.ts';
import { pageActions } from './pages/actions.ts';
import { photoActions } from './photos/actions.ts';
import { producerActions } from './producers/actions.ts';
import { purchaseActions } from './purchases/actions.ts';
import { reportActions, watchlistExportActions } from './reports/actions.ts';
import { returnActions, returnStaffActions } from './returns/actions.ts';
import { savedSearchActions } from './saved-searches/actions.ts';
import { searchActions } from './search/actions.ts';
import { sellerLotActions } from './seller-lots/actions.ts';
import { sellerStatementActions } from './sellers/actions.ts';
import { sellerChargeActions } from './sellers/charges.ts';
import { sellerListingActions } from './sellers/listing.ts';
import { sellerPayoutActions } from './sellers/payouts.ts';
import { settingsActions } from './settings/actions.ts';
import { shippingStaffActions } from './shipping/actions.ts';
import { staffLotActions } from './staff-lots/actions.ts';
import { staffTodayActions } from './staff-today/actions.ts';
import { watchlistActions } from './watchlists/actions.ts';

/** Every HTTP action of the product, declared once per area (ARCHITECTURE.md "API shape"). */
export const actions = {
  ...commonActions,
  ...encryptedBodyActions,
  ...referenceDataActions,
  ...bannerActions,
  ...settingsActions,
  ...lotActions,
  ...photoActions,
  ...importActions,
  ...staffAuctionActions,
  ...searchActions,
  ...biddingActions,
  ...purchaseActions,
  ...staffBidActions,
  ...bidSheetActions,
  ...cartActions,
  ...offerActions,
  ...staffOfferActions,
  ...privateSaleActions,
  ...liveActions,
  ...advanceBidActions,
  ...liveRoomActions,
  ...cartViewActions,
  ...checkoutActions,
  ...walletActions,
  ...invoiceActions,
  ...moneyStaffActions,
  ...sellerMoneyActions,
  ...returnActions,
  ...returnStaffActions,
  ...shippingStaffActions,
  ...appointmentActions,
  ...auctionAppointmentActions,
  ...watchlistActions,
  ...addressBookActions,
  ...addressLookupActions,
  ...addressValidationActions,
  ...watchlistExportActions,
  ...reportActions,
  ...enquiryActions,
  ...agreementActions,
  ...investingActions,
  ...staffInvestingActions,
  ...staffEnquiryActions,
  ...staffContactActions,
  ...newsletterLinkActions,
  ...auctionActions,
  ...sellerLotActions,
  ...sellerListingActions,
  ...sellerStatementActions,
  ...sellerPayoutActions,
  ...sellerChargeActions,
  ...staffLotActions,
  ...staffTodayActions,
  ...producerActions,
  ...savedSearchActions,
  ...notificationActions,
  ...sessionActions,
  ...verificationActions,
  ...profileActions,
  ...cardActions,
  ...identityActions,
  ...userAdminActions,
  ...pageActions,
  ...opsActions,
  ...auditHistoryActions,
  ...auditVerifyActions,
} as const;

export type Actions = typeof actions;
export type ActionName = keyof Actions;
export type InputOf<N extends ActionName> = z.input<Actions[N]['input']>;
export type OutputOf<N extends ActionName> = z.output<Actions[N]['output']>;
