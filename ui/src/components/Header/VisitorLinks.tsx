import { Group } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { signInSearchFor } from '../../lib/after-login.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import classes from './Header.module.css';

/** Sign In passes along where the visitor is (or was going), to come back after login. */
export function useSignInSearch(): { referer?: string } {
  return signInSearchFor(useLocation());
}

/**
 * seeds 000 §2.5: a visitor's Sign In / Register on the desktop header. Part of the first load (and of
 * the page painted on the server), so the header does not change when the account menu's code comes.
 */
export function VisitorLinks() {
  const { t } = useTranslation();
  const signInSearch = useSignInSearch();
  return (
    <Group gap="xs" wrap="nowrap" className={classes.account}>
      <AnchorLink to="/login" search={signInSearch} size="sm" fw={500}>
        {t('ui.common.signIn')}
      </AnchorLink>
      <span aria-hidden="true">/</span>
      <AnchorLink to="/registration" size="sm" fw={500}>
        {t('ui.accountMenu.register')}
      </AnchorLink>
    </Group>
  );
}
