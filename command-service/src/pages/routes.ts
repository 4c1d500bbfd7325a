import { actions, t } from '@wine/contracts';
import { pageStream } from '@wine/event-schemas';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import type { PageCommand } from './page.ts';
import { pageDecider } from './page.ts';

export interface PageRouteDeps {
  streams: Streams;
  clock: { now(): Date };
  auth: SessionAuth;
}

type Parsed = z.output<typeof actions.publishPage.input>;

/** The command an admin's publish input asks for. */
export function publishCommand(input: Parsed): PageCommand {
  const { spanish } = input;
  const common = {
    type: 'PublishPage' as const,
    pageId: input.id,
    title: input.title.trim(),
    metaDescription: input.meta_description,
    spanish: spanish && {
      title: spanish.title,
      metaDescription: spanish.meta_description,
      content: spanish.content,
      filePath: spanish.file_path,
    },
  };
  return input.content_type === 'file'
    ? { ...common, contentType: 'file', filePath: input.file_path, content: input.content }
    : { ...common, contentType: 'html', content: input.content };
}

/** seeds 000 §2.2: an admin publishes a static content page; the record is a fact in the log. */
export const pageRoutes: FastifyPluginAsync<PageRouteDeps> = async (app, { streams, clock, auth }) => {
  registerAction(app, actions.publishPage, auth, async (input, ctx) => {
    const now = clock.now();
    await streams.handle(
      pageStream(input.id),
      pageDecider,
      publishCommand(input),
      commandContext(ctx, auth.adminOf(ctx.request), now),
    );
    const page = await streams.load(pageStream(input.id), pageDecider);
    if (page.status !== 'published') throw new Error('a published page was not found after publishing');
    const { record } = page;
    ctx.setMessage(t('pages.published'));
    return {
      id: record.pageId,
      title: record.title,
      content_type: record.contentType,
      content: record.content,
      file_path: record.filePath,
      meta_description: record.metaDescription,
      updated_at: now.toISOString(),
      language: 'en' as const,
    };
  });
};
