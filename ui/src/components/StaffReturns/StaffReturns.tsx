import { Alert, Button, Card, Container, Group, Table, Tabs, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffReturn } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, messageOr } from '../../api/client.ts';
import { invalidateAction, staffReturnsQuery } from '../../api/queries.ts';
import { formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom } from '../../state/session.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { PagedRecords } from '../Pager/PagedRecords.tsx';
import { PhoneCards } from '../PhoneCards/PhoneCards.tsx';
import { Outcome, ReturnStatusBadge } from '../ReturnList/ReturnList.tsx';
import { DecideReturnDialog, type ReturnDecision } from './DecideReturnDialog.tsx';
import { ReceiveReturnDialog, type ReturnReceipt } from './ReceiveReturnDialog.tsx';
import { RefundReturnDialog, type ReturnRefund } from './RefundReturnDialog.tsx';
import { canDecideReturns } from './staff-returns.ts';

export type StaffReturnTab = 'open' | 'decided';
export const STAFF_RETURNS_PAGE_SIZE = 20;
/** How often the list asks again while a step just taken is not in it yet (ms). */
const AWAIT_POLL_MS = 300;

export interface StaffReturnsProps {
  status: StaffReturnTab;
  page: number;
  onChange: (view: { status: StaffReturnTab; page: number }) => void;
}

/** What staff do with a return (issue 31): accept or refuse it, mark the wine received, refund it. */
export type StaffStep = 'accept' | 'refuse' | 'receive' | 'refund';

/**
 * The buttons of one return: Accept / Refuse while it waits; Mark received (or Refuse, if the wine
 * never came) once accepted; Refund once received (again, to finish a refund under way).
 */
function Decide({ record, onDecide }: { record: StaffReturn; onDecide: (d: StaffStep) => void }) {
  const { t } = useTranslation();
  if (record.status === 'accepted') {
    return (
      <Button
        size="xs"
        onClick={() => onDecide('receive')}
        aria-label={t('ui.returns.receiveTitle', { title: record.title })}
        data-testid="receive-return"
      >
        {t('ui.returns.receive')}
      </Button>
    );
  }
  if (record.status === 'received' || record.status === 'refunding') {
    return (
      <Button
        size="xs"
        onClick={() => onDecide('refund')}
        aria-label={t('ui.returns.refundTitle', { title: record.title })}
        data-testid={record.status === 'refunding' ? 'finish-refund' : 'refund-return'}
      >
        {t(record.status === 'refunding' ? 'ui.returns.retry' : 'ui.returns.refundAction')}
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
  onDecide: (r: StaffReturn, d: StaffStep) => void;
}) {
  const { t } = useTranslation();
  return (
    <PhoneCards minWidth={960}>
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
              <Table.Td>
                <DateTime iso={record.requested_at} />
              </Table.Td>
              {/* Finance and admins open any invoice (issue 31). */}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <AnchorLink to="/invoice/$id" params={{ id: record.invoice_id }}>
                  {record.invoice_number ?? record.invoice_id}
                </AnchorLink>
              </Table.Td>
              {/* Each cell one block: a phone's card lays a cell's children side by side. */}
              <Table.Td>
                <div>
                  <Text size="sm">{record.buyer_name}</Text>
                  <Text size="xs" c="dimmed">
                    {record.buyer_email}
                  </Text>
                </div>
              </Table.Td>
              <Table.Td>
                <div>
                  <Text size="sm" fw={500}>
                    {record.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {record.reason}
                  </Text>
                </div>
              </Table.Td>
              <Table.Td ta="right">{record.qty}</Table.Td>
              <Table.Td ta="right">{formatMoney(record.amount)}</Table.Td>
              <Table.Td>
                <div>
                  <ReturnStatusBadge status={record.status} />
                  <Outcome record={record} />
                </div>
              </Table.Td>
              <Table.Td>
                <Decide record={record} onDecide={(decision) => onDecide(record, decision)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </PhoneCards>
  );
}

/** The returns waiting for a decision (or decided), with Accept (card or wallet) and Refuse (a note). */
function StaffReturnList({ status, page, onChange }: StaffReturnsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  /**
   * The step just taken, until the list shows it: the answer comes once the log has it, the read
   * model a moment later, and nothing tells staff's screens live, so the list asks again meanwhile
   * (a few seconds at most).
   */
  const [awaiting, setAwaiting] = useState<{ id: string; from: StaffReturn['status']; until: number } | null>(
    null,
  );
  const list = useQuery({
    ...staffReturnsQuery({ status, page, limit: STAFF_RETURNS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    refetchInterval: awaiting ? AWAIT_POLL_MS : false,
  });
  const shown = list.data?.records.find((r) => r.id === awaiting?.id);
  const settled = awaiting !== null && (shown?.status !== awaiting.from || Date.now() > awaiting.until);
  useEffect(() => {
    if (settled) setAwaiting(null);
  }, [settled]);
  const [deciding, setDeciding] = useState<{ record: StaffReturn; decision: StaffStep } | null>(null);
  const done = async (message: string, said: string) => {
    if (deciding)
      setAwaiting({ id: deciding.record.id, from: deciding.record.status, until: Date.now() + 8_000 });
    pushAlert({ msg: messageOr(message, said), type: 'success' });
    await Promise.all([
      invalidateAction(queryClient, 'staffReturns'),
      invalidateAction(queryClient, 'invoice'),
      invalidateAction(queryClient, 'allreturns'),
    ]);
  };
  const decide = async (input: ReturnDecision) => {
    const { message, responseData: result } = await callForMessage('decideReturn', input);
    await done(message, t(result.status === 'refused' ? 'returns.refused' : 'returns.accepted'));
  };
  const receive = async (input: ReturnReceipt) => {
    const { message } = await callForMessage('receiveReturn', input);
    await done(message, t('returns.received', { good: input.good, damaged: input.damaged }));
  };
  const refund = async (input: ReturnRefund) => {
    const { message, responseData: result } = await callForMessage('refundReturn', input);
    const amount = formatMoney(result.refunded ?? 0);
    await done(
      message,
      t(result.refunded_card > 0 ? 'returns.refundedCard' : 'returns.refundedWallet', { amount }),
    );
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
      <PagedRecords
        query={list}
        label={t('ui.returns.staffTitle')}
        empty={t('ui.returns.staffEmpty')}
        emptyTestId="staff-returns-empty"
        page={page}
        pageSize={STAFF_RETURNS_PAGE_SIZE}
        onPage={(next) => onChange({ status, page: next })}
        error="inline"
      >
        {(records) => (
          <>
            <StaffReturnTable
              records={records}
              onDecide={(record, decision) => setDeciding({ record, decision })}
            />
          </>
        )}
      </PagedRecords>
      {deciding?.decision === 'accept' || deciding?.decision === 'refuse' ? (
        <DecideReturnDialog
          record={deciding.record}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onSubmit={decide}
        />
      ) : deciding?.decision === 'receive' ? (
        <ReceiveReturnDialog record={deciding.record} onClose={() => setDeciding(null)} onSubmit={receive} />
      ) : deciding?.decision === 'refund' ? (
        <RefundReturnDialog record={deciding.record} onClose={() => setDeciding(null)} onSubmit={refund} />
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
