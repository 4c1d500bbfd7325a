import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfiguredText, useMarketSettings } from '../../state/market.ts';

/**
 * seeds 000 §1 "Bids carry a 20% buyer's premium. The explanatory premium text comes from
 * configuration": the merchant's own text from the settings (getDefault's configuration, in the
 * reader's language), else the standard note with the configured premium. Shown wherever bids are
 * placed: the lot's bid box and the live room's.
 */
export function PremiumNote({ testId = 'premium-note', ...props }: TextProps & { testId?: string }) {
  const { t } = useTranslation();
  const market = useMarketSettings();
  const configured = useConfiguredText('premium_text');
  return (
    <Text size="xs" c="dimmed" data-testid={testId} style={{ whiteSpace: 'pre-line' }} {...props}>
      {configured || t('ui.bidBox.premiumNote', { premium: market.buyer_premium })}
    </Text>
  );
}
