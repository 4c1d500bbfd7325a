import { Alert, Button, Card, Container, Group, Loader, Table, Tabs, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffReturn } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction, staffReturnsQuery } from '../../api/queries.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom } from '../../state/session.ts';
import { Pager } from '../Pager/Pager.tsx';
import { ReturnStatusBadge } from '../ReturnList/ReturnList.tsx';
import { DecideReturnDialog, type ReturnDecision } from './DecideReturnDialog.tsx';
import { canDecideReturns } from './staff-returns.ts';

export type StaffReturnTab = 'open' | 'decided';
export const STAFF_RETURNS_PAGE_SIZE = 20;

export interface StaffReturnsProps {
  status: StaffReturnTab;
  page: number;
  onChange: (view: { status: StaffReturnTab; page: number }) => void;
}

/** The decision buttons of one return: Accept / Refuse while it waits; finish an accepted refund. */
function Decide({ record, onDecide }: { record: StaffReturn; onDecide: (d: 'accept' | 'refuse') => void }) {
  const { t } = useTranslation();
  if (record.status === 'accepted') {
    return (
      <Button size="xs" variant="light" onClick={() => onDecide('accept')} data-testid="finish-refund">
        {t('ui.returns.retry')}
      </Button>
    );
  }
  if (record.status !== 'requested') return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        onClick={() => onDecide('accept')}
        aria-label={t('ui.returns.acceptTitle', { title: record.title })}
        data-testid="accept-return"
      >
        {t('ui.returns.accept')}
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        onClick={() => onDecide('refuse')}
        aria-label={t('ui.returns.refuseTitle', { title: record.title })}
        data-testid="refuse-return"
      >
        {t('ui.returns.refuse')}
      </Button>
    </Group>
  );
}

function StaffReturnTable({
  records,
  onDecide,
}: {
  records: StaffReturn[];
  onDecide: (r: StaffReturn, d: 'accept' | 'refuse') => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped verticalSpacing="sm" data-testid="staff-returns">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ui.returns.date')}</Table.Th>
            <Table.Th>{t('ui.returns.invoice')}</Table.Th>
            <Table.Th>{t('ui.returns.buyer')}</Table.Th>
            <Table.Th>{t('ui.returns.wine')}</Table.Th>
            <Table.Th ta="right">{t('ui.returns.qty')}</Table.Th>
            <Table.Th ta="right">{t('ui.returns.refund')}</Table.Th>
            <Table.Th>{t('ui.returns.status')}</Table.Th>
            <Table.Th>{t('ui.returns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr key={record.id} data-testid="staff-return-row" data-return-id={record.id}>
              <Table.Td>{formatDate(record.requested_at)}</Table.Td>
              {/* The invoice page (/invoice/:id) is the buyer's own: staff see the id only. */}
              <Table.Td fw={600}>{record.invoice_id}</Table.Td>
              <Table.Td>
                <Text size="sm">{record.buyer_name}</Text>
                <Text size="xs" c="dimmed">
                  {record.buyer_email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {record.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {record.reason}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{record.qty}</Table.Td>
              <Table.Td ta="right">{formatMoney(record.amount)}</Table.Td>
              <Table.Td>
                <ReturnStatusBadge status={record.status} />
              </Table.Td>
              <Table.Td>
                <Decide record={record} onDecide={(decision) => onDecide(record, decision)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The returns waiting for a decision (or decided), with Accept (card or wallet) and Refuse (a note). */
function StaffReturnList({ status, page, onChange }: StaffReturnsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const list = useQuery({
    ...staffReturnsQuery({ status, page, limit: STAFF_RETURNS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const [deciding, setDeciding] = useState<{ record: StaffReturn; decision: 'accept' | 'refuse' } | null>(
    null,
  );
  const decide = async (input: ReturnDecision) => {
    const { message, responseData: result } = await callForMessage('decideReturn', input);
    const amount = formatMoney(result.amount);
    const said =
      result.status === 'refused'
        ? t('returns.refused')
        : t(result.refund_to === 'card' ? 'returns.acceptedCard' : 'returns.acceptedWallet', { amount });
    pushAlert({ msg: messageOr(message, said), type: 'success' });
    await invalidateAction(queryClient, 'staffReturns');
  };
  return (
    <Card component="section">
      <Tabs
        value={status}
        onChange={(value) => onChange({ status: value === 'decided' ? 'decided' : 'open', page: 1 })}
        mb="md"
      >
        <Tabs.List>
          <Tabs.Tab value="open">{t('ui.returns.open')}</Tabs.Tab>
          <Tabs.Tab value="decided">{t('ui.returns.decided')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {!list.data ? (
        list.isError ? (
          <Text c="red.8" role="alert" size="sm">
            {errorMessage(list.error)}
          </Text>
        ) : (
          <Loader size="sm" aria-label={t('ui.returns.staffTitle')} />
        )
      ) : list.data.records.length === 0 ? (
        <Text c="dimmed" data-testid="staff-returns-empty">
          {t('ui.returns.staffEmpty')}
        </Text>
      ) : (
        <>
          <StaffReturnTable
            records={list.data.records}
            onDecide={(record, decision) => setDeciding({ record, decision })}
          />
          <Pager
            page={page}
            pageSize={STAFF_RETURNS_PAGE_SIZE}
            totalRecords={list.data.totalRecords}
            onPage={(next) => onChange({ status, page: next })}
          />
        </>
      )}
      {deciding ? (
        <DecideReturnDialog
          record={deciding.record}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onSubmit={decide}
        />
      ) : null}
    </Card>
  );
}

/**
 * /admin/returns: the staff's side of returns (contracts returnStaffActions), for finance and admins;
 * anyone else is told so up front (the server refuses them with ROLE_REQUIRED anyway).
 */
export function StaffReturns(props: StaffReturnsProps) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  return (
    <Container py="xl">
      <Title order={1} mb="lg">
        {t('ui.returns.staffTitle')}
      </Title>
      {user && canDecideReturns(user) ? (
        <StaffReturnList {...props} />
      ) : (
        <Alert color="gray" data-testid="staff-only">
          {t('ui.returns.staffOnly')}
        </Alert>
      )}
    </Container>
  );
}
