import type { Auth } from '@wine/contracts';

/**
 * Issue 38 "Done when": every call named in seeds 000 §7 and 001 §7, read line by line and checked by
 * hand, with the path the seeds' path rules give it and the audience the seeds imply.
 *
 * The path rules (seeds 001 §7, first paragraph): /api/{area}/{action}, POST with a JSON body unless
 * the seeds say GET; with no area /api/user/{action}; seller calls under /api/seller/; "Without a
 * service prefix" /api/{action}; a custom flag switches to /api/custom/.
 *
 * `pathFrom` says where an entry's path comes from:
 * - 'seeds': the seeds write the area (001 §7 "credit/payCartWallet", or a section's "(area user)").
 * - 'rule': the seeds write no area, and a path rule of 001 §7 gives it (/api/user/{action}).
 * - 'product': the seeds show no path ("Paths for the context actions above (watchlist, follow, cart,
 *   bid and others): not shown", 000 §7; or a call described, not named): the product's path is checked.
 *
 * `audience` is who the seeds imply may call it, in the product's terms (contracts/src/accounts/roles.ts
 * `Auth`): 'public' (anyone), 'viewer' (anyone; a session personalises the answer), 'user' (a signed-in
 * user), or a role (seeds 001 §6: seller, admin; the back office's finance, support, auditor,
 * auctioneer). Where the seeds show no check ("permission checks: not shown", 001 §6) the product's
 * audience is taken and `note` says so.
 */
export interface SeedCall {
  seed: '000' | '001';
  /** The section, and the heading it is under (001 §7's sub-headings). */
  section: string;
  /** The call's name as the seeds write it. */
  name: string;
  /** 'http' a request to the product's API; 'socket' the /ws socket; 'none' not an HTTP call (see `note`). */
  how: 'http' | 'socket' | 'none';
  method: 'POST' | 'GET';
  /** Where a client written against the seeds sends it (empty for `how: 'none'`). */
  path: string;
  pathFrom: 'seeds' | 'rule' | 'product';
  /**
   * The action's own path, where `path` is one of its aliases or its card providers' paths (contracts:
   * `aliases`, `providerPaths`).
   */
  servedAt?: string;
  /** A card provider's path (`providerPaths`): served only while that provider is the configured one. */
  provider?: 'stripe' | 'cybersource' | 'versapay';
  audience: Auth;
  note?: string;
}

/** The key of an entry in the lists below: the seed, its section and the name as written. */
export interface SeedCallKey {
  seed: '000' | '001';
  section: string;
  name: string;
}

export const keyOf = (c: SeedCallKey) => `${c.seed} ${c.section}: ${c.name}`;

type Extra = Partial<Pick<SeedCall, 'method' | 'servedAt' | 'provider' | 'note' | 'how'>>;

/** Entries of one section: (name, path, pathFrom, audience, extra). */
const under =
  (seed: SeedCall['seed'], section: string) =>
  (
    name: string,
    path: string,
    pathFrom: SeedCall['pathFrom'],
    audience: Auth,
    extra: Extra = {},
  ): SeedCall => ({
    seed,
    section,
    name,
    how: 'http',
    method: 'POST',
    path,
    pathFrom,
    audience,
    ...extra,
  });

/** A call named in the seeds that is no request to the product's API, and why. */
const notHttp = (seed: SeedCall['seed'], section: string, name: string, note: string): SeedCall => ({
  seed,
  section,
  name,
  how: 'none',
  method: 'POST',
  path: '',
  pathFrom: 'product',
  audience: 'public',
  note,
});

const staff: Auth = ['admin', 'finance', 'support', 'auditor', 'auctioneer'];
const backOffice: Auth = ['finance', 'admin'];
const imageStaff: Auth = ['admin', 'seller'];
const SEEDS_SILENT = "seeds 001 §6: 'permission checks: not shown'; the product's audience";
/** seeds 001 §1 'Sellers and vendors have their own cart, checkout, wallet payment, offline payment' (issue 38 §1). */
const sellerOrVendor: Auth = ['seller', 'vendor'];
const BOTH = "001 §1: 'Sellers and vendors have their own cart, checkout, wallet payment, offline payment'";

// ---------------------------------------------------------------------------------------------------
// seeds 000 §7 "The calls it makes" (one table; paths of the context actions "not shown").
const s000 = under('000', '§7');
const calls000: SeedCall[] = [
  {
    seed: '000',
    section: '§7',
    name: 'Socket connection (websocket transport only)',
    how: 'socket',
    method: 'GET',
    path: '/ws',
    pathFrom: 'product',
    audience: 'public',
    note: 'the servertime message with dTime (the authoritative clock), without a session',
  },
  s000('Validate user', '/api/user/validateUser', 'seeds', 'user', {
    note: "001 §7 (area user) validateUser: 'empty payload, bearer token'",
  }),
  s000('Login (Login, register, other account actions)', '/api/user/login', 'seeds', 'public', {
    note: "'see second document': 001 §7 (area user) login",
  }),
  s000('register (Login, register, other account actions)', '/api/user/register', 'seeds', 'public', {
    note: "'see second document': 001 §7 (area user) register",
  }),
  s000('getDefault (common)', '/api/common/getDefault', 'seeds', 'public'),
  s000('getStaticPage (common)', '/api/common/getStaticPage', 'seeds', 'public'),
  s000('Lot load', '/api/product/lot', 'product', 'viewer', {
    note: 'a described call (filters market_status, id; limit 1); a session adds the bid status',
  }),
  s000('Bid history search', '/api/bid/history', 'product', 'viewer', {
    note: "a described call (filter b.declined=0, limit 10); a session labels 'My Bid'",
  }),
  s000('addWatchlist', '/api/user/addWatchlist', 'product', 'user'),
  s000('removeWatchlist', '/api/user/removeWatchlist', 'product', 'user'),
  s000('addFollower', '/api/user/addFollower', 'product', 'user'),
  s000('getFollowers', '/api/user/getFollowers', 'product', 'user'),
  s000('increaseProductViewCount', '/api/product/increaseProductViewCount', 'product', 'viewer'),
  s000('getAllSimilarProducts', '/api/product/getAllSimilarProducts', 'product', 'viewer'),
  s000('addToCart', '/api/buynow/addToCart', 'seeds', 'user', { note: '001 §7 buynow/addToCart' }),
  s000('bidConfirm', '/api/bid/confirm', 'seeds', 'user', { note: '001 §7 bid/confirm' }),
  s000('getAllCards', '/api/user/getSkyflowCredit', 'product', 'user', {
    note: "POST with object 'card' (the body of Stripe's source list); 001's GET getSkyflowCredit is its own entry",
  }),
  s000('loadUser (loadUser / updateProfile)', '/api/user/validateUser', 'product', 'user', {
    note: "the user record, as 'Validate user' answers it",
  }),
  s000('updateProfile (loadUser / updateProfile)', '/api/user/updateProfile', 'rule', 'user', {
    note: 'sends popup_message 0; 001 §7 (area user) updateProfile',
  }),
  s000("loadPendingCount (table 'buynow')", '/api/cart/pendingCount', 'seeds', 'user', {
    note: '001 §7 Cart counts: cart pendingCount',
  }),
  s000("loadPendingCount (table 'cart_temp')", '/api/carttemp/pendingCountTemp', 'seeds', 'user', {
    note: '001 §7 Cart counts: carttemp pendingCountTemp',
  }),
  s000('getAllCartProducts', '/api/buynow/search', 'product', 'user', {
    note: "000's cart is the buy-now cart (/buynowcart); 001 §7 buynow/search",
  }),
  s000('logout', '/api/user/logout', 'rule', 'user', { note: 'an account action; no area: /api/user/' }),
  s000(
    'Rich-text image upload (muliple_img_uploader)',
    '/api/commonFunction/muliple_img_uploader',
    'seeds',
    imageStaff,
    {
      note: "001 §7 Common: commonFunction/image_uploader muliple_img_uploader; the editor is the staff's and sellers' (folder templates)",
    },
  ),
  s000('Hosted search index query', '/api/product/suggest', 'product', 'public', {
    note: "a hosted index in the seeds (suggestions with objectID); the product's own search index answers",
  }),
];

// ---------------------------------------------------------------------------------------------------
// seeds 001 §7 "The calls it makes".
const path001 = under('001', '§7 Path shape');
const user = under('001', '§7 Account and identity (area user)');
const common = under('001', '§7 Common');
const counts = under('001', '§7 Cart counts');
const wallet = under('001', '§7 Wallet, gift cards, offline');
const cart = under('001', '§7 Cart and checkout');
const bids = under('001', '§7 Bids (back-office side)');
const appointments = under('001', '§7 Appointments');
const providers = under('001', '§7 Card providers');
const payments = under('001', '§7 Payments');
const reports = under('001', '§7 Reports');
const invoices = under('001', '§7 Invoices');
const investing = under('001', '§7 Investor onboarding (area paymentThird/northcapital)');
const marketing = under('001', '§7 Marketing');
const richText = under('001', '§7 Rich-text image upload');

const NC = '/api/paymentThird/northcapital';
const STRIPE = '/api/paymentThird/stripe';
const STRIPE_AREA =
  "the seeds do not name this 'card payment provider area'; read as paymentThird/stripe (Stripe's customer/source/payment_method API; its stage-host variant is paymentThird/stripe)";

const calls001: SeedCall[] = [
  path001('custom flag: /api/custom/{action} (login)', '/api/custom/login', 'rule', 'public', {
    servedAt: '/api/user/login',
    note: "'a custom flag switches to /api/custom/': a no-area call under the flag",
  }),

  // Account and identity (area user)
  user('register', '/api/user/register', 'seeds', 'public'),
  user('checkValidation', '/api/user/checkValidation', 'seeds', 'viewer', {
    note: 'anyone asks whether an e-mail or phone is free; only its owner learns that an account exists (issue 38 §3)',
  }),
  user('login', '/api/user/login', 'seeds', 'public'),
  user('sendPhoneLoginCode', '/api/user/sendPhoneLoginCode', 'seeds', 'public'),
  user('switchuser', '/api/user/switchuser', 'seeds', 'admin', {
    note: 'an admin acting as a user (/switch); seeds 000 §4.8 "a user can switch user" shows no check',
  }),
  user('validateUser', '/api/user/validateUser', 'seeds', 'user'),
  user('updateProfile', '/api/user/updateProfile', 'seeds', 'user'),
  user('updateProfileKYC', '/api/user/updateProfileKYC', 'seeds', 'user'),
  user('updatePreference', '/api/user/updatePreference', 'seeds', 'user'),
  user('forgotPassword', '/api/user/forgotPassword', 'seeds', 'public'),
  user('resetPassword', '/api/user/resetPassword', 'seeds', 'public'),
  user('resetUserProfile', '/api/user/resetUserProfile', 'seeds', 'user'),
  user('sendPhoneVerifyCode', '/api/user/sendPhoneVerifyCode', 'seeds', 'user'),
  user('verifyPhoneVerifyCode', '/api/user/verifyPhoneVerifyCode', 'seeds', 'user'),
  user('sendEmailVerifyLink', '/api/user/sendEmailVerifyLink', 'seeds', 'user'),
  user('verifyEmail', '/api/user/verifyEmail', 'seeds', 'public', {
    note: 'the mailed link, before any session',
  }),
  user('sendEmailVerifyCode', '/api/user/sendEmailVerifyCode', 'seeds', 'viewer', {
    note: 'a registration not finished yet has no session',
  }),
  user('verifyEmailVerifyCode', '/api/user/verifyEmailVerifyCode', 'seeds', 'viewer', {
    note: "'may return a token': it signs in the user who registered",
  }),
  user('approveBidLimitRequest', '/api/user/approveBidLimitRequest', 'seeds', 'admin', {
    note: "001 §6 'approver role: not shown'; an admin",
  }),
  user('changeStatus', '/api/user/changeStatus', 'seeds', 'admin', {
    servedAt: '/api/admin/user/changeStatus',
    note: "a user's status (001 §3 'deactivate'), never the admin's own; the staff area's action",
  }),
  user('submitContactUs', '/api/user/submitContactUs', 'seeds', 'public'),
  user('userAddress', '/api/user/userAddress', 'seeds', 'user'),
  user('addCompanyOwner', '/api/user/addCompanyOwner', 'seeds', 'user'),
  user('updateCompanyOwner', '/api/user/updateCompanyOwner', 'seeds', 'user'),
  user('removeCompanyOwner', '/api/user/removeCompanyOwner', 'seeds', 'user'),
  user('runKycCheck', '/api/user/runKycCheck', 'seeds', 'user'),
  user('updateUserAccountVerified', '/api/user/updateUserAccountVerified', 'seeds', 'admin', {
    note: SEEDS_SILENT,
  }),
  user('addSkyflowCredit', '/api/user/addSkyflowCredit', 'seeds', 'user'),
  user('deleteSkyflowCredit', '/api/user/deleteSkyflowCredit', 'seeds', 'user'),
  user('updateSkyflowCredit', '/api/user/updateSkyflowCredit', 'seeds', 'user'),
  user('defaultSkyflowCard', '/api/user/defaultSkyflowCard', 'seeds', 'user'),
  user('GET getSkyflowCredit', '/api/user/getSkyflowCredit', 'seeds', 'user', {
    method: 'GET',
    note: "the seeds say GET: getCards' list answered to a GET (no body) as well as to its POST",
  }),
  user('decryptProfile (without a service prefix)', '/api/decryptProfile', 'seeds', 'user'),
  user('getInviteDetails (without a service prefix)', '/api/getInviteDetails', 'seeds', 'public', {
    note: 'the invitation link, before the invited person has an account',
  }),
  user('getCompanyOwners (without a service prefix)', '/api/getCompanyOwners', 'seeds', 'user'),
  user('tax/avalara isValidAddress', '/api/tax/avalara/isValidAddress', 'seeds', 'user', {
    note: 'the address forms of the account and the checkout',
  }),
  user('maps geocode (address fields)', '/api/user/addressAutocomplete', 'product', 'user', {
    note: "'a maps geocode and place-details service': the product asks the maps provider on the server",
  }),
  user('maps place-details (address fields)', '/api/user/addressDetails', 'product', 'user'),

  // Common
  common('common: getDefault', '/api/common/getDefault', 'seeds', 'public'),
  common('common: getStaticPage (id)', '/api/common/getStaticPage', 'seeds', 'public'),
  common('common: getFooterLinks', '/api/common/getFooterLinks', 'seeds', 'public'),
  common('common: insertEntry', '/api/common/insertEntry', 'seeds', 'admin', {
    note: "the staff's generic editor of the reference lists (issue 38 §5)",
  }),
  common('common: updateEntry', '/api/common/updateEntry', 'seeds', 'admin'),
  common('common: getPreviousData', '/api/common/getPreviousData', 'seeds', staff, {
    note: 'the back office reads the lists; every staff role',
  }),
  common('commonFunction: getImageBase', '/api/commonFunction/getImageBase', 'seeds', imageStaff, {
    note: 'the image crop of the lot editors (staff and sellers)',
  }),
  common('commonFunction: getAllCountries', '/api/commonFunction/getAllCountries', 'seeds', 'public'),
  common('commonFunction: getAllStates', '/api/commonFunction/getAllStates', 'seeds', 'public'),
  common('commonFunction: getAllCities', '/api/commonFunction/getAllCities', 'seeds', 'public'),
  common('commonFunction: getAllDynamicArray', '/api/commonFunction/getAllDynamicArray', 'seeds', 'public'),
  common('commonFunction/image_uploader', '/api/commonFunction/image_uploader', 'seeds', imageStaff),
  common(
    'commonFunction/muliple_img_uploader',
    '/api/commonFunction/muliple_img_uploader',
    'seeds',
    imageStaff,
  ),

  // Cart counts
  counts('cart pendingCount', '/api/cart/pendingCount', 'seeds', 'user'),
  counts('carttemp pendingCountTemp', '/api/carttemp/pendingCountTemp', 'seeds', 'user'),

  // Wallet, gift cards, offline
  wallet('credit/addCreditBalance', '/api/credit/addCreditBalance', 'seeds', 'user'),
  wallet('credit/addBidDeposit', '/api/credit/addBidDeposit', 'seeds', 'user'),
  wallet('giftcard/addGiftCardWalletBalance', '/api/giftcard/addGiftCardWalletBalance', 'seeds', 'user'),
  wallet('credit/payCartWallet', '/api/credit/payCartWallet', 'seeds', 'user'),
  wallet('credit/getCreditHistory', '/api/credit/getCreditHistory', 'seeds', 'user'),
  wallet('offline/payCartOffline', '/api/offline/payCartOffline', 'seeds', 'user'),
  wallet('seller/credit/payCartWallet', '/api/seller/credit/payCartWallet', 'seeds', sellerOrVendor, {
    note: `${BOTH}: the charges the house bills them, from the statement`,
  }),
  wallet('seller/offline/payCartOffline', '/api/seller/offline/payCartOffline', 'seeds', sellerOrVendor, {
    note: `${BOTH}: the charges the house bills them, from the statement`,
  }),
  wallet('Deposit area: deposit', '/api/deposit/deposit', 'seeds', 'user'),
  wallet('Deposit area: alldeposits', '/api/deposit/alldeposits', 'seeds', 'user'),

  // Cart and checkout
  cart('cart/checkout', '/api/cart/checkout', 'seeds', 'user'),
  cart('cart/search', '/api/cart/search', 'seeds', 'user'),
  cart('cart/changeStatus', '/api/cart/changeStatus', 'seeds', 'user'),
  cart('cart/cancelItem', '/api/cart/cancelItem', 'seeds', 'user'),
  cart('cart/saveAddress', '/api/cart/saveAddress', 'seeds', 'user'),
  cart('cart/updateCheckout', '/api/cart/updateCheckout', 'seeds', 'user'),
  cart('seller/cart/checkout', '/api/seller/cart/checkout', 'seeds', sellerOrVendor, {
    note: `${BOTH}: the charges the house bills them, by card, from the statement`,
  }),
  cart('buynow/addToCart', '/api/buynow/addToCart', 'seeds', 'user'),
  cart('buynow/addToBuynow', '/api/buynow/addToBuynow', 'seeds', 'user'),
  // Issue 38 §2: the fee changes what a buyer owes, a money record: set by finance or an admin (never
  // the buyer, who would choose not to pay it), not on their own invoice.
  cart('buynow/updateAdminFee', '/api/buynow/updateAdminFee', 'seeds', backOffice, {
    note: `"a configured admin fee on an order" (issue 38 §2) set by staff on a money record; ${SEEDS_SILENT}`,
  }),
  // Issue 38 §2: a provenance certificate is the seller's (or the house's) to attach to a sold line.
  cart(
    'buynow/updateOwnershipCertificate',
    '/api/buynow/updateOwnershipCertificate',
    'seeds',
    ['admin', 'seller'],
    {
      note: `"a provenance certificate attached to a sold line" (issue 38 §2): the line's seller or an admin; ${SEEDS_SILENT}`,
    },
  ),
  cart('buynow/refreshCart', '/api/buynow/refreshCart', 'seeds', 'user'),
  cart('buynow/checkout', '/api/buynow/checkout', 'seeds', 'user'),
  cart('buynow/search', '/api/buynow/search', 'seeds', 'user'),
  cart('buynow/changeStatus', '/api/buynow/changeStatus', 'seeds', 'user'),
  cart('buynowTemp/addToCartTemp', '/api/buynowTemp/addToCartTemp', 'seeds', 'user'),
  cart('buynowtemp/checkouttemp', '/api/buynowtemp/checkouttemp', 'seeds', 'user', {
    servedAt: '/api/cart/checkout',
  }),
  cart('buynowtemp/searchTemp', '/api/buynowtemp/searchTemp', 'seeds', 'user'),
  cart('buynowtemp/changeStatusTemp', '/api/buynowtemp/changeStatusTemp', 'seeds', 'user'),
  cart('makeoffer/addToMakeoffer', '/api/makeoffer/addToMakeoffer', 'seeds', 'user'),
  cart('makeoffer/search', '/api/makeoffer/search', 'seeds', 'user'),
  cart(
    'Seller offers: changeOfferStatus',
    '/api/seller/offer/changeOfferStatus',
    'seeds',
    ['seller', 'admin'],
    {
      note: "001 §6 names the seller/offer path; the seller answers an offer on their lot, an admin on the house's",
    },
  ),
  cart('Seller offers: adminoffers', '/api/seller/offer/adminoffers', 'seeds', 'admin', {
    note: "001 §6 'admin offers'",
  }),

  // Bids (back-office side)
  bids('bid/confirm', '/api/bid/confirm', 'seeds', 'user'),
  bids('bid/bidCustomData', '/api/bid/bidCustomData', 'seeds', 'user', {
    servedAt: '/api/bid/confirm',
    note: "a bidder's bid with custom data (the amount typed rather than chosen), beside bid/confirm: the same bid",
  }),
  bids('bid/preBidConfirm', '/api/bid/preBidConfirm', 'seeds', 'user', { servedAt: '/api/ttwbid/confirm' }),
  bids('bid/bidCancel', '/api/bid/bidCancel', 'seeds', 'admin'),
  bids('bid/manualAward', '/api/bid/manualAward', 'seeds', 'admin'),
  bids('seller/bid/manualAward', '/api/seller/bid/manualAward', 'seeds', 'seller'),
  bids('ttwbid/confirm', '/api/ttwbid/confirm', 'seeds', 'user'),
  bids('ttwbid/future_proxy', '/api/ttwbid/future_proxy', 'seeds', 'user'),
  bids('ttwbidTemp/bidConfirmTemp', '/api/ttwbidTemp/bidConfirmTemp', 'seeds', 'user'),
  bids('ttwbidTemp/cancelttwbidTemp', '/api/ttwbidTemp/cancelttwbidTemp', 'seeds', 'user'),
  notHttp(
    '001',
    '§7 Bids (back-office side)',
    'a separate cron host for bid confirm (bidding cron setting)',
    'another host for bid/confirm, not a call: the product has one origin, and bid/confirm is checked above',
  ),

  // Appointments
  appointments('appointment/checkAppointments', '/api/appointment/checkAppointments', 'seeds', 'user'),
  appointments(
    'checkAppointmentsForAuction',
    '/api/appointment/checkAppointmentsForAuction',
    'seeds',
    'user',
  ),
  appointments('getAppointments', '/api/appointment/getAppointments', 'seeds', 'user'),
  appointments('getAppointmentForInvoice', '/api/appointment/getAppointmentForInvoice', 'seeds', 'user'),
  appointments('update', '/api/appointment/update', 'seeds', 'user'),

  // Card providers
  providers(
    'paymentThird/cybersource: addCustomer',
    '/api/paymentThird/cybersource/addCustomer',
    'seeds',
    'user',
    {
      provider: 'cybersource',
      servedAt: '/api/user/cardCustomer',
    },
  ),
  providers(
    'paymentThird/cybersource: createCard',
    '/api/paymentThird/cybersource/createCard',
    'seeds',
    'user',
    {
      provider: 'cybersource',
      servedAt: '/api/user/addSkyflowCredit',
    },
  ),
  providers('paymentThird/cybersource: listCard', '/api/paymentThird/cybersource/listCard', 'seeds', 'user', {
    provider: 'cybersource',
    servedAt: '/api/user/getSkyflowCredit',
  }),
  providers(
    'paymentThird/cybersource: updateCard',
    '/api/paymentThird/cybersource/updateCard',
    'seeds',
    'user',
    {
      provider: 'cybersource',
      servedAt: '/api/user/updateSkyflowCredit',
    },
  ),
  providers(
    'paymentThird/cybersource: deleteCard',
    '/api/paymentThird/cybersource/deleteCard',
    'seeds',
    'user',
    {
      provider: 'cybersource',
      servedAt: '/api/user/deleteSkyflowCredit',
    },
  ),
  notHttp(
    '001',
    '§7 Card providers',
    'a direct card-vault customer GET and PATCH by customerTokenId',
    "direct calls to the card vault (CyberSource's customer by customerTokenId), not to the product's API: no path of the product is named; the product keeps the vault's customer on its server (the card provider port)",
  ),
  providers(
    'paymentThird/versapay: createCardLink',
    '/api/paymentThird/versapay/createCardLink',
    'seeds',
    'user',
    {
      provider: 'versapay',
      servedAt: '/api/user/cardCaptureContext',
    },
  ),
  providers('paymentThird/versapay: listCard', '/api/paymentThird/versapay/listCard', 'seeds', 'user', {
    provider: 'versapay',
    servedAt: '/api/user/getSkyflowCredit',
  }),
  providers('paymentThird/versapay: updateCard', '/api/paymentThird/versapay/updateCard', 'seeds', 'user', {
    provider: 'versapay',
    servedAt: '/api/user/updateSkyflowCredit',
  }),
  providers('paymentThird/versapay: defaultCard', '/api/paymentThird/versapay/defaultCard', 'seeds', 'user', {
    provider: 'versapay',
    servedAt: '/api/user/defaultSkyflowCard',
  }),
  providers('paymentThird/versapay: deleteCard', '/api/paymentThird/versapay/deleteCard', 'seeds', 'user', {
    provider: 'versapay',
    servedAt: '/api/user/deleteSkyflowCredit',
  }),
  notHttp(
    '001',
    '§7 Card providers',
    'versapay: a multipart card create to a caller-given path',
    "the path is the caller's (given at run time, Versapay's hosted form), not one of the product's",
  ),
  ...(
    [
      ['customer/source/create', '/api/user/addSkyflowCredit'],
      ['customer/create', '/api/user/cardCustomer'],
      ['customer/source/list', '/api/user/getSkyflowCredit'],
      ['customer/source/retrieve', '/api/user/retrieveSkyflowCredit'],
      ['customer/source/update', '/api/user/updateSkyflowCredit'],
      ['customer/source/delete', '/api/user/deleteSkyflowCredit'],
      ['customer/payment_method/create', '/api/user/addSkyflowCredit'],
      ['customer/payment_method/list', '/api/user/getSkyflowCredit'],
      ['customer/payment_method/retrieve', '/api/user/retrieveSkyflowCredit'],
      ['customer/payment_method/update', '/api/user/updateSkyflowCredit'],
      ['customer/payment_method/delete', '/api/user/deleteSkyflowCredit'],
      ['customer/payment_method/default', '/api/user/defaultSkyflowCard'],
      ['skyflow/createPaymentMethod', '/api/user/addSkyflowCredit'],
      ['skyflow/deletePaymentMethod', '/api/user/deleteSkyflowCredit'],
      ['skyflow/updatePaymentMethod', '/api/user/updateSkyflowCredit'],
    ] as const
  ).map(([call, servedAt]) =>
    providers(`card payment provider area: ${call}`, `${STRIPE}/${call}`, 'seeds', 'user', {
      provider: 'stripe',
      servedAt,
      note: STRIPE_AREA,
    }),
  ),
  providers(
    'stage-host variant: paymentThird/stripe/customer/create',
    `${STRIPE}/customer/create`,
    'seeds',
    'user',
    {
      provider: 'stripe',
      servedAt: '/api/user/cardCustomer',
    },
  ),
  providers('stage-host variant: source/create', `${STRIPE}/source/create`, 'seeds', 'user', {
    provider: 'stripe',
    servedAt: '/api/user/addSkyflowCredit',
  }),
  providers('stage-host variant: source/list', `${STRIPE}/source/list`, 'seeds', 'user', {
    provider: 'stripe',
    servedAt: '/api/user/getSkyflowCredit',
  }),
  providers('stage-host variant: source/retrieve', `${STRIPE}/source/retrieve`, 'seeds', 'user', {
    provider: 'stripe',
    servedAt: '/api/user/retrieveSkyflowCredit',
  }),
  providers('stage-host variant: source/update', `${STRIPE}/source/update`, 'seeds', 'user', {
    provider: 'stripe',
    servedAt: '/api/user/updateSkyflowCredit',
  }),
  providers('stage-host variant: source/delete', `${STRIPE}/source/delete`, 'seeds', 'user', {
    provider: 'stripe',
    servedAt: '/api/user/deleteSkyflowCredit',
  }),

  // Payments
  payments('payment/authorize', '/api/payment/authorize', 'seeds', 'user', {
    note: "a saved card's hold of an auction (or offers') cart's total, not taken; its checkout with the card takes it",
  }),
  payments('rosoom_payment', '/api/payment/rosoom_payment', 'seeds', 'user'),
  payments('rosoom_response', '/api/payment/rosoom_response', 'seeds', 'user', {
    note: "the client's call on coming back from the provider, with its session",
  }),
  payments('paypal_response', '/api/payment/paypal_response', 'seeds', 'user'),
  payments('stripe_payment_element', '/api/payment/stripe_payment_element', 'seeds', 'user', {
    provider: 'stripe',
    servedAt: '/api/cart/checkout',
  }),
  payments('stripe_payment', '/api/payment/stripe_payment', 'seeds', 'user', {
    provider: 'stripe',
    servedAt: '/api/cart/checkout',
  }),
  payments(
    'stripe_payment (custom/payment when the custom flag is set)',
    '/api/custom/payment/stripe_payment',
    'seeds',
    'user',
    {
      provider: 'stripe',
      servedAt: '/api/cart/checkout',
    },
  ),
  payments('stripe_payment_response', '/api/payment/stripe_payment_response', 'seeds', 'user', {
    provider: 'stripe',
    servedAt: '/api/payment/confirm',
  }),
  payments('versapay_validatepayment', '/api/payment/versapay_validatepayment', 'seeds', 'user', {
    provider: 'versapay',
    servedAt: '/api/payment/confirm',
  }),
  payments('cybersource_payment', '/api/payment/cybersource_payment', 'seeds', 'user', {
    provider: 'cybersource',
    servedAt: '/api/cart/checkout',
  }),
  payments('northcapital_payment', '/api/payment/northcapital_payment', 'seeds', 'user', {
    note: "an investor's order paid through North Capital (ACH or card); its answer kept as the confirmation",
  }),
  payments('paytm_payment', '/api/payment/paytm_payment', 'seeds', 'user'),
  notHttp(
    '001',
    '§7 Payments',
    'a multipart payment confirm to a caller-given path',
    "the path is the caller's (given at run time), not one of the product's",
  ),
  payments('paymentThird/stripe/stripe_payment', '/api/paymentThird/stripe/stripe_payment', 'seeds', 'user', {
    provider: 'stripe',
    servedAt: '/api/cart/checkout',
  }),
  payments(
    'paymentThird/paytm membership-payment',
    '/api/paymentThird/paytm/membership-payment',
    'seeds',
    'user',
  ),
  payments('paymentThird/paytm paytm_response', '/api/paymentThird/paytm/paytm_response', 'seeds', 'user'),
  payments(
    'paymentThird/cashfree membership-payment',
    '/api/paymentThird/cashfree/membership-payment',
    'seeds',
    'user',
  ),
  payments(
    'paymentThird/cashfree cashfree_response',
    '/api/paymentThird/cashfree/cashfree_response',
    'seeds',
    'user',
  ),
  payments(
    'paymentThird/rosoom: getPendingTransaction',
    '/api/paymentThird/rosoom/getPendingTransaction',
    'seeds',
    'user',
  ),
  payments(
    'paymentThird/rosoom: getPendingOnCartTransaction',
    '/api/paymentThird/rosoom/getPendingOnCartTransaction',
    'seeds',
    'user',
  ),

  // Reports
  ...[
    'getCustomerOrders',
    'getVendorSelling',
    'getVendorSold',
    'getCustomerPaid',
    'getCustomerUnPaid',
    'export',
  ].map((call) =>
    reports(`third_party/netsuite: ${call}`, `/api/third_party/netsuite/${call}`, 'seeds', backOffice, {
      note: "001 §1 'Back-office areas: order and sales reports with CSV export': finance or an admin",
    }),
  ),
  reports('user/exportWatchlist', '/api/user/exportWatchlist', 'seeds', 'user'),

  // Invoices (read with the area user/invoice that multipleInvoice names, as allinvoices is served)
  invoices('invoice', '/api/user/invoice/invoice', 'seeds', 'user', {
    servedAt: '/api/user/invoice/getInvoiceDetails',
    note: "area user/invoice ('multipleInvoice (user/invoice)'), as the list's other calls; the invoice detail",
  }),
  invoices('public_invoice', '/api/user/invoice/public_invoice', 'seeds', 'public', {
    note: "'invoice or public_invoice': the shareable invoice without a session (issue 38 §2)",
  }),
  invoices('returninvoice', '/api/user/invoice/returninvoice', 'seeds', 'user', {
    servedAt: '/api/product/returninvoice',
    note: "the product area's returninvoice (one return and its invoice), named in this area too",
  }),
  invoices('multipleInvoice (user/invoice)', '/api/user/invoice/multipleInvoice', 'seeds', 'user'),
  invoices('allinvoices', '/api/user/invoice/allinvoices', 'seeds', 'user'),
  invoices('alltransactions', '/api/user/invoice/alltransactions', 'seeds', 'user'),
  invoices('getInvoiceDetails', '/api/user/invoice/getInvoiceDetails', 'seeds', 'user'),
  invoices('seller/invoice: invoices', '/api/seller/invoice/invoices', 'seeds', 'seller'),
  invoices('seller/invoice: changeStatus', '/api/seller/invoice/changeStatus', 'seeds', backOffice, {
    note: `a seller's statement paid out: a money record; ${SEEDS_SILENT}`,
  }),
  // Issue 38 §1: a vendor reads their statement and says how they are paid, as a seller does.
  invoices('seller/user/invoice: invoice', '/api/seller/user/invoice/invoice', 'seeds', sellerOrVendor, {
    note: `${BOTH}: the statement the charges are paid from`,
  }),
  invoices(
    'seller/user/invoice: update_invoice',
    '/api/seller/user/invoice/update_invoice',
    'seeds',
    sellerOrVendor,
    { note: '001 §1: sellers and vendors are paid; how they are paid is theirs to say' },
  ),
  invoices(
    'user/third_party/pandadoc: createPandaDocForSV',
    '/api/user/third_party/pandadoc/createPandaDocForSV',
    'seeds',
    'admin',
    { note: `the house sends the agreement; ${SEEDS_SILENT}` },
  ),
  invoices(
    'user/third_party/pandadoc: viewPandaDoc',
    '/api/user/third_party/pandadoc/viewPandaDoc',
    'seeds',
    'user',
  ),
  invoices(
    'user/third_party/pandadoc: getSessionId',
    '/api/user/third_party/pandadoc/getSessionId',
    'seeds',
    'seller',
    {
      note: `the seller signs the consignment agreement; ${SEEDS_SILENT}`,
    },
  ),
  invoices('Product area: invoice', '/api/product/invoice', 'seeds', 'user', {
    servedAt: '/api/user/invoice/getInvoiceDetails',
  }),
  invoices('Product area: returninvoice', '/api/product/returninvoice', 'seeds', 'user'),
  invoices('Product area: allinvoices', '/api/product/allinvoices', 'seeds', 'user', {
    servedAt: '/api/user/invoice/allinvoices',
  }),
  invoices('Product area: allreturns', '/api/product/allreturns', 'seeds', 'user'),
  invoices('Product area: raiseReturnRequest', '/api/product/raiseReturnRequest', 'seeds', 'user'),
  invoices('Product area: uploadXLSXFile (file upload)', '/api/product/uploadXLSXFile', 'seeds', 'admin', {
    note: "the staff's catalogue import",
  }),

  // Investor onboarding (area paymentThird/northcapital)
  ...(
    [
      ['onBoardIndividual'],
      ['updateIndividual'],
      ['onBoardEntity'],
      ['uploadPartyDocument'],
      ['uploadEntityDocument'],
      ['calculateSuitability'],
      ['linkExternalAccount'],
      ['updateLinkExternalAccount'],
      ['getUserDetails'],
      ['getExternalAccount'],
      ['deleteExternalAccount'],
      ['getCreditCard'],
      ['getLinkedCreditCard', `${NC}/getCreditCard`],
      ['linkCreditCard', `${NC}/addCreditCard`],
      ['addCreditCard'],
      ['updateCreditCard'],
      ['deleteCreditCard'],
      ['deleteTrade'],
      ['addExternalBank', `${NC}/linkExternalAccount`],
      ['updateExternalBank', `${NC}/updateLinkExternalAccount`],
      ['createParty', `${NC}/onBoardIndividual`],
      ['createEntity', `${NC}/onBoardEntity`],
      ['createOrder'],
    ] as const
  ).map(([call, servedAt]) =>
    investing(call, `${NC}/${call}`, 'seeds', 'user', servedAt ? { servedAt } : {}),
  ),
  investing('updateSettlement', `${NC}/updateSettlement`, 'seeds', backOffice, {
    note: `staff move an order funded then settled (a money record); ${SEEDS_SILENT}`,
  }),
  investing('getStbids', `${NC}/getStbids`, 'seeds', 'user'),
  investing('getStAssetTotal', `${NC}/getStAssetTotal`, 'seeds', 'user', {
    note: "001 §3 'Investor data: ... asset total': the investor's own (finance, admins: every investor's)",
  }),
  investing('getuploadPartyDocument', `${NC}/getuploadPartyDocument`, 'seeds', 'user'),
  investing('linkEntityOwner', `${NC}/linkEntityOwner`, 'seeds', 'user'),
  investing('resendDocuSign', `${NC}/resendDocuSign`, 'seeds', 'user'),

  // Marketing
  marketing(
    'custom/index/campaign/zoho addcontacts',
    '/api/custom/index/campaign/zoho/addcontacts',
    'seeds',
    'public',
    {
      note: "the footer's newsletter field, for visitors",
    },
  ),
  marketing(
    'then subscribeCampaign',
    '/api/custom/index/campaign/zoho/subscribeCampaign',
    'seeds',
    'public',
    {
      servedAt: '/api/custom/index/campaign/zoho/addcontacts',
      note: 'the same area as addcontacts, called after it: the same sign-up (double opt-in)',
    },
  ),
  notHttp(
    '001',
    '§7 Marketing',
    'the newsletter contact posted to an external marketing service with body {contact}',
    "a call to the marketing service (Zoho Campaigns), not to the product's API: the product posts the confirmed contact from its server (platform/src/marketing)",
  ),

  // Rich-text image upload
  richText('POST muliple_img_uploader', '/api/commonFunction/muliple_img_uploader', 'seeds', imageStaff, {
    note: "the Common section's commonFunction/muliple_img_uploader (folder 'templates', file_upload)",
  }),
];

const notYetUnder = (seed: SeedCallKey['seed'], section: string, names: string[]): SeedCallKey[] =>
  names.map((name) => ({ seed, section, name }));

/** Every call named in seeds 000 §7 and 001 §7. */
export const seedCalls: readonly SeedCall[] = [...calls000, ...calls001];

/**
 * The calls with nothing behind them yet (the lead's roadmap): a request to each still answers
 * 'No action at …'. The int spec fails when one of them starts being served: take it out of here then.
 */
export const notServedYet: readonly SeedCallKey[] = [
  ...notYetUnder('001', '§7 Payments', ['rosoom_payment', 'rosoom_response']),
];

/**
 * Served calls whose declared audience is not yet the one the seeds imply (`audience` above). The int
 * spec fails when one of them comes to match: take it out of here then.
 */
export const audienceNotYet: readonly SeedCallKey[] = [];
