import { DEFAULT_FOLLOW_RATING } from '@wine/contracts';

/** seeds 000 §9: the follower list is refreshed 0.5 s after a follow. */
export const FOLLOWER_REFRESH_MS = 500;

export interface FirstWatchDeps {
  lotId: string;
  /** The lot's producer (custitem_gvo_producer); none to follow when empty. */
  producer: string | null | undefined;
  countView: (lotId: string) => Promise<unknown>;
  follow: (producer: string, rating: number) => Promise<unknown>;
  /** Loads the follower list again. */
  refreshFollowers: () => void;
  schedule?: (run: () => void, ms: number) => unknown;
}

/**
 * seeds 000 §4.7: the user's first watchlist add also counts a view of the lot and follows its
 * producer with rating 5; the follower list is loaded again 0.5 s after the follow. These are
 * extras of the add: a failure of either leaves the watchlist as it is.
 */
export async function afterFirstWatch({
  lotId,
  producer,
  countView,
  follow,
  refreshFollowers,
  schedule = setTimeout,
}: FirstWatchDeps): Promise<void> {
  const view = countView(lotId).catch(() => undefined);
  const name = producer?.trim();
  if (name) {
    try {
      await follow(name, DEFAULT_FOLLOW_RATING);
      schedule(refreshFollowers, FOLLOWER_REFRESH_MS);
    } catch {
      // Following is a courtesy of the first add; the user can follow from the product page.
    }
  }
  await view;
}
