import { ActionIcon, Box, Burger, Container, Divider, Drawer, Group, NavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { company } from '../../config/company.ts';
import { BrowseMegaMenu, BrowseNavTree } from '../BrowseMenu/BrowseMenu.tsx';
import { CartButton } from '../CartButton/CartButton.tsx';
import { LanguageChoice, LanguageMenu } from '../LanguageSwitch/LanguageSwitch.tsx';
import { LiveStatus } from '../LiveStatus/LiveStatus.tsx';
import { SearchIcon, SearchSuggest } from '../SearchSuggest/SearchSuggest.tsx';
import { AccountMenu, AccountNavLinks } from './AccountMenu.tsx';
import classes from './Header.module.css';
import { MoreMenu, MoreNavLinks } from './MoreMenu.tsx';
import { savedSearchesPath, sellYourWinePath } from './site-pages.ts';

function Brand() {
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

/** Product search with suggestions (seeds 000 §2.5): a suggestion opens its lot, Enter searches /search. */
function SearchForm({ onDone, autoFocus }: { onDone?: () => void; autoFocus?: boolean }) {
  return <SearchSuggest className={classes.search} onDone={onDone} autoFocus={autoFocus} />;
}

export function Header() {
  const { t } = useTranslation();
  const [menuOpen, menu] = useDisclosure(false);
  const [searchOpen, search] = useDisclosure(false);
  return (
    <header className={classes.header}>
      <div className={classes.topline}>
        <Container className={classes.toplineInner}>
          <span>{t('ui.company.tagline')}</span>
          {/* The desktop's language switch; phones have it in the menu drawer. */}
          <Box visibleFrom="md" className={classes.toplineEnd}>
            <LanguageMenu />
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
          <SearchForm />
        </Box>
        <Box component="nav" aria-label={t('ui.header.mainNav')} visibleFrom="md" className={classes.nav}>
          <Link to="/" className={classes.link} activeOptions={{ exact: true }}>
            {t('ui.header.home')}
          </Link>
          <BrowseMegaMenu>
            <Link to="/search" className={classes.link}>
              {t('ui.header.browseWines')}
            </Link>
          </BrowseMegaMenu>
          <Link to="/auction" className={classes.link}>
            {t('ui.header.auctions')}
          </Link>
          <Link to={sellYourWinePath} className={classes.link}>
            {t('ui.header.sellYourWine')}
          </Link>
          <MoreMenu />
        </Box>
        <div className={classes.spacer} />
        <Box visibleFrom="md">
          <AccountMenu />
        </Box>
        <CartButton />
        <LiveStatus />
        <Group gap="xs" hiddenFrom="lg" wrap="nowrap">
          <ActionIcon variant="subtle" size="lg" aria-label={t('ui.header.openSearch')} onClick={search.open}>
            <SearchIcon />
          </ActionIcon>
          <Burger
            opened={menuOpen}
            onClick={menu.toggle}
            aria-label={t('ui.header.openMenu')}
            size="sm"
            hiddenFrom="md"
          />
        </Group>
      </Container>

      <Drawer
        opened={searchOpen}
        onClose={search.close}
        position="top"
        size="auto"
        title={t('ui.header.searchWines')}
        closeButtonProps={{ 'aria-label': t('ui.common.close') }}
      >
        <SearchForm onDone={search.close} autoFocus />
      </Drawer>

      <Drawer
        opened={menuOpen}
        onClose={menu.close}
        position="right"
        title={t('ui.header.menu')}
        size="xs"
        closeButtonProps={{ 'aria-label': t('ui.common.close') }}
      >
        {/* The language first: found at once, before the long list of regions. */}
        <Box mb="md">
          <LanguageChoice />
        </Box>
        <Stack gap={0} component="nav" aria-label={t('ui.header.mobileNav')}>
          <NavLink component={Link} to="/" label={t('ui.header.home')} onClick={menu.close} />
          <NavLink label={t('ui.header.browseWines')} childrenOffset="sm" defaultOpened>
            <NavLink component={Link} to="/search" label={t('ui.header.allWines')} onClick={menu.close} />
            <BrowseNavTree onNavigate={menu.close} />
          </NavLink>
          <NavLink component={Link} to="/auction" label={t('ui.header.auctions')} onClick={menu.close} />
          <NavLink
            component={Link}
            to={sellYourWinePath}
            label={t('ui.header.sellYourWine')}
            onClick={menu.close}
          />
          <NavLink
            component={Link}
            to={savedSearchesPath}
            label={t('ui.header.savedSearches')}
            onClick={menu.close}
          />
          <Divider my="sm" />
          <AccountNavLinks onNavigate={menu.close} />
          <Divider my="sm" label={t('ui.header.more')} labelPosition="left" />
          <MoreNavLinks onNavigate={menu.close} />
        </Stack>
      </Drawer>
    </header>
  );
}
