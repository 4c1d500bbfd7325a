import {
  Badge,
  Card,
  Container,
  Group,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StaffUserRow } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { staffUsersQuery } from '../../api/queries.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { useListSearch } from '../../lib/use-list-search.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { PagedRecords } from '../Pager/PagedRecords.tsx';
import { TableSkeleton } from '../Skeletons/Skeletons.tsx';
import { InviteButton } from './InviteDialog.tsx';
import {
  fullName,
  roleLabel,
  statusLabel,
  type UserRoleFilter,
  type UserStatusFilter,
  userRoleFilters,
  userStatusFilters,
} from './user-labels.ts';

export const STAFF_USERS_PAGE_SIZE = 25;

/** The list's view, kept in the URL (/admin/users?q=&status=&role=&page=). */
export interface StaffUsersView {
  q?: string | undefined;
  status: UserStatusFilter;
  role: UserRoleFilter;
  /** Only the bidders waiting for an answer to a bid-limit request. */
  requests?: boolean | undefined;
  page: number;
}

/**
 * /admin/users (admins, issue 34 "People"): every account, newest first, narrowed by text (name,
 * e-mail, phone), status and role, a page at a time; each name opens the user's page.
 */
export function StaffUsers({
  view,
  onChange,
}: {
  view: StaffUsersView;
  onChange: (view: StaffUsersView) => void;
}) {
  const { t } = useTranslation();
  const { text, onText } = useListSearch(view, onChange);
  const list = useQuery({
    ...staffUsersQuery({
      status: view.status,
      role: view.role,
      ...(view.q ? { text: view.q } : {}),
      ...(view.requests ? { bidLimitRequested: true } : {}),
      page: view.page,
      limit: STAFF_USERS_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" mb="md">
        <Title order={1}>{t('ui.staff.users.title')}</Title>
        <InviteButton />
      </Group>
      <Card withBorder mb="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label={t('ui.staff.users.search')}
            placeholder={t('ui.staff.users.searchPlaceholder')}
            value={text}
            onChange={(event) => onText(event.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
            maxLength={100}
            data-testid="staff-users-search"
          />
          <Select
            label={t('ui.staff.users.status')}
            data={userStatusFilters.map((value) => ({ value, label: t(statusLabel[value]) }))}
            value={view.status}
            allowDeselect={false}
            onChange={(value) => onChange({ ...view, status: (value as UserStatusFilter) ?? 'all', page: 1 })}
            w={170}
            data-testid="staff-users-status"
          />
          <Select
            label={t('ui.staff.users.role')}
            data={userRoleFilters.map((value) => ({ value, label: t(roleLabel[value]) }))}
            value={view.role}
            allowDeselect={false}
            onChange={(value) => onChange({ ...view, role: (value as UserRoleFilter) ?? 'all', page: 1 })}
            w={190}
            data-testid="staff-users-role"
          />
          <Switch
            label={t('ui.staff.users.requestsOnly')}
            checked={Boolean(view.requests)}
            onChange={(event) =>
              onChange({ ...view, requests: event.currentTarget.checked || undefined, page: 1 })
            }
            mb={8}
            data-testid="staff-users-requests"
          />
        </Group>
      </Card>
      <PagedRecords
        query={list}
        label={t('ui.staff.users.loading')}
        loader={<TableSkeleton label={t('ui.staff.users.loading')} testId="staff-users-skeleton" />}
        empty={t('ui.staff.users.empty')}
        emptyTestId="staff-users-empty"
        count={(count) => t('ui.staff.users.count', { count })}
        page={view.page}
        pageSize={STAFF_USERS_PAGE_SIZE}
        onPage={(page) => onChange({ ...view, page })}
      >
        {(records) => (
          <>
            <Stack gap="sm" hiddenFrom="sm">
              {records.map((row) => (
                <StaffUserCard key={row.id} row={row} />
              ))}
            </Stack>
            <Table.ScrollContainer minWidth={900} visibleFrom="sm">
              <Table striped verticalSpacing="sm" data-testid="staff-users">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('ui.staff.users.name')}</Table.Th>
                    <Table.Th>{t('ui.staff.users.email')}</Table.Th>
                    <Table.Th>{t('ui.staff.users.phone')}</Table.Th>
                    <Table.Th>{t('ui.staff.users.status')}</Table.Th>
                    <Table.Th>{t('ui.staff.users.roles')}</Table.Th>
                    <Table.Th>{t('ui.staff.users.registered')}</Table.Th>
                    <Table.Th>{t('ui.staff.users.lastSignIn')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {records.map((row) => (
                    <Table.Tr key={row.id} data-testid="staff-user-row">
                      <Table.Td>
                        <UserLink row={row} />
                      </Table.Td>
                      <Table.Td>{row.email}</Table.Td>
                      <Table.Td>{row.phone ?? ''}</Table.Td>
                      <Table.Td>
                        <UserStatusBadge status={row.status} />
                      </Table.Td>
                      <Table.Td>
                        <RoleBadges roles={row.roles} />
                      </Table.Td>
                      <Table.Td>
                        <DateTime iso={row.createdAt} />
                      </Table.Td>
                      <Table.Td>
                        {row.lastLoginAt ? (
                          <DateTime iso={row.lastLoginAt} withTime />
                        ) : (
                          t('ui.staff.users.never')
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </PagedRecords>
    </Container>
  );
}

function UserLink({ row }: { row: StaffUserRow }) {
  const { t } = useTranslation();
  const name = fullName(row) || row.email;
  return (
    <Stack gap={2} align="flex-start">
      <AnchorLink
        to="/admin/users/$id"
        params={{ id: row.id }}
        aria-label={t('ui.staff.users.open', { name })}
        fw={600}
      >
        {name}
      </AnchorLink>
      {row.bidLimitRequested === null ? null : (
        <Badge color="yellow" variant="light" size="sm" data-testid="user-raise-asked">
          {t('ui.staff.users.bidLimitRequested', { amount: formatMoney(row.bidLimitRequested) })}
        </Badge>
      )}
    </Stack>
  );
}

/** A phone's row: the same facts as a card. */
function StaffUserCard({ row }: { row: StaffUserRow }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid="staff-user-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <UserLink row={row} />
        <UserStatusBadge status={row.status} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.email}
      </Text>
      {row.phone ? <Text size="sm">{row.phone}</Text> : null}
      <Group gap={4} mt={4}>
        <RoleBadges roles={row.roles} />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('ui.staff.users.registered')}: {formatDate(row.createdAt)} · {t('ui.staff.users.lastSignIn')}:{' '}
        {row.lastLoginAt ? <DateTime iso={row.lastLoginAt} withTime /> : t('ui.staff.users.never')}
      </Text>
    </Card>
  );
}

export function UserStatusBadge({ status }: { status: StaffUserRow['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'active' ? 'green' : 'gray'} variant="light" data-testid="user-status">
      {t(statusLabel[status])}
    </Badge>
  );
}

export function RoleBadges({ roles }: { roles: StaffUserRow['roles'] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {roles.map((role) => (
        <Badge key={role} variant="outline" size="sm">
          {t(roleLabel[role])}
        </Badge>
      ))}
    </Group>
  );
}
