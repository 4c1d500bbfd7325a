import { defaultMarketSettings, type MarketSettings } from '@wine/contracts';
import { atom } from 'jotai';
import { defaultBundleAtom } from './defaults.ts';

/** The market's bidding settings (proxy or hard, increments, premium) from the default bundle. */
export const marketSettingsAtom = atom<MarketSettings>((get) => {
  const bundle = get(defaultBundleAtom);
  return bundle.state === 'hasData' ? bundle.data : defaultMarketSettings;
});
