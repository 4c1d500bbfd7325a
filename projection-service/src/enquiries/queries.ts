import { actions, type StaffEnquiriesInput, type StaffEnquiry } from '@wine/contracts';
import { type Filter, registerAction } from '@wine/platform';
import { stringify } from 'csv-stringify/sync';
import type { QueryPlugin } from '../core/queries.ts';
import { namesOf } from '../staff-lots/queries.ts';
import { ENQUIRIES, type EnquiryDocument } from './project.ts';

/** The most rows one export holds (the newest): a merchant receives a few a day. */
const EXPORT_MAX = 10_000;

export function staffEnquiriesFilter(input: Pick<StaffEnquiriesInput, 'kind' | 'status'>): Filter {
  const filter: Filter = {};
  if (input.kind && input.kind !== 'all') filter.kind = input.kind;
  if (input.status === 'open') filter.answered = false;
  else if (input.status === 'answered') filter.answered = true;
  return filter;
}

/** Issue 34 "The day's work": the visitors' enquiries for admins: listed, and exported as CSV. */
export const enquiryQueries: QueryPlugin = async (app, { docs, auth, settings }) => {
  const enquiries = () => docs.collection<EnquiryDocument>(ENQUIRIES);
  const viewOf = async (rows: EnquiryDocument[]): Promise<StaffEnquiry[]> => {
    const name = await namesOf(
      docs,
      rows.flatMap((r) => r.answers.map((a) => a.by)),
      (await settings()).merchant.name,
    );
    return rows.map(({ _id, _position: _p, answered: _a, ...doc }) => ({
      ...doc,
      id: _id,
      answers: doc.answers.map((a) => ({ ...a, by: name(a.by) })),
    }));
  };

  registerAction(app, actions.staffEnquiries, auth.authorize, async ({ kind, status, page, limit }) => {
    const filter = staffEnquiriesFilter({ kind, status });
    const [rows, totalRecords] = await Promise.all([
      enquiries().find(filter, { sort: { received_at: -1, _id: 1 }, skip: (page - 1) * limit, limit }),
      enquiries().countDocuments(filter),
    ]);
    return { records: await viewOf(rows), totalRecords };
  });

  registerAction(app, actions.exportEnquiries, auth.authorize, async ({ kind, status }) => {
    const rows = await viewOf(
      await enquiries().find(staffEnquiriesFilter({ kind, status }), {
        sort: { received_at: -1, _id: 1 },
        limit: EXPORT_MAX,
      }),
    );
    const records = stringify(
      rows.map((r) => ({
        received_at: r.received_at,
        kind: r.kind,
        name: r.name,
        email: r.email,
        phone: r.phone ?? '',
        about: r.about,
        message: r.message,
        answered: r.answers.length > 0 ? 'yes' : 'no',
        last_answer_at: r.answers.at(-1)?.at ?? '',
      })),
      {
        header: true,
        bom: true,
        columns: [
          'received_at',
          'kind',
          'name',
          'email',
          'phone',
          'about',
          'message',
          'answered',
          'last_answer_at',
        ],
      },
    );
    return { filename: `enquiries-${kind}-${status}.csv`, records };
  });
};
