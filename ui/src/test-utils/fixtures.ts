import type { CardRecord, LotView, UserRecord } from '@wine/contracts';

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
