export * from './address-book-events.ts';
export * from './agreement-events.ts';
export * from './appointment-events.ts';
export * from './auction-events.ts';
export * from './audit-events.ts';
export * from './banner-events.ts';
export * from './bid-sheet-events.ts';
export * from './cart-events.ts';
export * from './contact-events.ts';
export * from './enquiry-events.ts';
export * from './envelope.ts';
export * from './giftcard-events.ts';
export * from './import-events.ts';
export * from './investor-events.ts';
export * from './invoice-events.ts';
export * from './invoice-number-events.ts';
export * from './live-events.ts';
export * from './lot-events.ts';
export * from './lot-view-events.ts';
export * from './offer-events.ts';
export * from './ops-events.ts';
export * from './page-events.ts';
export * from './page-ids.ts';
export * from './payment-events.ts';
export * from './payout-events.ts';
export * from './reference-data-events.ts';
export * from './registry.ts';
export * from './settings-events.ts';
export * from './shipping-rates.ts';
export * from './stock-events.ts';
export * from './streams.ts';
export * from './user-events.ts';
export * from './wallet-events.ts';

import { addressBookEventDefinitions } from './address-book-events.ts';
import { agreementEventDefinitions } from './agreement-events.ts';
import { appointmentEventDefinitions } from './appointment-events.ts';
import { auctionEventDefinitions } from './auction-events.ts';
import { auditEventDefinitions } from './audit-events.ts';
import { bannerEventDefinitions } from './banner-events.ts';
import { bidSheetEventDefinitions } from './bid-sheet-events.ts';
import { cartEventDefinitions } from './cart-events.ts';
import { contactEventDefinitions } from './contact-events.ts';
import { enquiryEventDefinitions } from './enquiry-events.ts';
import { giftCardEventDefinitions } from './giftcard-events.ts';
import { importEventDefinitions } from './import-events.ts';
import { investorEventDefinitions } from './investor-events.ts';
import { invoiceEventDefinitions } from './invoice-events.ts';
import { invoiceNumberEventDefinitions } from './invoice-number-events.ts';
import { liveLotEventDefinitions } from './live-events.ts';
import { lotEventDefinitions } from './lot-events.ts';
import { lotViewEventDefinitions } from './lot-view-events.ts';
import { offerEventDefinitions } from './offer-events.ts';
import { opsEventDefinitions } from './ops-events.ts';
import { pageEventDefinitions } from './page-events.ts';
import { paymentEventDefinitions } from './payment-events.ts';
import { payoutEventDefinitions } from './payout-events.ts';
import { referenceDataEventDefinitions } from './reference-data-events.ts';
import { createRegistry } from './registry.ts';
import { settingsEventDefinitions } from './settings-events.ts';
import { stockEventDefinitions } from './stock-events.ts';
import { userEventDefinitions } from './user-events.ts';
import { walletEventDefinitions } from './wallet-events.ts';

/** Every event type of the product. Adding an event means adding its definition here. */
export const events = createRegistry([
  ...lotEventDefinitions,
  ...stockEventDefinitions,
  ...offerEventDefinitions,
  ...liveLotEventDefinitions,
  ...invoiceEventDefinitions,
  ...invoiceNumberEventDefinitions,
  ...addressBookEventDefinitions,
  ...walletEventDefinitions,
  ...giftCardEventDefinitions,
  ...appointmentEventDefinitions,
  ...cartEventDefinitions,
  ...userEventDefinitions,
  ...pageEventDefinitions,
  ...bannerEventDefinitions,
  ...lotViewEventDefinitions,
  ...enquiryEventDefinitions,
  ...agreementEventDefinitions,
  ...investorEventDefinitions,
  ...contactEventDefinitions,
  ...auditEventDefinitions,
  ...opsEventDefinitions,
  ...importEventDefinitions,
  ...auctionEventDefinitions,
  ...payoutEventDefinitions,
  ...settingsEventDefinitions,
  ...paymentEventDefinitions,
  ...bidSheetEventDefinitions,
  ...referenceDataEventDefinitions,
]);

export type MarketEvent =
  | import('./lot-events.ts').LotEvent
  | import('./cart-events.ts').CartEvent
  | import('./invoice-events.ts').InvoiceEvent
  | import('./invoice-number-events.ts').InvoiceNumberEvent
  | import('./wallet-events.ts').WalletEvent
  | import('./giftcard-events.ts').GiftCardEvent
  | import('./appointment-events.ts').SlotEvent
  | import('./appointment-events.ts').AppointmentEvent
  | import('./user-events.ts').UserEvent
  | import('./user-events.ts').EmailClaimEvent
  | import('./page-events.ts').PageEvent
  | import('./banner-events.ts').BannerEvent
  | import('./lot-view-events.ts').LotViewEvent
  | import('./enquiry-events.ts').EnquiryEvent
  | import('./agreement-events.ts').AgreementEvent
  | import('./investor-events.ts').InvestorEvent
  | import('./contact-events.ts').ContactEvent
  | import('./audit-events.ts').AuditEvent
  | import('./ops-events.ts').OpsEvent
  | import('./import-events.ts').ImportEvent
  | import('./auction-events.ts').AuctionEvent
  | import('./payout-events.ts').PayoutEvent
  | import('./settings-events.ts').SettingsEvent
  | import('./payment-events.ts').PaymentEvent
  | import('./bid-sheet-events.ts').BidSheetEvent
  | import('./reference-data-events.ts').ReferenceDataEvent;
