import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../ButtonLink.tsx';

const tabs = [
  { to: '/myWines/purchased', key: 'purchased', label: 'ui.sellerLots.purchased' },
  { to: '/myWines/selling', key: 'selling', label: 'ui.sellerLots.selling' },
  { to: '/myWines/sold', key: 'sold', label: 'ui.sellerLots.sold' },
] as const;

export type MyWinesTab = (typeof tabs)[number]['key'];

/** The My Wines lists (seeds 000 §2.3 /myWines/purchased, /selling, /sold) as links, the current one marked. */
export function MyWinesTabs({ current }: { current: MyWinesTab }) {
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t('ui.sellerLots.tabs')} gap="xs" mb="lg" data-testid="my-wines-tabs">
      {tabs.map((tab) => (
        <ButtonLink
          key={tab.key}
          to={tab.to}
          size="xs"
          radius="xl"
          variant={tab.key === current ? 'filled' : 'default'}
          aria-current={tab.key === current ? 'page' : undefined}
        >
          {t(tab.label)}
        </ButtonLink>
      ))}
    </Group>
  );
}
