import { defaultMarketSettings, type MarketSettings } from '@wine/contracts';
import { useDefaultBundle } from './defaults.ts';

/** The market's bidding settings (proxy or hard, increments, premium) from the default bundle. */
export function useMarketSettings(): MarketSettings {
  const bundle = useDefaultBundle();
  return bundle.state === 'hasData' ? bundle.data : defaultMarketSettings;
}
