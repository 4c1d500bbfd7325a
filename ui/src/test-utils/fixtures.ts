import {
  type AuctionDetail,
  type BidConfirmResult,
  type CardRecord,
  type CartItem,
  type CartValues,
  type CartView,
  defaultPickupLocation,
  type InvoiceDetail,
  type LotView,
  type OutputOf,
  type Transaction,
  type UserRecord,
} from '@wine/contracts';

/** Auction a-7 as /api/auction/detail answers it, listed under an id no auction was created for. */
export function anAuction(overrides: Partial<AuctionDetail> = {}): AuctionDetail {
  return {
    auctionid: 'a-7',
    title: null,
    kind: null,
    starts_at: null,
    description: '',
    premium_text: '',
    location_id: null,
    lot_count: 3,
    open_count: 2,
    first_close: '2030-01-05T18:00:00.000Z',
    last_close: '2030-01-12T18:00:00.000Z',
    next_close: '2030-01-10T13:00:00.000Z',
    countries: ['France'],
    ...overrides,
  };
}

/** A lot as the query API returns it; override what a test cares about. */
export function aLot(overrides: Partial<LotView> = {}): LotView {
  return {
    id: 'lot-1',
    title: '2015 Château Margaux',
    itemId: 'SKU-1001',
    internalId: '1001',
    custitemlot_number: '42',
    auction: 1,
    buynow: 0,
    market_status: 'open',
    future_active: false,
    date_added: '2030-01-01T12:00:00.000Z',
    date_closed: '2030-01-10T12:00:00.000Z',
    auctionlot_date_closed: '2030-01-10T12:00:00.000Z',
    wprice: 125_000,
    bprice: null,
    qty: 6,
    sold: 0,
    bid_count: 3,
    next_bid: 130_000,
    cbidtext: 'Current Bid',
    allattachmentlist: [{ type: 1, file_name: 'margaux.jpg' }],
    desc_proc: 'A benchmark vintage.',
    metaTagHtml: {
      title: 'Château Margaux 2015',
      description: 'First growth',
      keywords: 'margaux, bordeaux',
    },
    auctionid: null,
    minimumquantity: 1,
    enforceminqtyinternally: 0,
    discount_buynow_records: [],
    buynowamount: null,
    bidtopstatus: null,
    bid_or_not: 0,
    watchlistid: 0,
    my_max_bid: null,
    own_lot: 0,
    custitem_gvo_invwebdisplay: null,
    custitem_gvo_color: 'Red',
    custitem_gvo_bottlesize: '750ml',
    custitem_gvo_producer: 'Château Margaux',
    custitemctregion: 'Bordeaux',
    custitemctsubregion: 'Margaux',
    custitem_gvo_country: 'France',
    vintage: 2015,
    rating: 99,
    custitem_gvo_ws: '98',
    custitem_gvo_wa: '99',
    ...overrides,
  };
}

/** bidConfirm's answer to a bid of $1,300.00 on lot-7 (the bidder leads); override what a test cares about. */
export function aBidResult(overrides: Partial<BidConfirmResult> = {}): BidConfirmResult {
  return {
    id: 'lot-7',
    wprice: 130_000,
    next_bid: 140_000,
    bid_count: 4,
    bidtopstatus: 'winner',
    date_closed: '2030-01-20T12:00:00.000Z',
    position: '00000000000000000042',
    ...overrides,
  };
}

/** A signed-in user as validateUser answers; override what a test cares about. */
export function aUser(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    id: 'user-1',
    card_on_file: false,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone: null,
    country_code: '+1',
    status: 'active',
    email_verified: false,
    phone_verified: false,
    popup_message: 0,
    force_logout: 0,
    isAdmin: false,
    roles: [],
    preferences: {
      email_notifications: true,
      sms_notifications: false,
      outbid_alerts: true,
      closing_reminders: true,
      won_notices: true,
      language: 'en',
    },
    created_at: '2030-01-01T12:00:00.000Z',
    kyc_status: 'none',
    bid_limit: null,
    bid_limit_requested: null,
    is_seller: false,
    ...overrides,
  };
}

/** A card on file as the card actions answer it; override what a test cares about. */
export function aCard(overrides: Partial<CardRecord> = {}): CardRecord {
  return {
    id: 'card-1',
    brand: 'visa',
    last4: '4242',
    exp_month: 4,
    exp_year: 2031,
    name_on_card: 'Ada Lovelace',
    is_default: true,
    ...overrides,
  };
}

/** A cart's values (cents; tax rate in basis points); override what a test cares about. */
export function someCartValues(overrides: Partial<CartValues> = {}): CartValues {
  return {
    count: 1,
    subtotal: 18_000,
    premium_percent: 0,
    premium: 0,
    tax_rate: 625,
    tax: 1_125,
    total: 19_125,
    paid: 0,
    due: 19_125,
    ...overrides,
  };
}

/** A buy-now cart line; override what a test cares about. */
export function aCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    product_id: 'lot-1',
    title: '2015 Château Margaux',
    image: 'margaux.jpg',
    qty: 2,
    unit_price: 9_000,
    amount: 18_000,
    discounts: [{ quantity: 6, bprice: 8_000 }],
    remaining: 12,
    invoice_id: null,
    ...overrides,
  };
}

/** A cart as buynowCart / auctionCart answer it. */
export function aCart(overrides: Partial<CartView> = {}): CartView {
  return {
    cartItems: [aCartItem()],
    nonCartItems: [],
    cartValues: someCartValues(),
    cartLocation: defaultPickupLocation,
    ...overrides,
  };
}

/** A payment or refund on an invoice. */
export function aTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 'tx-1',
    invoice_id: 'inv-1',
    type: 'payment',
    method: 'card',
    status: 'succeeded',
    amount: 19_125,
    card_brand: 'visa',
    card_last4: '4242',
    reference: 'ch_1',
    reason: null,
    created_at: '2030-01-11T10:00:00.000Z',
    ...overrides,
  };
}

/** An invoice with every block filled; override what a test cares about. */
export function anInvoice(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    id: 'inv-1',
    kind: 'auction',
    status: 'unpaid',
    created_at: '2030-01-10T12:00:00.000Z',
    due_at: '2030-01-24T12:00:00.000Z',
    paid_at: null,
    title: '2015 Château Margaux',
    items: 1,
    total: 161_250,
    paid: 0,
    due: 161_250,
    delivery_method: 'delivery',
    invoiceItems: [
      {
        product_id: 'lot-1',
        title: '2015 Château Margaux',
        image: null,
        seller_id: 'seller-1',
        qty: 6,
        unit_price: 21_000,
        amount: 126_000,
      },
    ],
    allTransactions: [aTransaction({ status: 'failed', amount: 161_250 })],
    appointmentDetail: null,
    locationDetail: defaultPickupLocation,
    cartValues: someCartValues({
      subtotal: 126_000,
      premium_percent: 20,
      premium: 25_200,
      tax_rate: 625,
      tax: 10_050,
      total: 161_250,
      due: 161_250,
    }),
    invoiceUser: { id: 'user-1', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    invoiceAddress: { address1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
    invoiceSeller: [{ id: 'seller-1', name: 'Cellar One' }],
    billingAddress: { address1: '9 Billing Rd', city: 'Chicago', state: 'IL', zip: '60607' },
    invoice_notes_public: [{ note: 'Handle with care', at: '2030-01-10T13:00:00.000Z' }],
    returnTransactions: [
      aTransaction({ id: 'tx-r', type: 'refund', amount: 5_000, reason: 'Corked', card_last4: '1111' }),
    ],
    orderControlLogs: [
      { at: '2030-01-10T12:00:00.000Z', event: 'InvoiceIssued', by: 'system', text: 'Invoice issued' },
    ],
    returned: 0,
    return_status: 'none',
    return_until: null,
    ...overrides,
  };
}

/** An invoice in the staff's list (staffInvoices): with who the buyer is. */
export function aStaffInvoice(
  overrides: Partial<OutputOf<'staffInvoices'>['records'][number]> = {},
): OutputOf<'staffInvoices'>['records'][number] {
  return {
    id: 'inv-1',
    kind: 'auction',
    status: 'unpaid',
    created_at: '2030-01-10T12:00:00.000Z',
    due_at: '2030-01-24T12:00:00.000Z',
    paid_at: null,
    title: '2015 Château Margaux',
    items: 1,
    total: 161_250,
    paid: 0,
    due: 161_250,
    buyer_id: 'user-1',
    buyer_name: 'Ada Lovelace',
    buyer_email: 'ada@example.com',
    ...overrides,
  };
}

/** A gift card in the staff's list (giftCards): never its code, only the last 4 characters. */
export function aGiftCard(
  overrides: Partial<OutputOf<'giftCards'>['records'][number]> = {},
): OutputOf<'giftCards'>['records'][number] {
  return {
    id: 'gc-1',
    last4: 'Q7RT',
    amount: 5_000,
    issued_at: '2030-01-05T12:00:00.000Z',
    redeemed_by: null,
    redeemed_at: null,
    ...overrides,
  };
}
