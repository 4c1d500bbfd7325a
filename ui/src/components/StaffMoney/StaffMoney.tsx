import { Alert, Container, Stack, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { currentUserAtom } from '../../state/session.ts';
import { StaffPayouts } from '../StaffPayouts/StaffPayouts.tsx';
import { GiftCards } from './GiftCards.tsx';
import { StaffDeposits } from './StaffDeposits.tsx';
import { StaffInvoices, type StaffInvoicesProps } from './StaffInvoices.tsx';
import { canHandleMoney, canIssueGiftCards } from './staff-roles.ts';

/**
 * /admin/money: the staff's side of money (contracts moneyStaffActions): invoices to pay with
 * 'Record payment', and the gift cards. For finance and admins; anyone else is told so up front
 * (the server refuses them with ROLE_REQUIRED anyway).
 */
export function StaffMoney(invoices: StaffInvoicesProps) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  return (
    <Container py="xl">
      <Title order={1} mb="lg">
        {t('ui.staffMoney.title')}
      </Title>
      {user && canHandleMoney(user) ? (
        <Stack gap="xl">
          <StaffInvoices {...invoices} />
          <StaffDeposits />
          <StaffPayouts />
          <GiftCards canIssue={canIssueGiftCards(user)} />
        </Stack>
      ) : (
        <Alert color="gray" data-testid="staff-only">
          {t('role.finance')}
        </Alert>
      )}
    </Container>
  );
}
