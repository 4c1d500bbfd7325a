import { actions, knownPageIds, pageInLanguage, type StaffPageRow } from '@wine/contracts';
import { AppError, registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { namesOf } from '../staff-lots/queries.ts';
import {
  STATIC_PAGE_VERSIONS,
  STATIC_PAGES,
  type StaticPageDocument,
  type StaticPageVersionDocument,
} from './project.ts';

const known: ReadonlySet<string> = new Set(knownPageIds);

/** A page's row in the staff list; a known page never published has only its id. */
const rowOf = (id: string, page: StaticPageDocument | undefined): StaffPageRow => ({
  id,
  title: page?.title ?? null,
  content_type: page?.content_type ?? null,
  updated_at: page?.updated_at ?? null,
  versions: page?.versions ?? 0,
  known: known.has(id),
  translated: Boolean(page?.spanish),
});

/**
 * seeds 000 §7 getStaticPage: anyone reads a published page by its id, in the language asked for
 * (issue 34 §2: Spanish where the page has it, English where it does not).
 */
export const pageQueries: QueryPlugin = async (app, { docs, auth }) => {
  registerAction(app, actions.getStaticPage, auth.authorize, async ({ id, language }) => {
    const page = await docs.collection<StaticPageDocument>(STATIC_PAGES).findOne({ _id: id });
    if (!page?.updated_at) throw new AppError('PAGE_NOT_FOUND');
    return {
      id: page._id,
      ...pageInLanguage({ ...page, spanish: page.spanish ?? null }, language),
      updated_at: page.updated_at,
    };
  });
};

/** Issue 34 §2 "Content": the staff's list of pages and a page's versions (admins only, by the action). */
export const staffPageQueries: QueryPlugin = async (app, { docs, auth, settings }) => {
  // The merchant's name as the settings read now (issue 34).
  const house = async () => (await settings()).merchant.name;

  // The storefront's own pages in the menu's order, then the others by id: a few dozen, read at once.
  registerAction(app, actions.staffPages, auth.authorize, async () => {
    const published = await docs.collection<StaticPageDocument>(STATIC_PAGES).find({}, { sort: { _id: 1 } });
    const byId = new Map(published.filter((p) => p.updated_at).map((p) => [p._id, p]));
    const others = [...byId.keys()].filter((id) => !known.has(id));
    const records = [...knownPageIds, ...others].map((id) => rowOf(id, byId.get(id)));
    return { records, totalRecords: records.length };
  });

  registerAction(app, actions.staffPageHistory, auth.authorize, async ({ id }) => {
    const versions = await docs
      .collection<StaticPageVersionDocument>(STATIC_PAGE_VERSIONS)
      .find({ page_id: id }, { sort: { version: -1 } });
    const name = await namesOf(
      docs,
      versions.map((v) => v.published_by),
      await house(),
    );
    return {
      records: versions.map((v) => ({
        version: v.version,
        published_at: v.published_at,
        published_by: { id: v.published_by, name: name(v.published_by) },
        title: v.title,
        content_type: v.content_type,
        content: v.content,
        file_path: v.file_path,
        meta_description: v.meta_description,
        spanish: v.spanish ?? null,
      })),
    };
  });
};
