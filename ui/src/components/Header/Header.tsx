import { ActionIcon, Box, Burger, Container, em, Group, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompany } from '../../config/company.ts';
import { useEver } from '../../lib/use-ever.ts';
import { sessionAtom } from '../../state/session.ts';
import { CartButton } from '../CartButton/CartButton.tsx';
import { LiveStatus } from '../LiveStatus/LiveStatus.tsx';
import { SearchIcon } from '../SearchSuggest/SearchIcon.tsx';
import classes from './Header.module.css';
import { LanguageStandIn, MoreStandIn, SearchStandIn } from './HeaderStandIns.tsx';
import { sellYourWinePath } from './site-pages.ts';
import { VisitorLinks } from './VisitorLinks.tsx';

/*
 * What the first paint does not need loads after it (issue 11: the first load of a phone): the desktop
 * dropdowns (menus, the mega-menu, the suggesting search field, with their positioning library) once
 * the viewport is wide enough to show them, the drawers when one is first opened.
 */
const desktopParts = () => import('./HeaderDesktop.tsx');
const drawers = () => import('./HeaderDrawers.tsx');
const LanguageMenu = lazy(() => desktopParts().then((m) => ({ default: m.LanguageMenu })));
const DesktopSearch = lazy(() => desktopParts().then((m) => ({ default: m.DesktopSearch })));
const BrowseMegaMenu = lazy(() => desktopParts().then((m) => ({ default: m.BrowseMegaMenu })));
const MoreMenu = lazy(() => desktopParts().then((m) => ({ default: m.MoreMenu })));
const AccountMenu = lazy(() => desktopParts().then((m) => ({ default: m.AccountMenu })));
const SearchDrawer = lazy(() => drawers().then((m) => ({ default: m.SearchDrawer })));
const MenuDrawer = lazy(() => drawers().then((m) => ({ default: m.MenuDrawer })));

/**
 * Whether the viewport is narrower than a theme breakpoint: what `visibleFrom` hides there. Narrow
 * until measured (in an effect): the page painted on the server, which knows no viewport, holds the
 * desktop parts' stand-ins (HeaderStandIns.tsx), so the app's first render matches it and a phone
 * never loads the desktop's parts.
 */
function useBelow(breakpoint: 'md' | 'lg'): boolean {
  const px = Number.parseFloat(useMantineTheme().breakpoints[breakpoint]) * 16;
  return useMediaQuery(`(max-width: ${em(px - 0.1)})`, true, { getInitialValueInEffect: true });
}

/** A drawer's open state, and whether it was ever opened (it is loaded and mounted from then on). */
function useDrawer() {
  const [opened, { close, toggle }] = useDisclosure(false);
  return { opened, used: useEver(opened), close, toggle };
}

/** Its stand-in (or nothing) until its part has loaded (a few hundred ms after the first paint at most). */
const Later = ({ children, until = null }: { children: ReactNode; until?: ReactNode }) => (
  <Suspense fallback={until}>{children}</Suspense>
);

function Brand() {
  const company = useCompany();
  const { t } = useTranslation();
  return (
    <Link to="/" className={classes.brand} aria-label={t('ui.header.brandHome', { shop: company.name })}>
      <svg width="28" height="34" viewBox="0 0 28 34" aria-hidden="true">
        <path d="M5 2h18c0 10-3 16-9 16S5 12 5 2z" fill="currentColor" />
        <path d="M14 18v11M8 31.5h12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className={classes.brandName}>{company.name}</span>
    </Link>
  );
}

export function Header() {
  const { t } = useTranslation();
  const menu = useDrawer();
  const search = useDrawer();
  const belowMd = useBelow('md');
  const belowLg = useBelow('lg');
  const anonymous = useAtomValue(sessionAtom).status === 'anonymous';
  const browseLink = (
    <Link to="/search" className={classes.link}>
      {t('ui.header.browseWines')}
    </Link>
  );
  return (
    <header className={classes.header}>
      <div className={classes.topline}>
        <Container className={classes.toplineInner}>
          <span>{t('ui.company.tagline')}</span>
          {/* The desktop's language switch; phones have it in the menu drawer. */}
          <Box visibleFrom="md" className={classes.toplineEnd}>
            {belowMd ? (
              <LanguageStandIn />
            ) : (
              <Later until={<LanguageStandIn />}>
                <LanguageMenu />
              </Later>
            )}
          </Box>
        </Container>
      </div>
      <Container className={classes.inner}>
        <Brand />
        {/*
          seeds 000 §2.5: the desktop header from 1024px (theme breakpoint md), drawers below it. The
          search field needs room a narrow desktop (or a longer language) does not leave: below lg it
          is the search button and its drawer, as on phones.
        */}
        <Box visibleFrom="lg" className={classes.search}>
          {belowLg ? (
            <SearchStandIn />
          ) : (
            <Later until={<SearchStandIn />}>
              <DesktopSearch />
            </Later>
          )}
        </Box>
        <Box component="nav" aria-label={t('ui.header.mainNav')} visibleFrom="md" className={classes.nav}>
          <Link to="/" className={classes.link} activeOptions={{ exact: true }}>
            {t('ui.header.home')}
          </Link>
          {belowMd ? (
            browseLink
          ) : (
            <Later until={browseLink}>
              <BrowseMegaMenu>{browseLink}</BrowseMegaMenu>
            </Later>
          )}
          <Link to="/auction" className={classes.link}>
            {t('ui.header.auctions')}
          </Link>
          <Link to={sellYourWinePath} className={classes.link}>
            {t('ui.header.sellYourWine')}
          </Link>
          {belowMd ? (
            <MoreStandIn />
          ) : (
            <Later until={<MoreStandIn />}>
              <MoreMenu />
            </Later>
          )}
        </Box>
        <div className={classes.spacer} />
        <Box visibleFrom="md">
          {anonymous ? (
            <VisitorLinks />
          ) : (
            !belowMd && (
              <Later>
                <AccountMenu />
              </Later>
            )
          )}
        </Box>
        <CartButton />
        <LiveStatus />
        <Group gap="xs" hiddenFrom="lg" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('ui.header.openSearch')}
            onClick={search.toggle}
            // The drawer's code starts loading as the pointer comes (before the click that opens it).
            onPointerEnter={() => void drawers()}
          >
            <SearchIcon />
          </ActionIcon>
          <Burger
            opened={menu.opened}
            onClick={menu.toggle}
            onPointerEnter={() => void drawers()}
            aria-label={t('ui.header.openMenu')}
            size="sm"
            hiddenFrom="md"
          />
        </Group>
      </Container>

      {search.used && (
        <Later>
          <SearchDrawer opened={search.opened} onClose={search.close} />
        </Later>
      )}
      {menu.used && (
        <Later>
          <MenuDrawer opened={menu.opened} onClose={menu.close} />
        </Later>
      )}
    </header>
  );
}
