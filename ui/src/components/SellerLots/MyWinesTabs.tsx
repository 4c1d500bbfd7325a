import { Group } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { sessionAtom } from '../../state/session.ts';
import { ButtonLink } from '../ButtonLink.tsx';

const tabs = [
  { to: '/myWines/purchased', key: 'purchased', label: 'ui.sellerLots.purchased', sellers: false },
  { to: '/myWines/selling', key: 'selling', label: 'ui.sellerLots.selling', sellers: false },
  { to: '/myWines/sold', key: 'sold', label: 'ui.sellerLots.sold', sellers: false },
  // Issue 35 §4: the consignment agreements the house sends a seller to sign.
  { to: '/myWines/agreements', key: 'agreements', label: 'ui.sellerLots.agreements', sellers: true },
] as const;

export type MyWinesTab = (typeof tabs)[number]['key'];

/**
 * The My Wines lists (seeds 000 §2.3 /myWines/purchased, /selling, /sold; a seller's agreements) as
 * links, the current one marked.
 */
export function MyWinesTabs({ current }: { current: MyWinesTab }) {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const seller = session.status === 'authenticated' && session.user.roles.includes('seller');
  return (
    <Group component="nav" aria-label={t('ui.sellerLots.tabs')} gap="xs" mb="lg" data-testid="my-wines-tabs">
      {tabs
        .filter((tab) => seller || !tab.sellers)
        .map((tab) => (
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
