import type { BannerEvent, BannerPublishedData } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';

/** A home banner (`banner-<id>`, seeds 000 §3.2): never published, or its record and whether it shows. */
export type Banner = { status: 'none' } | { status: 'active' | 'inactive'; record: BannerPublishedData };

export type BannerCommand =
  | { type: 'PublishBanner'; record: BannerPublishedData }
  | { type: 'DeactivateBanner'; bannerId: string };

export function evolveBanner(state: Banner, event: BannerEvent): Banner {
  switch (event.type) {
    case 'BannerPublished':
      return { status: 'active', record: event.data };
    case 'BannerDeactivated':
      return state.status === 'none' ? state : { ...state, status: 'inactive' };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

const sameRecord = (a: BannerPublishedData, b: BannerPublishedData) =>
  JSON.stringify(a) === JSON.stringify(b);

export function decideBanner(command: BannerCommand, state: Banner): BannerEvent[] {
  switch (command.type) {
    case 'PublishBanner':
      // Publishing what an active banner already says records nothing (a retried or repeated publish).
      if (state.status === 'active' && sameRecord(state.record, command.record)) return [];
      return [{ type: 'BannerPublished', data: command.record }];
    case 'DeactivateBanner':
      if (state.status === 'none') throw new AppError('BANNER_NOT_FOUND');
      if (state.status === 'inactive') return [];
      return [{ type: 'BannerDeactivated', data: { bannerId: command.bannerId } }];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const bannerDecider: Decider<BannerCommand, BannerEvent, Banner> = {
  decide: decideBanner,
  evolve: evolveBanner,
  initialState: () => ({ status: 'none' }),
};
