import { Box, Divider, Drawer, NavLink, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BrowseNavTree } from '../BrowseMenu/BrowseMenu.tsx';
import { LanguageChoice } from '../LanguageSwitch/LanguageSwitch.tsx';
import { SearchSuggest } from '../SearchSuggest/SearchSuggest.tsx';
import { AccountNavLinks } from './AccountMenu.tsx';
import classes from './Header.module.css';
import { MoreNavLinks } from './MoreMenu.tsx';
import { savedSearchesPath, sellYourWinePath } from './site-pages.ts';

/**
 * The header's drawers (seeds 000 §2.5, below the desktop layout): loaded when one is first opened
 * (Header.tsx), so the first load of a page carries neither them nor the dialog machinery they need.
 */
interface DrawerProps {
  opened: boolean;
  onClose: () => void;
}

/** Search from the top: the suggesting search field. */
export function SearchDrawer({ opened, onClose }: DrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="top"
      size="auto"
      title={t('ui.header.searchWines')}
      closeButtonProps={{ 'aria-label': t('ui.common.close') }}
    >
      <SearchSuggest className={classes.search} onDone={onClose} autoFocus />
    </Drawer>
  );
}

/** The menu from the right: language, browse tree, saved searches, account and MORE pages. */
export function MenuDrawer({ opened, onClose }: DrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
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
        <NavLink component={Link} to="/" label={t('ui.header.home')} onClick={onClose} />
        <NavLink label={t('ui.header.browseWines')} childrenOffset="sm" defaultOpened>
          <NavLink component={Link} to="/search" label={t('ui.header.allWines')} onClick={onClose} />
          <BrowseNavTree onNavigate={onClose} />
        </NavLink>
        <NavLink component={Link} to="/auction" label={t('ui.header.auctions')} onClick={onClose} />
        <NavLink
          component={Link}
          to={sellYourWinePath}
          label={t('ui.header.sellYourWine')}
          onClick={onClose}
        />
        <NavLink
          component={Link}
          to={savedSearchesPath}
          label={t('ui.header.savedSearches')}
          onClick={onClose}
        />
        <Divider my="sm" />
        <AccountNavLinks onNavigate={onClose} />
        <Divider my="sm" label={t('ui.header.more')} labelPosition="left" />
        <MoreNavLinks onNavigate={onClose} />
      </Stack>
    </Drawer>
  );
}
