import { actions, type HomeBanner, type PublishBannerInput, t } from '@wine/contracts';
import { type BannerPublishedData, bannerStream } from '@wine/event-schemas';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { bannerDecider } from './banner.ts';

export interface BannerRouteDeps {
  streams: Streams;
  clock: { now(): Date };
  auth: SessionAuth;
}

/** The event's record of an admin's input (the wire's snake_case to the domain's camelCase). */
export const bannerRecord = (input: PublishBannerInput): BannerPublishedData => ({
  bannerId: input.id,
  title: input.title,
  subtitle: input.subtitle,
  image: input.image,
  link: input.link,
  linkLabel: input.link_label,
  sortOrder: input.sort_order,
});

const view = (record: BannerPublishedData, active: boolean): HomeBanner => ({
  id: record.bannerId,
  title: record.title,
  subtitle: record.subtitle,
  image: record.image,
  link: record.link,
  link_label: record.linkLabel,
  sort_order: record.sortOrder,
  active: active ? 1 : 0,
});

/** seeds 000 §3.2 "home banners": an admin publishes or takes off a banner; each is a fact in the log. */
export const bannerRoutes: FastifyPluginAsync<BannerRouteDeps> = async (app, { streams, clock, auth }) => {
  registerAction(app, actions.publishBanner, auth, async (input, ctx) => {
    const now = clock.now();
    const stream = bannerStream(input.id);
    await streams.handle(
      stream,
      bannerDecider,
      { type: 'PublishBanner', record: bannerRecord(input) },
      commandContext(ctx, auth.adminOf(ctx.request), now),
    );
    const banner = await streams.load(stream, bannerDecider);
    if (banner.status === 'none') throw new Error('a published banner was not found after publishing');
    ctx.setMessage(t('banners.published'));
    return view(banner.record, banner.status === 'active');
  });

  registerAction(app, actions.deactivateBanner, auth, async (input, ctx) => {
    const now = clock.now();
    await streams.handle(
      bannerStream(input.id),
      bannerDecider,
      { type: 'DeactivateBanner', bannerId: input.id },
      commandContext(ctx, auth.adminOf(ctx.request), now),
    );
    ctx.setMessage(t('banners.deactivated'));
    return null;
  });
};
