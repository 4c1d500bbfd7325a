import { defaultMarketSettings, type MarketSettings, toLanguage } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { useDefaultBundle } from './defaults.ts';

/** The market's bidding settings (proxy or hard, increments, premium) from the default bundle. */
export function useMarketSettings(): MarketSettings {
  const bundle = useDefaultBundle();
  return bundle.state === 'hasData' ? bundle.data : defaultMarketSettings;
}

/**
 * A text the merchant wrote in the settings (issue 34: the premium note, the welcome popup) in the
 * reader's language; '' where none is written, so the storefront's standard wording shows.
 */
export function useConfiguredText(name: 'premium_text' | 'welcome_text'): string {
  const bundle = useDefaultBundle();
  const { i18n } = useTranslation();
  const texts = bundle.state === 'hasData' ? bundle.data.configuration?.[name] : undefined;
  return texts?.[toLanguage(i18n.language)]?.trim() ?? '';
}
