import { z } from 'zod';
import type { MarketSettings } from './bidding.ts';
import {
  AddToCartInput,
  type AuctionSummary,
  BidConfirmInput,
  type BidConfirmResult,
  BidHistoryInput,
  type BidHistoryRow,
  MyBidsInput,
  type PendingCounts,
  SetSellerInput,
  SimilarProductsInput,
  WatchlistInput,
  WatchlistListInput,
} from './bids.ts';
import type { LotView } from './lot-document.ts';
import { CreateLotInput, LotIdInput, UpdateLotInput, WithdrawLotInput } from './lots.ts';
import { type Auth, RoleChangeInput } from './roles.ts';
import { SearchFilter } from './search-filter.ts';
import {
  AddCardInput,
  AddCompanyOwnerInput,
  ApproveBidLimitInput,
  CardIdInput,
  type CardList,
  ChangePasswordInput,
  ChangeUserStatusInput,
  type CompanyOwnerRecord,
  EmptyInput,
  type ExtraField,
  ForceLogoutInput,
  ForgotPasswordInput,
  type InviteDetails,
  InviteTokenInput,
  InviteUserInput,
  LoginInput,
  type LoginResult,
  type OutboxMessage,
  RegisterInput,
  type RegisterResult,
  RemoveCompanyOwnerInput,
  RequestBidLimitInput,
  ResetPasswordInput,
  RunKycCheckInput,
  SendEmailCodeInput,
  SwitchUserInput,
  UpdateCardInput,
  UpdateCompanyOwnerInput,
  UpdatePreferenceInput,
  UpdateProfileInput,
  UserAddressInput,
  type UserRecord,
  VerifyEmailCodeInput,
  VerifyEmailLinkInput,
} from './users.ts';

export type Side = 'command' | 'query';

export interface Action<Input extends z.ZodType = z.ZodType, Output = unknown> {
  path: `/api/${string}`;
  side: Side;
  auth: Auth;
  input: Input;
  /** Type only: what responseData holds on success. */
  output?: Output;
}

const action = <Input extends z.ZodType, Output>(a: Action<Input, Output>) => a;
const out = <T>() => undefined as T | undefined;

/** Every HTTP action of the product, declared once (ARCHITECTURE.md "API shape"). */
export const actions = {
  productSearch: action({
    path: '/api/product/search',
    side: 'query',
    auth: 'viewer',
    input: SearchFilter,
    output: out<{ records: LotView[]; totalRecords: number }>(),
  }),
  productLot: action({
    path: '/api/product/lot',
    side: 'query',
    auth: 'viewer',
    input: LotIdInput,
    output: out<LotView>(),
  }),
  /** The merchant's extra registration questions (seeds 001 "Dynamic form field"). */
  registrationFields: action({
    path: '/api/common/getRegistrationFields',
    side: 'query',
    auth: 'public',
    input: z.strictObject({}),
    output: out<{ fields: ExtraField[] }>(),
  }),
  getDefault: action({
    path: '/api/common/getDefault',
    side: 'query',
    auth: 'public',
    input: z.strictObject({}),
    output: out<DefaultBundle>(),
  }),
  createLot: action({
    path: '/api/admin/product/create',
    side: 'command',
    auth: 'admin',
    input: CreateLotInput,
    output: out<{ id: string; position: string }>(),
  }),
  updateLot: action({
    path: '/api/admin/product/update',
    side: 'command',
    auth: 'admin',
    input: UpdateLotInput,
    output: out<{ id: string; changed: string[] }>(),
  }),
  withdrawLot: action({
    path: '/api/admin/product/withdraw',
    side: 'command',
    auth: 'admin',
    input: WithdrawLotInput,
    output: out<{ id: string }>(),
  }),
  // seeds 001 §6: seller calls use the /api/seller/ prefix; a seller manages their own lots only.
  sellerCreateLot: action({
    path: '/api/seller/product/create',
    side: 'command',
    auth: 'seller',
    input: CreateLotInput,
    output: out<{ id: string; position: string }>(),
  }),
  sellerUpdateLot: action({
    path: '/api/seller/product/update',
    side: 'command',
    auth: 'seller',
    input: UpdateLotInput,
    output: out<{ id: string; changed: string[] }>(),
  }),
  sellerWithdrawLot: action({
    path: '/api/seller/product/withdraw',
    side: 'command',
    auth: 'seller',
    input: WithdrawLotInput,
    output: out<{ id: string }>(),
  }),
  grantRole: action({
    path: '/api/admin/user/grantRole',
    side: 'command',
    auth: 'admin',
    input: RoleChangeInput,
    output: out<null>(),
  }),
  revokeRole: action({
    path: '/api/admin/user/revokeRole',
    side: 'command',
    auth: 'admin',
    input: RoleChangeInput,
    output: out<null>(),
  }),
  setSeller: action({
    path: '/api/admin/user/setSeller',
    side: 'command',
    auth: 'admin',
    input: SetSellerInput,
    output: out<null>(),
  }),
  // Bidding, buy now and the watchlist (seeds 000 §4.3, §4.4, §4.7, §7).
  bidConfirm: action({
    path: '/api/bid/confirm',
    side: 'command',
    auth: 'user',
    input: BidConfirmInput,
    output: out<BidConfirmResult>(),
  }),
  addToCart: action({
    path: '/api/buynow/addToCart',
    side: 'command',
    auth: 'user',
    input: AddToCartInput,
    output: out<{ lines: { product_id: string; qty: number; unit_price: number }[] }>(),
  }),
  addWatchlist: action({
    path: '/api/user/addWatchlist',
    side: 'command',
    auth: 'user',
    input: WatchlistInput,
    output: out<{ watchlistid: 1 }>(),
  }),
  removeWatchlist: action({
    path: '/api/user/removeWatchlist',
    side: 'command',
    auth: 'user',
    input: WatchlistInput,
    output: out<{ watchlistid: 0 }>(),
  }),
  bidHistory: action({
    path: '/api/bid/history',
    side: 'query',
    auth: 'viewer',
    input: BidHistoryInput,
    output: out<{ records: BidHistoryRow[]; totalRecords: number }>(),
  }),
  similarProducts: action({
    path: '/api/product/getAllSimilarProducts',
    side: 'query',
    auth: 'viewer',
    input: SimilarProductsInput,
    output: out<{ records: LotView[]; totalRecords: number }>(),
  }),
  myBids: action({
    path: '/api/user/auctions',
    side: 'query',
    auth: 'user',
    input: MyBidsInput,
    output: out<{ records: LotView[]; totalRecords: number }>(),
  }),
  myWatchlist: action({
    path: '/api/user/watchlist',
    side: 'query',
    auth: 'user',
    input: WatchlistListInput,
    output: out<{ records: LotView[]; totalRecords: number }>(),
  }),
  pendingCount: action({
    path: '/api/cart/pendingCount',
    side: 'query',
    auth: 'user',
    input: z.strictObject({}),
    output: out<PendingCounts>(),
  }),
  auctions: action({
    path: '/api/auction/search',
    side: 'query',
    auth: 'public',
    input: z.strictObject({}),
    output: out<{ records: AuctionSummary[]; totalRecords: number }>(),
  }),
  // Accounts (seeds 001 §7 "Account and identity", area user).
  register: action({
    path: '/api/user/register',
    side: 'command',
    auth: 'public',
    input: RegisterInput,
    output: out<RegisterResult>(),
  }),
  login: action({
    path: '/api/user/login',
    side: 'command',
    auth: 'public',
    input: LoginInput,
    output: out<LoginResult>(),
  }),
  logout: action({
    path: '/api/user/logout',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: out<null>(),
  }),
  // Served by the command-service: it folds the user's stream, so a deactivation or a forced
  // logout takes effect on the next request rather than when a read model catches up.
  validateUser: action({
    path: '/api/user/validateUser',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: out<UserRecord>(),
  }),
  // 'viewer': with a session, for the signed-in user; without one, for a registration's address.
  sendEmailVerifyCode: action({
    path: '/api/user/sendEmailVerifyCode',
    side: 'command',
    auth: 'viewer',
    input: SendEmailCodeInput,
    output: out<null>(),
  }),
  // seeds 001 §7: "may return a token": the code of a registration signs the new user in.
  verifyEmailVerifyCode: action({
    path: '/api/user/verifyEmailVerifyCode',
    side: 'command',
    auth: 'viewer',
    input: VerifyEmailCodeInput,
    output: out<UserRecord | LoginResult>(),
  }),
  sendPhoneVerifyCode: action({
    path: '/api/user/sendPhoneVerifyCode',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: out<null>(),
  }),
  verifyPhoneVerifyCode: action({
    path: '/api/user/verifyPhoneVerifyCode',
    side: 'command',
    auth: 'user',
    input: VerifyEmailCodeInput,
    output: out<UserRecord>(),
  }),
  sendEmailVerifyLink: action({
    path: '/api/user/sendEmailVerifyLink',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: out<null>(),
  }),
  verifyEmail: action({
    path: '/api/user/verifyEmail',
    side: 'command',
    auth: 'public',
    input: VerifyEmailLinkInput,
    output: out<null>(),
  }),
  forgotPassword: action({
    path: '/api/user/forgotPassword',
    side: 'command',
    auth: 'public',
    input: ForgotPasswordInput,
    output: out<null>(),
  }),
  resetPassword: action({
    path: '/api/user/resetPassword',
    side: 'command',
    auth: 'public',
    input: ResetPasswordInput,
    output: out<null>(),
  }),
  changePassword: action({
    path: '/api/user/changePassword',
    side: 'command',
    auth: 'user',
    input: ChangePasswordInput,
    output: out<LoginResult>(),
  }),
  updateProfile: action({
    path: '/api/user/updateProfile',
    side: 'command',
    auth: 'user',
    input: UpdateProfileInput,
    output: out<UserRecord>(),
  }),
  updatePreference: action({
    path: '/api/user/updatePreference',
    side: 'command',
    auth: 'user',
    input: UpdatePreferenceInput,
    output: out<UserRecord>(),
  }),
  // Cards on file (seeds 001 §7 "Card-vault"), through the card-provider port.
  addCard: action({
    path: '/api/user/addSkyflowCredit',
    side: 'command',
    auth: 'user',
    input: AddCardInput,
    output: out<CardList>(),
  }),
  getCards: action({
    path: '/api/user/getSkyflowCredit',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: out<CardList>(),
  }),
  deleteCard: action({
    path: '/api/user/deleteSkyflowCredit',
    side: 'command',
    auth: 'user',
    input: CardIdInput,
    output: out<CardList>(),
  }),
  updateCard: action({
    path: '/api/user/updateSkyflowCredit',
    side: 'command',
    auth: 'user',
    input: UpdateCardInput,
    output: out<CardList>(),
  }),
  defaultCard: action({
    path: '/api/user/defaultSkyflowCard',
    side: 'command',
    auth: 'user',
    input: CardIdInput,
    output: out<CardList>(),
  }),
  userAddress: action({
    path: '/api/user/userAddress',
    side: 'command',
    auth: 'user',
    input: UserAddressInput,
    output: out<UserRecord>(),
  }),
  inviteUser: action({
    path: '/api/admin/user/invite',
    side: 'command',
    auth: 'admin',
    input: InviteUserInput,
    output: out<null>(),
  }),
  /** seeds 001 §7: "without a service prefix". */
  getInviteDetails: action({
    path: '/api/getInviteDetails',
    side: 'command',
    auth: 'public',
    input: InviteTokenInput,
    output: out<InviteDetails>(),
  }),
  runKycCheck: action({
    path: '/api/user/runKycCheck',
    side: 'command',
    auth: 'user',
    input: RunKycCheckInput,
    output: out<UserRecord>(),
  }),
  requestBidLimit: action({
    path: '/api/user/requestBidLimit',
    side: 'command',
    auth: 'user',
    input: RequestBidLimitInput,
    output: out<UserRecord>(),
  }),
  approveBidLimitRequest: action({
    path: '/api/user/approveBidLimitRequest',
    side: 'command',
    auth: 'admin',
    input: ApproveBidLimitInput,
    output: out<null>(),
  }),
  addCompanyOwner: action({
    path: '/api/user/addCompanyOwner',
    side: 'command',
    auth: 'user',
    input: AddCompanyOwnerInput,
    output: out<{ records: CompanyOwnerRecord[] }>(),
  }),
  updateCompanyOwner: action({
    path: '/api/user/updateCompanyOwner',
    side: 'command',
    auth: 'user',
    input: UpdateCompanyOwnerInput,
    output: out<{ records: CompanyOwnerRecord[] }>(),
  }),
  removeCompanyOwner: action({
    path: '/api/user/removeCompanyOwner',
    side: 'command',
    auth: 'user',
    input: RemoveCompanyOwnerInput,
    output: out<{ records: CompanyOwnerRecord[] }>(),
  }),
  /** seeds 001 §7: "without a service prefix". */
  getCompanyOwners: action({
    path: '/api/getCompanyOwners',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: out<{ records: CompanyOwnerRecord[] }>(),
  }),
  switchUser: action({
    path: '/api/user/switchuser',
    side: 'command',
    auth: 'admin',
    input: SwitchUserInput,
    output: out<LoginResult>(),
  }),
  changeUserStatus: action({
    path: '/api/admin/user/changeStatus',
    side: 'command',
    auth: 'admin',
    input: ChangeUserStatusInput,
    output: out<null>(),
  }),
  forceLogout: action({
    path: '/api/admin/user/forceLogout',
    side: 'command',
    auth: 'admin',
    input: ForceLogoutInput,
    output: out<null>(),
  }),
  /** The embedded mailer's outbox, for the developer page /dev/outbox (absent outside embedded). */
  devOutbox: action({
    path: '/api/dev/outbox',
    side: 'command',
    auth: 'admin',
    input: EmptyInput,
    output: out<{ records: OutboxMessage[] }>(),
  }),
} as const;

export type Actions = typeof actions;
export type ActionName = keyof Actions;
export type InputOf<N extends ActionName> = z.input<Actions[N]['input']>;
export type OutputOf<N extends ActionName> = NonNullable<Actions[N]['output']>;

/** seeds 000 §3.2 "Default data bundle": the parts the storefront uses so far. */
export interface DefaultBundle extends MarketSettings {
  countries: { value: string; count: number }[];
  regions: { country: string; value: string; count: number }[];
  subregions: { country: string; region: string; value: string; count: number }[];
  wine_colors: string[];
  vintages: number[];
  bottle_sizes: string[];
}
