import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Role, StaffUserDetail } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom, switchSessionAtom } from '../../state/session.ts';
import { StaffAgreements } from '../Agreements/StaffAgreements.tsx';
import { AnchorLink } from '../AnchorLink.tsx';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { StaffSellerCharges } from '../SellerCharges/StaffSellerCharges.tsx';
import { BidLimitRequest } from './BidLimitRequest.tsx';
import { IdentityCheck } from './IdentityCheck.tsx';
import { RoleBadges, UserStatusBadge } from './StaffUsers.tsx';
import { UserActivity } from './UserActivity.tsx';
import { UserHistory } from './UserHistory.tsx';
import { fullName, grantableRoles, kycLabel, roleLabel } from './user-labels.ts';

/** After a change to an account: its page and the list ask again. */
export const refreshPeople = (queryClient: QueryClient) =>
  Promise.all([invalidateAction(queryClient, 'staffUser'), invalidateAction(queryClient, 'staffUsers')]);

/** A labelled fact of the profile. */
function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text data-testid={testId}>{children}</Text>
    </div>
  );
}

/**
 * /admin/users/:id (admins, issue 34 "People"): who the user is and where their account stands, and
 * what an admin does to it: roles granted and revoked, deactivate or activate, end every session, act
 * as them in this tab. None of it on the admin's own account (the server refuses it: OWN_ACCOUNT).
 */
export function StaffUser({ user }: { user: StaffUserDetail }) {
  const { t } = useTranslation();
  const me = useAtomValue(currentUserAtom);
  const name = fullName(user) || user.email;
  const own = me?.id === user.id;
  const yesNo = (value: boolean) => t(value ? 'ui.staff.users.yes' : 'ui.staff.users.no');
  const dateOrNever = (iso: string | null) => (iso ? formatDateTime(iso) : t('ui.staff.users.never'));
  const checked = (value: boolean) => t(value ? 'ui.staff.users.verified' : 'ui.staff.users.notVerified');

  return (
    <Container size="lg" py="xl">
      <AnchorLink to="/admin/users" size="sm">
        ← {t('ui.staff.users.all')}
      </AnchorLink>
      <Group justify="space-between" align="center" mt="xs" mb="md">
        <Title order={1}>{name}</Title>
        <Group gap="xs">
          <UserStatusBadge status={user.status} />
          <RoleBadges roles={user.roles} />
        </Group>
      </Group>
      <Stack gap="md">
        <Card withBorder component="section" aria-labelledby="user-profile-title">
          <Title order={2} fz={22} id="user-profile-title" mb="sm">
            {t('ui.staff.users.profile')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <Fact label={t('ui.staff.users.email')} testId="user-email">
              <Anchor href={`mailto:${user.email}`} style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Anchor>{' '}
              ({checked(user.emailVerified)})
            </Fact>
            <Fact label={t('ui.staff.users.phone')}>
              {user.phone ? `${user.phone} (${checked(user.phoneVerified)})` : '—'}
            </Fact>
            <Fact label={t('ui.staff.users.country')}>{user.countryCode}</Fact>
            <Fact label={t('ui.staff.users.registered')}>{formatDate(user.createdAt)}</Fact>
            <Fact label={t('ui.staff.users.lastSignIn')}>{dateOrNever(user.lastLoginAt)}</Fact>
            <Fact label={t('ui.staff.users.passwordChanged')}>{dateOrNever(user.passwordChangedAt)}</Fact>
            <Fact label={t('ui.staff.users.identity')}>{t(kycLabel[user.kycStatus])}</Fact>
            <Fact label={t('ui.staff.users.bidLimit')} testId="user-bid-limit">
              {user.bidLimit === null ? t('ui.staff.users.noBidLimit') : formatMoney(user.bidLimit)}
              {user.bidLimitRequested === null
                ? null
                : ` · ${t('ui.staff.users.bidLimitRequested', { amount: formatMoney(user.bidLimitRequested) })}`}
            </Fact>
            <Fact label={t('ui.staff.users.cards')}>{user.cardsOnFile}</Fact>
            <Fact label={t('ui.staff.users.newsletter')}>{yesNo(user.newsletter)}</Fact>
            <Fact label={t('ui.staff.users.sessionsEnded')}>{dateOrNever(user.forceLogoutAt)}</Fact>
          </SimpleGrid>
        </Card>
        <UserActivity user={user} />
        {own ? (
          <Alert color="blue" data-testid="own-account">
            {t('ui.staff.users.ownAccount')}
          </Alert>
        ) : (
          <>
            {user.bidLimitRequested !== null ? <BidLimitRequest user={user} name={name} /> : null}
            <IdentityCheck user={user} name={name} />
            <UserRoles user={user} name={name} />
            <UserAccountActions user={user} name={name} />
          </>
        )}
        {user.roles.includes('seller') ? <StaffAgreements sellerId={user.id} /> : null}
        {/* Issue 38 §1: what the house bills a seller or vendor, billed and recorded here. */}
        {user.roles.includes('seller') || user.roles.includes('vendor') ? (
          <StaffSellerCharges sellerId={user.id} name={name} />
        ) : null}
        <UserHistory userId={user.id} />
      </Stack>
    </Container>
  );
}

/** The seven roles as switches (issue 38 §1 adds `vendor`): each change is a grant or a revoke, sent at once. */
function UserRoles({ user, name }: { user: StaffUserDetail; name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (role: Role, held: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      const label = t(roleLabel[role]);
      const { message } = await callForMessage(held ? 'grantRole' : 'revokeRole', { id: user.id, role });
      const done = t(held ? 'ui.staff.users.roleGranted' : 'ui.staff.users.roleRevoked', {
        role: label,
        name,
      });
      pushAlert({ msg: messageOr(message, done), type: 'success' });
      await refreshPeople(queryClient);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="user-roles-title">
      <Title order={2} fz={22} id="user-roles-title" mb={4}>
        {t('ui.staff.users.roles')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ui.staff.users.rolesHint')}
      </Text>
      <Group gap="lg">
        {grantableRoles.map((role) => (
          <Switch
            key={role}
            label={t(roleLabel[role])}
            checked={user.roles.includes(role)}
            disabled={busy}
            onChange={(event) => void change(role, event.currentTarget.checked)}
            data-testid={`role-${role}`}
          />
        ))}
      </Group>
      {failure ? (
        <Alert color="red" mt="sm" role="alert">
          {failure}
        </Alert>
      ) : null}
    </Card>
  );
}

/** Deactivate or activate, end every session, act as the user: each asked before it is sent. */
function UserAccountActions({ user, name }: { user: StaffUserDetail; name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const switchSession = useSetAtom(switchSessionAtom);
  const navigate = useNavigate();
  const active = user.status === 'active';

  const changeStatus = () =>
    confirmDialog({
      title: t(active ? 'ui.staff.users.deactivateTitle' : 'ui.staff.users.activateTitle', { name }),
      children: active ? <Text size="sm">{t('ui.staff.users.deactivateBody')}</Text> : null,
      confirmLabel: t(active ? 'ui.staff.users.deactivate' : 'ui.staff.users.activate'),
      destructive: active,
      confirmTestId: 'confirm-status',
      onConfirm: async () => {
        const status = active ? 'deactivate' : 'active';
        const { message } = await callForMessage('changeUserStatus', { id: user.id, status });
        const done = t(active ? 'ui.staff.users.deactivated' : 'ui.staff.users.activated', { name });
        pushAlert({ msg: messageOr(message, done), type: 'success' });
        await refreshPeople(queryClient);
      },
    });

  const forceLogout = () =>
    confirmDialog({
      title: t('ui.staff.users.forceLogoutTitle', { name }),
      children: <Text size="sm">{t('ui.staff.users.forceLogoutBody')}</Text>,
      confirmLabel: t('ui.staff.users.forceLogout'),
      destructive: true,
      confirmTestId: 'confirm-force-logout',
      onConfirm: async () => {
        const { message } = await callForMessage('forceLogout', { id: user.id });
        pushAlert({ msg: messageOr(message, t('ui.staff.users.loggedOut', { name })), type: 'success' });
        await refreshPeople(queryClient);
      },
    });

  const actAs = () =>
    confirmDialog({
      title: t('ui.staff.users.switchTitle', { name }),
      children: <Text size="sm">{t('ui.staff.users.switchBody')}</Text>,
      confirmLabel: t('ui.staff.users.switch'),
      confirmTestId: 'confirm-switch',
      onConfirm: async () => {
        const { token } = await call('switchUser', { id: user.id });
        // This tab's session becomes the user's (as the /switch link does), then the shop as they see it.
        const switched = await switchSession(token);
        // The token was not taken (the account ended meanwhile): the dialog says so, the session stays.
        if (!switched) throw new Error(t('ui.staff.users.switchFailed', { name }));
        pushAlert({ msg: t('ui.switchUser.signedInAs', { name }), type: 'success' });
        await navigate({ to: '/' });
      },
    });

  return (
    <Card withBorder component="section" aria-labelledby="user-account-title">
      <Title order={2} fz={22} id="user-account-title" mb="sm">
        {t('ui.staff.users.account')}
      </Title>
      <Group gap="sm">
        <Button
          variant={active ? 'outline' : 'filled'}
          color={active ? 'red' : undefined}
          onClick={changeStatus}
          data-testid="user-status-change"
        >
          {t(active ? 'ui.staff.users.deactivate' : 'ui.staff.users.activate')}
        </Button>
        <Button variant="outline" onClick={forceLogout} disabled={!active} data-testid="user-force-logout">
          {t('ui.staff.users.forceLogout')}
        </Button>
        <Button variant="default" onClick={actAs} disabled={!active} data-testid="user-switch">
          {t('ui.staff.users.switch')}
        </Button>
      </Group>
    </Card>
  );
}
