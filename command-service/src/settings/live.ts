import {
  type CatalogueSettings,
  type HouseSettings,
  type MarketSettings,
  type MerchantDetails,
  type MoneySettings,
  settingsEventTypes,
} from '@wine/contracts';
import { settingsStream } from '@wine/event-schemas';
import type { Streams } from '../core/command-handler.ts';
import type { LogFeed, LogFollower } from '../core/follow-log.ts';
import { houseDecider } from './house.ts';

/**
 * Issue 34 "Settings": the settings as this process decides with them now. Read from the settings
 * stream at start, again after this process's own change, and whenever the log shows another
 * instance's: a change takes effect at the next command, without a restart. The readers are plain
 * functions, so a rule that reads `market()` when it decides always reads the current value.
 */
export interface LiveSettings {
  market(): MarketSettings;
  money(): MoneySettings;
  merchant(): MerchantDetails;
  catalogue(): CatalogueSettings;
  /** Reads what the stream holds now (after a change). */
  refresh(): Promise<void>;
  /** Follows the log for the changes another instance makes. */
  follow(feed: LogFeed): LogFollower;
  readonly decider: ReturnType<typeof houseDecider>;
}

export async function liveSettings(streams: Streams, initial: HouseSettings): Promise<LiveSettings> {
  const decider = houseDecider(initial);
  let current = initial;
  const refresh = async () => {
    current = (await streams.load(settingsStream, decider)).settings;
  };
  await refresh();
  return {
    market: () => current.market,
    money: () => current.money,
    merchant: () => current.merchant,
    catalogue: () => current.catalogue,
    refresh,
    decider,
    follow: (feed) =>
      feed.follow('settings', async (events) => {
        if (events.some((e) => e.streamName === settingsStream && settingsEventTypes.has(e.type)))
          await refresh();
      }),
  };
}

/** Settings that do not change (specs, and services given fixed values). */
export const fixedSettings = (
  settings: HouseSettings,
): Pick<LiveSettings, 'market' | 'money' | 'merchant' | 'catalogue'> => ({
  market: () => settings.market,
  money: () => settings.money,
  merchant: () => settings.merchant,
  catalogue: () => settings.catalogue,
});
