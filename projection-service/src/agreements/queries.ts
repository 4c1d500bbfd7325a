import { type AgreementRecord, actions } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { namesOf } from '../staff-lots/queries.ts';
import { AGREEMENTS, type AgreementDocument } from './project.ts';

/**
 * Issue 35 §4 viewPandaDoc: a seller reads their own agreements; an admin one seller's (or all). Asking
 * for another seller's without being an admin answers the caller's own, as their existence is nobody
 * else's business.
 */
export const agreementQueries: QueryPlugin = async (app, { docs, auth, settings }) => {
  const agreements = () => docs.collection<AgreementDocument>(AGREEMENTS);
  registerAction(app, actions.viewPandaDoc, auth.authorize, async ({ seller_id }, { request }) => {
    const admin = auth.rolesOf(request).includes('admin');
    const filter = admin ? (seller_id ? { seller_id } : {}) : { seller_id: auth.viewerOf(request) as string };
    const rows = await agreements().find(filter, { sort: { requested_at: -1, _id: 1 }, limit: 200 });
    const name = await namesOf(
      docs,
      rows.map((r) => r.requested_by),
      (await settings()).merchant.name,
    );
    const records = rows.map(
      ({ _id, _position: _p, ...doc }): AgreementRecord => ({
        id: _id,
        seller_id: doc.seller_id,
        seller_name: doc.seller_name,
        name: doc.name,
        status: doc.status as AgreementRecord['status'],
        lot_ids: doc.lot_ids,
        requested_at: doc.requested_at,
        requested_by: name(doc.requested_by),
        history: doc.history as AgreementRecord['history'],
      }),
    );
    return { records, totalRecords: records.length };
  });
};
