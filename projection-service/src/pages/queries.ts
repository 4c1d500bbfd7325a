import { actions } from '@wine/contracts';
import { AppError, registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { STATIC_PAGES, type StaticPageDocument } from './project.ts';

/** seeds 000 §7 getStaticPage: anyone reads a published page by its id. */
export const pageQueries: QueryPlugin = async (app, { docs, auth }) => {
  registerAction(app, actions.getStaticPage, auth.authorize, async ({ id }) => {
    const page = await docs.collection<StaticPageDocument>(STATIC_PAGES).findOne({ _id: id });
    if (!page?.updated_at) throw new AppError('PAGE_NOT_FOUND');
    return {
      id: page._id,
      title: page.title,
      content_type: page.content_type,
      content: page.content,
      file_path: page.file_path,
      meta_description: page.meta_description,
      updated_at: page.updated_at,
    };
  });
};
