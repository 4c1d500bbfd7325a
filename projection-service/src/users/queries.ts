import {
  actions,
  type LotDocument,
  registrationExtraFields,
  type StaffUserDetail,
  type StaffUserRow,
  type StaffUsersInput,
  USERS,
  type UserDocument,
} from '@wine/contracts';
import { AppError, type Filter, registerAction } from '@wine/platform';
import { BIDS, type BidDocument } from '../bids/project.ts';
import { literally, type QueryPlugin } from '../core/queries.ts';
import { INVOICES, type InvoiceDocument } from '../invoices/project.ts';
import { LOTS } from '../lots/project.ts';
import { WALLETS, type WalletDocument } from '../wallets/project.ts';

/**
 * The filter of the staff's list of users (issue 34 "People"): the text is matched in the first and
 * last name, the e-mail and the phone, in any case; role `none` is a buyer without a staff role.
 */
export function staffUsersFilter(input: Omit<StaffUsersInput, 'page' | 'limit'>): Filter {
  const filter: Filter = {};
  if (input.status && input.status !== 'all') filter.status = input.status;
  if (input.role === 'none') filter.roles = { $size: 0 };
  else if (input.role && input.role !== 'all') filter.roles = input.role;
  if (input.bidLimitRequested) filter.bid_limit_requested = { $ne: null };
  const text = input.text?.trim();
  if (text) {
    const $regex = literally(text);
    filter.$or = ['first_name', 'last_name', 'email', 'phone'].map((field) => ({
      [field]: { $regex, $options: 'i' },
    }));
  }
  return filter;
}

export const staffUserRow = (doc: UserDocument): StaffUserRow => ({
  id: doc._id,
  firstName: doc.first_name,
  lastName: doc.last_name,
  email: doc.email,
  phone: doc.phone,
  status: doc.status,
  roles: doc.roles ?? [],
  emailVerified: doc.email_verified,
  createdAt: doc.created_at,
  lastLoginAt: doc.last_login_at,
  bidLimitRequested: doc.bid_limit_requested ?? null,
});

/** The latest invoices and bids a user's page shows. */
const SHOWN = 10;

const staffUserDetail = (doc: UserDocument): StaffUserDetail => ({
  ...staffUserRow(doc),
  countryCode: doc.country_code,
  phoneVerified: doc.phone_verified,
  kycStatus: doc.kyc_status,
  bidLimit: doc.bid_limit,
  cardsOnFile: doc.cards_on_file,
  newsletter: doc.newsletter,
  passwordChangedAt: doc.password_changed_at,
  forceLogoutAt: doc.force_logout_at,
  cards: Object.values(doc.cards ?? {}),
  owners: Object.values(doc.owners ?? {}).map((o) => ({
    name: o.name,
    title: o.title,
    email: o.email,
    ownershipPercent: o.ownership_percent,
  })),
  walletBalance: 0,
  invoices: [],
  bids: [],
});

/** The users area's queries: the extra fields a registration asks for, and the staff's list and page. */
export const userQueries: QueryPlugin = async (app, { docs, auth }) => {
  const users = docs.collection<UserDocument>(USERS);

  registerAction(app, actions.registrationFields, auth.authorize, async () => ({
    fields: registrationExtraFields.filter((f) => f.active),
  }));

  registerAction(app, actions.staffUsers, auth.authorize, async ({ page, limit, ...narrowed }) => {
    const filter = staffUsersFilter(narrowed);
    const [found, totalRecords] = await Promise.all([
      users.find(filter, { sort: { created_at: -1, _id: 1 }, skip: (page - 1) * limit, limit }),
      users.countDocuments(filter),
    ]);
    return { records: found.map(staffUserRow), totalRecords };
  });

  registerAction(app, actions.staffUser, auth.authorize, async ({ id }) => {
    const doc = await users.findOne({ _id: id });
    if (!doc) throw new AppError('USER_NOT_FOUND');
    // Issue 34: what the user's page shows of their money and bidding, the latest of each.
    const [wallet, invoices, bids] = await Promise.all([
      docs.collection<WalletDocument>(WALLETS).findOne({ _id: id }, { projection: { balance: 1 } }),
      docs
        .collection<InvoiceDocument>(INVOICES)
        .find({ buyer_id: id }, { sort: { created_position: -1 }, limit: SHOWN, projection: { items: 0 } }),
      docs.collection<BidDocument>(BIDS).find({ user_id: id }, { sort: { created_at: -1 }, limit: SHOWN }),
    ]);
    const lots = new Map(
      (
        await docs
          .collection<LotDocument>(LOTS)
          .find(
            { _id: { $in: [...new Set(bids.map((b) => b.lot_id))] } },
            { projection: { _id: 1, title: 1 } },
          )
      ).map((lot) => [lot._id, lot]),
    );
    return {
      ...staffUserDetail(doc),
      walletBalance: wallet?.balance ?? 0,
      invoices: invoices.map((i) => ({
        id: i._id,
        number: i.number ?? null,
        status: i.status,
        total: i.amounts.total,
        due: i.due,
        createdAt: i.created_at,
      })),
      bids: bids.map((b) => ({
        lotId: b.lot_id,
        title: lots.get(b.lot_id)?.title ?? b.lot_id,
        amount: b.proposed_amount,
        at: b.created_at,
      })),
    };
  });
};
