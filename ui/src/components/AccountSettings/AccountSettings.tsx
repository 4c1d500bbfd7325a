import { Container, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './AccountSettings.module.css';

/** The account pages, in the order the nav shows them. */
const accountPages = [
  { to: '/account/profile', label: 'ui.accountPages.myAccount' },
  { to: '/account/change', label: 'ui.accountPages.changePassword' },
  { to: '/account/notifications', label: 'ui.accountPages.notifications' },
  { to: '/account/addresses', label: 'ui.invoiceUx.bookTitle' },
  { to: '/account/verification', label: 'ui.accountPages.verification' },
] as const;

/** The account settings nav; the router marks the current page (aria-current="page"). */
export function AccountSettingsNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('ui.accountPages.nav')} className={classes.nav}>
      <ul className={classes.list}>
        {accountPages.map((page) => (
          <li key={page.to}>
            <Link to={page.to} className={classes.link}>
              {t(page.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The id of the account page's title, to name a page's form by it. */
export const ACCOUNT_TITLE_ID = 'account-title';

/** The frame the account pages share: their title, then the account settings nav. */
export function AccountSettings({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container py="xl" size="md">
      <Title order={1} fz={36} mb="md" id={ACCOUNT_TITLE_ID}>
        {title}
      </Title>
      <AccountSettingsNav />
      {children}
    </Container>
  );
}
