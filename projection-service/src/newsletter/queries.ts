import { actions, type StaffContact, type StaffContactsInput } from '@wine/contracts';
import { type Filter, registerAction } from '@wine/platform';
import { stringify } from 'csv-stringify/sync';
import { literally, type QueryPlugin } from '../core/queries.ts';
import { type ContactDocument, NEWSLETTER_CONTACTS } from './project.ts';

/** The most rows one export holds. */
const EXPORT_MAX = 100_000;

function contactsFilter(input: Pick<StaffContactsInput, 'text' | 'status'>): Filter {
  const filter: Filter = {};
  if (input.status && input.status !== 'all') filter.status = input.status;
  const text = input.text?.trim();
  if (text) filter.email = { $regex: literally(text), $options: 'i' };
  return filter;
}

const view = ({ _id: _i, _position: _p, ...doc }: ContactDocument): StaffContact => doc;

/** Issue 34 "Marketing contacts": the newsletter list for admins, and its CSV export. */
export const newsletterQueries: QueryPlugin = async (app, { docs, auth }) => {
  const contacts = () => docs.collection<ContactDocument>(NEWSLETTER_CONTACTS);

  registerAction(app, actions.staffContacts, auth.authorize, async ({ text, status, page, limit }) => {
    const filter = contactsFilter({ text, status });
    const [rows, totalRecords] = await Promise.all([
      contacts().find(filter, { sort: { added_at: -1, _id: 1 }, skip: (page - 1) * limit, limit }),
      contacts().countDocuments(filter),
    ]);
    return { records: rows.map(view), totalRecords };
  });

  registerAction(app, actions.exportContacts, auth.authorize, async ({ text, status }) => {
    const rows = await contacts().find(contactsFilter({ text, status }), {
      sort: { added_at: -1, _id: 1 },
      limit: EXPORT_MAX,
    });
    const records = stringify(
      rows.map((row) => ({
        ...view(row),
        sent_on: row.sent_on?.service ?? '',
        sent_at: row.sent_on?.at ?? '',
      })),
      {
        header: true,
        bom: true,
        columns: [
          'email',
          'language',
          'source',
          'status',
          'subscribed',
          'added_at',
          'confirmed_at',
          'unsubscribed_at',
          'sent_on',
          'sent_at',
        ],
        cast: { boolean: (value) => (value ? 'yes' : 'no') },
      },
    );
    return { filename: `newsletter-${status}.csv`, records };
  });
};
