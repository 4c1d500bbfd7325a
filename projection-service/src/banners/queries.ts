import { actions } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { BANNERS, type BannerDocument, homeBannerOf } from './project.ts';

/** Issue 34 §2 "Content": the staff's list of home banners, active or not, in their order (admins only). */
export const staffBannerQueries: QueryPlugin = async (app, { docs, auth }) => {
  registerAction(app, actions.staffBanners, auth.authorize, async () => {
    const found = await docs
      .collection<BannerDocument>(BANNERS)
      .find({}, { sort: { sort_order: 1, _id: 1 } });
    const records = found
      .filter((doc) => doc.published_at)
      .map((doc) => ({ ...homeBannerOf(doc), published_at: doc.published_at }));
    return { records, totalRecords: records.length };
  });
};
