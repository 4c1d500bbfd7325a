import {
  ActionIcon,
  Box,
  Burger,
  Container,
  Divider,
  Drawer,
  Group,
  NavLink,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { company } from '../../config/company.ts';
import { BrowseMegaMenu, BrowseNavTree } from '../BrowseMenu/BrowseMenu.tsx';
import { CartButton } from '../CartButton/CartButton.tsx';
import { LanguageChoice, LanguageMenu } from '../LanguageSwitch/LanguageSwitch.tsx';
import { LiveStatus } from '../LiveStatus/LiveStatus.tsx';
import { AccountMenu, AccountNavLinks } from './AccountMenu.tsx';
import classes from './Header.module.css';

function SearchIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

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

/** Product search: submits to /search?searchQuery= (seeds 000 §2.5). */
function SearchForm({ onDone, autoFocus }: { onDone?: () => void; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const searchQuery = query.trim();
    void navigate({ to: '/search', search: searchQuery ? { searchQuery } : {} });
    onDone?.();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for some browsers (and jsdom)
    <form role="search" onSubmit={submit} className={classes.search}>
      <TextInput
        type="search"
        aria-label={t('ui.header.searchWines')}
        placeholder={t('ui.header.searchPlaceholder')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        data-autofocus={autoFocus || undefined}
        data-testid="header-search"
        rightSection={
          <ActionIcon type="submit" variant="subtle" aria-label={t('ui.header.search')}>
            <SearchIcon />
          </ActionIcon>
        }
      />
    </form>
  );
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
          {/* A route that arrives with a later issue: a plain link until it exists. */}
          <a href="/sellingwine" className={classes.link}>
            {t('ui.header.sellYourWine')}
          </a>
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
          <NavLink href="/sellingwine" label={t('ui.header.sellYourWine')} />
          <NavLink href="/saved_search" label={t('ui.header.savedSearches')} />
          <Divider my="sm" />
          <AccountNavLinks onNavigate={menu.close} />
          <Divider my="sm" label={t('ui.header.more')} labelPosition="left" />
          <NavLink href="/aboutus" label={t('ui.header.aboutUs')} />
          <NavLink href="/howitworks" label={t('ui.header.howItWorks')} />
          <NavLink href="/contact-us" label={t('ui.header.contactUs')} />
        </Stack>
      </Drawer>
    </header>
  );
}
