import { Group, Loader, Menu, NavLink, UnstyledButton } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import type { UserRecord } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { logoutAtom, sessionAtom } from '../../state/session.ts';
import { isStaff, staffAreaLink } from '../StaffArea/staff-sections.ts';
import classes from './Header.module.css';
import { ChevronIcon } from './HeaderStandIns.tsx';
import { useSignInSearch, VisitorLinks } from './VisitorLinks.tsx';

/** seeds 000 §2.3: the account menu's links; then the money pages (seeds 001 §2). */
const accountLinks = [
  { label: 'ui.accountMenu.myBids', to: '/auctions/all' },
  { label: 'ui.accountMenu.myOffers', to: '/offers' },
  { label: 'ui.accountMenu.myWines', to: '/myWines/purchased' },
  { label: 'ui.accountMenu.myWatchlist', to: '/watchlist/watchlist' },
  { label: 'ui.accountMenu.wonLots', to: '/cart' },
  { label: 'ui.accountMenu.invoices', to: '/invoices/unpaid' },
  { label: 'ui.returns.menu', to: '/returns' },
  { label: 'ui.accountMenu.transactions', to: '/transactions' },
  { label: 'ui.accountMenu.investing', to: '/account/investing' },
] as const;

/**
 * The pages of the user's roles: sales orders and the offers on their lots for sellers, the staff
 * area for staff (every staff page is in it).
 */
const roleLinks = [
  {
    label: 'ui.accountMenu.salesOrders',
    to: '/salesorder/all',
    shows: (user: UserRecord) => user.roles.includes('seller'),
  },
  {
    label: 'ui.accountMenu.sellerOffers',
    to: '/seller/offer',
    shows: (user: UserRecord) => user.roles.includes('seller'),
  },
  { ...staffAreaLink, shows: isStaff },
] as const;

/** The links a user sees: everyone's, then their roles' pages. */
const menuLinksFor = (user: UserRecord) => [
  ...accountLinks,
  ...roleLinks.filter((link) => link.shows(user)).map(({ label, to }) => ({ label, to })),
];

/** Logout; leaves a protected page for the home page. */
function useLogout(): () => void {
  const logout = useSetAtom(logoutAtom);
  const router = useRouter();
  return () => {
    void logout();
    if (router.state.matches.some((match) => match.routeId.startsWith('/_auth'))) {
      void router.navigate({ to: '/' });
    }
  };
}

/** seeds 000 §2.5: signed in, the user's name with My Bids, My Wines, My Watchlist, My Account, Logout. */
export function AccountMenu() {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const logout = useLogout();
  if (session.status === 'validating') return <Loader size="xs" aria-label={t('ui.layout.loadingAccount')} />;
  if (session.status === 'anonymous') return <VisitorLinks />;
  const { user } = session;
  return (
    <Menu position="bottom-end" width={200} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.link} data-testid="account-menu">
          <Group gap={6} wrap="nowrap">
            <span>
              {user.first_name} {user.last_name}
            </span>
            <ChevronIcon />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {menuLinksFor(user).map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {t(link.label)}
          </Menu.Item>
        ))}
        <Menu.Item component={Link} to="/account/profile">
          {t('ui.accountMenu.myAccount')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={logout}>{t('ui.accountMenu.logout')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same, in the mobile drawer. */
export function AccountNavLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const router = useRouter();
  const signInSearch = useSignInSearch();
  const logout = useLogout();
  if (session.status === 'validating') return null;
  if (session.status === 'anonymous') {
    return (
      <>
        <NavLink
          component="a"
          href={router.buildLocation({ to: '/login', search: signInSearch }).href}
          label={t('ui.accountMenu.login')}
          onClick={(event) => {
            event.preventDefault();
            onNavigate();
            void router.navigate({ to: '/login', search: signInSearch });
          }}
        />
        <NavLink
          component={Link}
          to="/registration"
          label={t('ui.accountMenu.register')}
          onClick={onNavigate}
        />
      </>
    );
  }
  const { user } = session;
  return (
    <NavLink label={`${user.first_name} ${user.last_name}`} childrenOffset="sm" defaultOpened>
      {menuLinksFor(user).map((link) => (
        <NavLink key={link.to} component={Link} to={link.to} label={t(link.label)} onClick={onNavigate} />
      ))}
      <NavLink
        component={Link}
        to="/account/profile"
        label={t('ui.accountMenu.myAccount')}
        onClick={onNavigate}
      />
      <NavLink
        component="button"
        label={t('ui.accountMenu.logout')}
        onClick={() => {
          onNavigate();
          logout();
        }}
      />
    </NavLink>
  );
}
