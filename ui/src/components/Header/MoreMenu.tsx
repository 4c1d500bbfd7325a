import { Menu, NavLink, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './Header.module.css';
import { MoreLabel } from './HeaderStandIns.tsx';
import { useMorePages } from './site-pages.ts';

/** seeds 000 §2.5: the desktop header's More dropdown, the configurable pages first. */
export function MoreMenu() {
  const { t } = useTranslation();
  const pages = useMorePages(t);
  return (
    <Menu position="bottom-start" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.link} data-testid="more-menu">
          <MoreLabel />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {pages.map((page) => (
          <Menu.Item key={page.to} component={Link} to={page.to}>
            {page.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same pages in the mobile drawer's MORE section. */
export function MoreNavLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  return useMorePages(t).map((page) => (
    <NavLink key={page.to} component={Link} to={page.to} label={page.label} onClick={onNavigate} />
  ));
}
