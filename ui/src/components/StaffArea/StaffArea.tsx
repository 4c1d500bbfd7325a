import { Alert, Box, Container, NavLink, Stack } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserAtom } from '../../state/session.ts';
import classes from './StaffArea.module.css';
import { staffSectionTexts } from './staff-section-texts.ts';
import { type StaffSection, staffSectionsFor } from './staff-sections.ts';

/** Whether `pathname` is in `section` (its page or one under it). */
const inSection = (pathname: string, section: Pick<StaffSection, 'to'>) =>
  pathname === section.to || pathname.startsWith(`${section.to}/`);

/**
 * The staff area's shell (issue 33): the sections the user's roles open, as a column beside the page
 * on a desktop and (the same links) a row that scrolls sideways above it on a phone; the page in the rest. Anyone with
 * no section is told so (the server refuses every staff call to them anyway).
 */
export function StaffArea({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const sections = user ? staffSectionsFor(user) : [];
  if (sections.length === 0) {
    return (
      <Container py="xl">
        <Alert color="gray" data-testid="staff-only">
          {t('ui.staff.notStaff')}
        </Alert>
      </Container>
    );
  }
  const entries = [
    { key: 'home', to: '/admin', label: 'ui.staff.home' } as const,
    ...sections.map((section) => ({ ...section, label: staffSectionTexts[section.key].label })),
  ];
  const current = (entry: (typeof entries)[number]) =>
    entry.key === 'home' ? pathname === '/admin' || pathname === '/admin/' : inSection(pathname, entry);
  return (
    <Box className={classes.area} data-testid="staff-area">
      <Box component="nav" aria-label={t('ui.staff.nav')} className={classes.side}>
        <Stack gap={2} className={classes.links}>
          {entries.map((entry) => (
            <NavLink
              key={entry.key}
              component={Link}
              to={entry.to}
              label={t(entry.label)}
              active={current(entry)}
              activeOptions={{ exact: entry.key === 'home' }}
              className={classes.link}
              data-testid={`staff-nav-${entry.key}`}
            />
          ))}
        </Stack>
      </Box>
      <Box className={classes.page}>{children}</Box>
    </Box>
  );
}
