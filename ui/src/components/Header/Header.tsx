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
import { company } from '../../config/company.ts';
import { BrowseMegaMenu, BrowseNavTree } from '../BrowseMenu/BrowseMenu.tsx';
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
  return (
    <Link to="/" className={classes.brand} aria-label={`${company.name} home`}>
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
        aria-label="Search wines"
        placeholder="Search wines, producers, regions"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        data-autofocus={autoFocus || undefined}
        data-testid="header-search"
        rightSection={
          <ActionIcon type="submit" variant="subtle" aria-label="Search">
            <SearchIcon />
          </ActionIcon>
        }
      />
    </form>
  );
}

export function Header() {
  const [menuOpen, menu] = useDisclosure(false);
  const [searchOpen, search] = useDisclosure(false);
  return (
    <header className={classes.header}>
      <div className={classes.topline}>{company.tagline}</div>
      <Container className={classes.inner}>
        <Brand />
        {/* seeds 000 §2.5: the desktop header from 1024px (theme breakpoint md), drawers below it. */}
        <Box visibleFrom="md" className={classes.search}>
          <SearchForm />
        </Box>
        <Box component="nav" aria-label="Main" visibleFrom="md" className={classes.nav}>
          <Link to="/" className={classes.link} activeOptions={{ exact: true }}>
            Home
          </Link>
          <BrowseMegaMenu>
            <Link to="/search" className={classes.link}>
              Browse Wines
            </Link>
          </BrowseMegaMenu>
          <Link to="/auction" className={classes.link}>
            Auctions
          </Link>
          {/* A route that arrives with a later issue: a plain link until it exists. */}
          <a href="/sellingwine" className={classes.link}>
            Sell Your Wine
          </a>
        </Box>
        <div className={classes.spacer} />
        <Box visibleFrom="md">
          <AccountMenu />
        </Box>
        <LiveStatus />
        <Group gap="xs" hiddenFrom="md" wrap="nowrap">
          <ActionIcon variant="subtle" size="lg" aria-label="Open search" onClick={search.open}>
            <SearchIcon />
          </ActionIcon>
          <Burger opened={menuOpen} onClick={menu.toggle} aria-label="Open menu" size="sm" />
        </Group>
      </Container>

      <Drawer opened={searchOpen} onClose={search.close} position="top" size="auto" title="Search wines">
        <SearchForm onDone={search.close} autoFocus />
      </Drawer>

      <Drawer opened={menuOpen} onClose={menu.close} position="right" title="Menu" size="xs">
        <Stack gap={0} component="nav" aria-label="Mobile">
          <NavLink component={Link} to="/" label="Home" onClick={menu.close} />
          <NavLink label="Browse Wines" childrenOffset="sm" defaultOpened>
            <NavLink component={Link} to="/search" label="All wines" onClick={menu.close} />
            <BrowseNavTree onNavigate={menu.close} />
          </NavLink>
          <NavLink component={Link} to="/auction" label="Auctions" onClick={menu.close} />
          <NavLink href="/sellingwine" label="Sell Your Wine" />
          <NavLink href="/saved_search" label="My saved searches" />
          <Divider my="sm" />
          <AccountNavLinks onNavigate={menu.close} />
          <Divider my="sm" label="MORE" labelPosition="left" />
          <NavLink href="/aboutus" label="About Us" />
          <NavLink href="/howitworks" label="How It Works" />
          <NavLink href="/contact-us" label="Contact Us" />
        </Stack>
      </Drawer>
    </header>
  );
}
