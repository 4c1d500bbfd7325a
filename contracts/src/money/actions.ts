import { z } from 'zod';
import { action, NoData, NoInput } from '../action.ts';
import { AuthorizeCardInput, CardHoldView, ReleaseCardHoldInput } from './card-holds.ts';
import {
  AddBidDepositInput,
  AddCreditInput,
  ApplyDepositInput,
  CancelItemInput,
  CheckoutInput,
  ConfirmPaymentInput,
  GatewayPaymentInput,
  GatewayResponseInput,
  type HostedGatewayChoice,
  InvoiceIdInput,
  InvoiceListInput,
  IssueGiftCardsInput,
  MembershipPaymentInput,
  PageInput,
  PayPalResponseInput,
  PlaceOrderInput,
  RecordOfflinePaymentInput,
  RedeemGiftCardInput,
  ReleaseDepositInput,
  SandboxAuthenticateInput,
  SandboxPayPalApproveInput,
  SaveAddressInput,
} from './inputs.ts';
import {
  BuynowCheckoutInput,
  ChangeInvoiceProductStatusInput,
  DepositInput,
  InvoiceShareInput,
  MultipleInvoiceInput,
  PublicInvoiceInput,
  UpdateAdminFeeInput,
  UpdateCheckoutInput,
  UpdateOwnershipCertificateInput,
} from './order-inputs.ts';
import {
  AdminFeeChange,
  DepositDetail,
  InvoiceLineChange,
  InvoiceShareView,
  MultipleInvoiceView,
  PublicInvoiceView,
} from './order-views.ts';
import {
  AddressQuote,
  CartView,
  CheckoutResult,
  CreditHistory,
  DepositList,
  GiftCardList,
  InvoiceDetail,
  InvoiceList,
  InvoiceStatus,
  IssuedGiftCards,
  PaymentGateways,
  SalesOrderList,
  StaffDepositList,
  StaffInvoiceList,
  TransactionList,
} from './views.ts';

/** The two carts (seeds 001 §7 "Cart and checkout", DOMAIN.md "Money"). */
export const cartViewActions = {
  buynowCart: action({
    path: '/api/buynow/search',
    side: 'query',
    auth: 'user',
    input: NoInput,
    output: CartView,
  }),
  auctionCart: action({
    path: '/api/cart/search',
    side: 'query',
    auth: 'user',
    input: NoInput,
    output: CartView,
  }),
  /** Prices every line again against its lot now; lines no longer for sale leave the cart. */
  refreshCart: action({
    path: '/api/buynow/refreshCart',
    side: 'command',
    auth: 'user',
    input: NoInput,
    output: z.object({ removed: z.array(z.string()), repriced: z.array(z.string()) }),
  }),
  cancelItem: action({
    path: '/api/cart/cancelItem',
    side: 'command',
    auth: 'user',
    input: CancelItemInput,
    output: NoData,
  }),
} as const;

/** Checkout and payment (seeds 001 §4, §7 "Cart and checkout", "Payments"). */
export const checkoutActions = {
  saveAddress: action({
    path: '/api/cart/saveAddress',
    side: 'command',
    auth: 'user',
    input: SaveAddressInput,
    output: AddressQuote,
  }),
  /** `once`: a repeated or concurrent request with one x-command-id reaches the card once. */
  checkout: action({
    path: '/api/cart/checkout',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: CheckoutInput,
    output: CheckoutResult,
    // seeds 001 §7 buynowtemp/checkouttemp: the temporary cart's (accepted offers', type `offer`).
    aliases: ['/api/buynowtemp/checkouttemp'],
    // seeds 001 "Payments": the provider's payment calls, while that provider takes the cards.
    providerPaths: {
      stripe: [
        '/api/payment/stripe_payment',
        '/api/paymentThird/stripe/stripe_payment',
        // A new card confirmed in the browser (payment.element): the Payment Element's path.
        '/api/payment/stripe_payment_element',
      ],
      cybersource: ['/api/payment/cybersource_payment'],
    },
  }),
  /**
   * seeds 001 §7 buynow/checkout (issue 38 §2): the buy-now cart's own path of the checkout, the same
   * process as cart/checkout with type buynow (one payment per x-command-id; the cart id names the order).
   */
  buynowCheckout: action({
    path: '/api/buynow/checkout',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: BuynowCheckoutInput,
    output: CheckoutResult,
  }),
  /**
   * seeds 001 §7 cart/updateCheckout (issue 38 §2): the delivery chosen written on the auction (or
   * temporary) cart's invoices without paying them: their tax, shipping and total as they will be paid.
   */
  updateCheckout: action({
    path: '/api/cart/updateCheckout',
    side: 'command',
    auth: 'user',
    input: UpdateCheckoutInput,
    output: AddressQuote,
  }),
  /** seeds 001 §7 offline/payCartOffline: placed unpaid, with instructions; finance records the money. */
  payCartOffline: action({
    path: '/api/offline/payCartOffline',
    side: 'command',
    money: true,
    auth: 'user',
    input: PlaceOrderInput,
    output: CheckoutResult,
  }),
  /** seeds 001 §7 credit/payCartWallet: the checkout paid from the wallet alone. */
  payCartWallet: action({
    path: '/api/credit/payCartWallet',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: PlaceOrderInput,
    output: CheckoutResult,
  }),
  confirmPayment: action({
    path: '/api/payment/confirm',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: ConfirmPaymentInput,
    output: CheckoutResult,
    // seeds 001 "Payments": back from the issuer's page, in the provider's words.
    providerPaths: {
      stripe: ['/api/payment/stripe_payment_response'],
      versapay: ['/api/payment/versapay_validatepayment'],
    },
  }),
  /** The sandbox card issuer's authentication page (only where the sandbox provider runs). */
  sandboxAuthenticate: action({
    path: '/api/payment/sandboxAuthenticate',
    side: 'command',
    money: true,
    auth: 'user',
    input: SandboxAuthenticateInput,
    output: NoData,
  }),
  /**
   * seeds 001 "Payments" payment/authorize: the cart's total held on a card on file, not taken; the
   * checkout that pays those invoices with that card takes it (the card charged once). `once`: a
   * repeated or concurrent request with one x-command-id holds once.
   */
  authorizeCard: action({
    path: '/api/payment/authorize',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: AuthorizeCardInput,
    output: CardHoldView,
  }),
  /** The buyer gives a hold (authorizeCard) back to the card before paying. */
  releaseCardHold: action({
    path: '/api/payment/releaseAuthorization',
    side: 'command',
    money: true,
    auth: 'user',
    input: ReleaseCardHoldInput,
    output: NoData,
  }),
  /** Which ways to pay the checkout offers besides the wallet and saved cards (PayPal when configured). */
  paymentGateways: action({
    path: '/api/payment/gateways',
    side: 'command',
    auth: 'user',
    input: NoInput,
    output: PaymentGateways,
  }),
  /**
   * seeds 001 "Payments" paypal_response: back from PayPal, the approved order is captured (once,
   * whatever the retries) and recorded; a cancelled or declined one gives the payment up. `once`: a
   * repeated request with one x-command-id answers the first one's answer.
   */
  paypalResponse: action({
    path: '/api/payment/paypal_response',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: PayPalResponseInput,
    output: CheckoutResult,
  }),
  /**
   * seeds 001 "Payments" paytm_payment: the cart (or its invoices) paid on Paytm's page, the server's
   * total, the wallet's credit first when asked; answers where the browser goes. Refused where the site
   * does not take Paytm. `once`: one order at Paytm per x-command-id.
   */
  paytmPayment: action({
    path: '/api/payment/paytm_payment',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: GatewayPaymentInput,
    output: CheckoutResult,
  }),
  /** seeds 001 paymentThird/paytm membership-payment: a bid deposit paid on Paytm's page (DOMAIN: README). */
  paytmMembershipPayment: action({
    path: '/api/paymentThird/paytm/membership-payment',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: MembershipPaymentInput,
    output: CheckoutResult,
  }),
  /** seeds 001 paymentThird/cashfree membership-payment: a bid deposit paid on Cashfree's page. */
  cashfreeMembershipPayment: action({
    path: '/api/paymentThird/cashfree/membership-payment',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: MembershipPaymentInput,
    output: CheckoutResult,
  }),
  /**
   * seeds 001 paymentThird/paytm paytm_response: back from Paytm's page, its callback checked by its
   * CHECKSUMHASH and the order asked of Paytm's status API; a paid one recorded once whatever the
   * retries and tabs, a failed one given up, a forged one refused with nothing recorded.
   */
  paytmResponse: action({
    path: '/api/paymentThird/paytm/paytm_response',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: GatewayResponseInput,
    output: CheckoutResult,
  }),
  /** seeds 001 paymentThird/cashfree cashfree_response: back from Cashfree's checkout, as paytm_response. */
  cashfreeResponse: action({
    path: '/api/paymentThird/cashfree/cashfree_response',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: GatewayResponseInput,
    output: CheckoutResult,
  }),
  /**
   * The sandbox PayPal's approve page (only where the PayPal sandbox runs): the buyer pays or cancels,
   * and the page sends the browser where PayPal would, a path of this site.
   */
  sandboxPayPalApprove: action({
    path: '/api/payment/sandboxPayPalApprove',
    side: 'command',
    money: true,
    auth: 'user',
    input: SandboxPayPalApproveInput,
    output: z.object({ redirect_to: z.string() }),
  }),
} as const;

/** Wallet credit (seeds 001 §7 "Wallet, gift cards, offline"). */
export const walletActions = {
  addBidDeposit: action({
    path: '/api/credit/addBidDeposit',
    side: 'command',
    money: true,
    auth: 'user',
    input: AddBidDepositInput,
    output: z.object({ deposit_id: z.string(), balance: z.number() }),
  }),
  /** seeds 001 §7 deposit area: deposit (issue 38 §2): one deposit and the lines of the invoice it paid. */
  deposit: action({
    path: '/api/deposit/deposit',
    side: 'query',
    auth: 'user',
    input: DepositInput,
    output: DepositDetail,
  }),
  /** seeds 001 §7 deposit area: alldeposits. */
  deposits: action({
    path: '/api/deposit/alldeposits',
    side: 'query',
    auth: 'user',
    input: PageInput,
    output: DepositList,
  }),
  applyDeposit: action({
    path: '/api/deposit/apply',
    side: 'command',
    money: true,
    auth: 'user',
    input: ApplyDepositInput,
    output: z.object({ status: InvoiceStatus }),
  }),
  addGiftCardWalletBalance: action({
    path: '/api/giftcard/addGiftCardWalletBalance',
    side: 'command',
    money: true,
    auth: 'user',
    input: RedeemGiftCardInput,
    output: z.object({ balance: z.number() }),
  }),
  addCreditBalance: action({
    path: '/api/credit/addCreditBalance',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: AddCreditInput,
    output: z.object({ balance: z.number() }),
  }),
  getCreditHistory: action({
    path: '/api/credit/getCreditHistory',
    side: 'query',
    auth: 'user',
    input: PageInput,
    output: CreditHistory,
  }),
} as const;

/** The buyer's invoices and transactions (seeds 001 §7 "Invoices"). */
export const invoiceActions = {
  allinvoices: action({
    path: '/api/user/invoice/allinvoices',
    side: 'query',
    auth: 'user',
    input: InvoiceListInput,
    output: InvoiceList,
    // Issue 38 §2: the product area's name of the same list (seeds 001 §7 "Product area: allinvoices").
    aliases: ['/api/product/allinvoices'],
  }),
  invoice: action({
    path: '/api/user/invoice/getInvoiceDetails',
    side: 'query',
    auth: 'user',
    input: InvoiceIdInput,
    output: InvoiceDetail,
    // Issue 38 §2 (seeds 001 §7 "invoice or public_invoice", "Product area: invoice"): the same detail.
    aliases: ['/api/user/invoice/invoice', '/api/product/invoice'],
  }),
  /** seeds 001 §7 multipleInvoice (user/invoice), issue 38 §2: several of the caller's invoices at once. */
  multipleInvoice: action({
    path: '/api/user/invoice/multipleInvoice',
    side: 'query',
    auth: 'user',
    input: MultipleInvoiceInput,
    output: MultipleInvoiceView,
  }),
  /**
   * Issue 38 §2 (seeds 001 §7 public_invoice): the owner shares the invoice by a signed link (for their
   * accountant); asked again, the same link while the share lasts.
   */
  shareInvoice: action({
    path: '/api/user/invoice/shareInvoice',
    side: 'command',
    auth: 'user',
    input: InvoiceShareInput,
    output: InvoiceShareView,
  }),
  /** The owner ends the share: every copy of the link stops working. */
  revokeInvoiceShare: action({
    path: '/api/user/invoice/revokeShare',
    side: 'command',
    auth: 'user',
    input: InvoiceShareInput,
    output: NoData,
  }),
  /** seeds 001 §7 public_invoice: a shared invoice, without a session, with nothing private in it. */
  publicInvoice: action({
    path: '/api/user/invoice/public_invoice',
    side: 'query',
    auth: 'public',
    input: PublicInvoiceInput,
    output: PublicInvoiceView,
  }),
  alltransactions: action({
    path: '/api/user/invoice/alltransactions',
    side: 'query',
    auth: 'user',
    input: PageInput,
    output: TransactionList,
  }),
  /**
   * Issue 35 §2 (seeds 001 §7 paymentThird/rosoom getPendingTransaction): the caller's payments still
   * waiting, for them (the card issuer's check) or for the provider, oldest first.
   */
  getPendingTransaction: action({
    path: '/api/paymentThird/rosoom/getPendingTransaction',
    side: 'query',
    auth: 'user',
    input: z.strictObject({}),
    output: TransactionList,
  }),
  /** The same, for the invoices of one checkout (the cart's, as its result names them). */
  getPendingOnCartTransaction: action({
    path: '/api/paymentThird/rosoom/getPendingOnCartTransaction',
    side: 'query',
    auth: 'user',
    input: z.strictObject({ invoice_ids: z.array(z.string().min(1).max(64)).min(1).max(50) }),
    output: TransactionList,
  }),
} as const;

/** The seller's side: what sold of their lots (seeds 001 seller/invoice invoices, /salesorder/all). */
export const sellerMoneyActions = {
  salesOrders: action({
    path: '/api/seller/invoice/invoices',
    side: 'query',
    auth: 'seller',
    input: PageInput,
    output: SalesOrderList,
  }),
} as const;

/** The staff's side of money: offline payments received, gift cards issued, every invoice. */
export const moneyStaffActions = {
  recordOfflinePayment: action({
    path: '/api/admin/offline/recordPayment',
    side: 'command',
    auth: ['finance', 'admin'],
    input: RecordOfflinePaymentInput,
    output: z.object({ status: InvoiceStatus }),
  }),
  /**
   * seeds 001 §7 buynow/updateAdminFee (issue 38 §2): finance or an admin sets an order's admin fee
   * (the configured one when no fee is given; 0 takes it off), shown on the invoice and in its total.
   * Never on an invoice the member of staff is a party to; only while nothing is paid or being paid.
   */
  updateAdminFee: action({
    path: '/api/buynow/updateAdminFee',
    side: 'command',
    auth: ['finance', 'admin'],
    input: UpdateAdminFeeInput,
    output: AdminFeeChange,
  }),
  /**
   * seeds 001 §7 buynow/updateOwnershipCertificate (issue 38 §2): a provenance certificate attached to
   * a sold line (or taken off), shown on the invoice; by an admin, or by the seller of that line.
   */
  updateOwnershipCertificate: action({
    path: '/api/buynow/updateOwnershipCertificate',
    side: 'command',
    auth: ['admin', 'seller'],
    input: UpdateOwnershipCertificateInput,
    output: InvoiceLineChange,
  }),
  /** seeds 001 §4 "Invoice product status change" (issue 38 §2): where a line stands in the cellar. */
  changeInvoiceProductStatus: action({
    path: '/api/admin/invoice/changeProductStatus',
    side: 'command',
    auth: ['admin', 'finance'],
    input: ChangeInvoiceProductStatusInput,
    output: InvoiceLineChange,
  }),
  releaseDeposit: action({
    path: '/api/admin/deposit/release',
    side: 'command',
    auth: ['finance', 'admin'],
    input: ReleaseDepositInput,
    output: NoData,
  }),
  /** Issue 34 "The day's work": the bid deposits held now, newest first, for finance to release. */
  staffDeposits: action({
    path: '/api/admin/deposit/list',
    side: 'query',
    auth: ['finance', 'admin'],
    input: NoInput,
    output: StaffDepositList,
  }),
  staffInvoices: action({
    path: '/api/admin/invoice/list',
    side: 'query',
    auth: ['finance', 'admin'],
    input: InvoiceListInput,
    output: StaffInvoiceList,
  }),
  issueGiftCards: action({
    path: '/api/admin/giftcard/issue',
    side: 'command',
    auth: 'admin',
    input: IssueGiftCardsInput,
    output: IssuedGiftCards,
  }),
  giftCards: action({
    path: '/api/admin/giftcard/list',
    side: 'query',
    auth: ['finance', 'admin'],
    input: PageInput,
    output: GiftCardList,
  }),
} as const;

/** The invoice as a PDF: a GET with the bearer token, answered `application/pdf`. */
export const invoicePdfPath = (id: string) => `/api/user/invoice/pdf/${encodeURIComponent(id)}`;

/**
 * Issue 35 §1: where a card provider posts its events (webhooks), signed with the endpoint's secret;
 * not an action (no session, no envelope: the provider reads the HTTP status only).
 */
export const cardWebhookPath = (provider: 'stripe') => `/api/paymentThird/${provider}/webhook` as const;

/** Where PayPal posts its events (webhooks), signed with its certificate; not an action, as the card provider's. */
export const payPalWebhookPath = '/api/paymentThird/paypal/webhook';

/**
 * Where a hosted gateway (Paytm, Cashfree) posts its payment notifications (webhooks), signed as each
 * gateway signs them; not an action, as the card provider's. Cashfree is told it with each order; Paytm's
 * is set on its dashboard.
 */
export const gatewayWebhookPath = (gateway: HostedGatewayChoice) =>
  `/api/paymentThird/${gateway}/webhook` as const;

/**
 * seeds 001 "Payments": the page that takes the buyer's browser to a hosted gateway's (a GET: it posts
 * the gateway's session fields to the gateway's page, as the gateway asks); not an action (a browser's
 * navigation, no session: the fields are the gateway's session for this order, nothing of ours).
 */
export const hostedGatewayPagePath = (gateway: 'paytm' | 'cashfree') =>
  `/api/paymentThird/${gateway}/page` as const;

/**
 * Where Paytm posts its callback (the buyer's browser leaving Paytm's page, a form with CHECKSUMHASH):
 * not an action; it sends the browser on to the return page, where the client calls paytm_response.
 */
export const paytmCallbackPath = '/api/paymentThird/paytm/callback';
