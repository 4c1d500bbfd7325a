import { Button, Card, Group, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StreamHistory } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { HISTORY_PAGE_SIZE } from '../AuditHistory/AuditHistory.tsx';
import { HistoryTable } from '../AuditHistory/HistoryTable.tsx';
import { Pager } from '../Pager/Pager.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';

/** One page of the user's events, asked for when the admin opens the history. */
function HistoryPages({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const input = { id: userId, from: (page - 1) * HISTORY_PAGE_SIZE, limit: HISTORY_PAGE_SIZE };
  const history = useQuery({
    queryKey: ['userHistory', input] as const,
    queryFn: ({ signal }) => call('userHistory', input, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  return (
    <QueryState query={history} label={t('ui.staff.users.historyLoading')} error="alert" keepData>
      {(data: StreamHistory) => (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {t('ui.staff.users.historyCount', { count: data.totalRecords })}
          </Text>
          <HistoryTable rows={data.rows} />
          <Pager page={page} pageSize={HISTORY_PAGE_SIZE} totalRecords={data.totalRecords} onPage={setPage} />
        </>
      )}
    </QueryState>
  );
}

/**
 * Issue 34 "People": the user's account history from the log (registration, roles, status, identity
 * checks, cards by last four, addresses), each event with who acted and what it changed, as the
 * auditor's history shows a lot's. Asked for only when the admin opens it.
 */
export function UserHistory({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder component="section" aria-labelledby="user-history-title" data-testid="user-history">
      <Group justify="space-between" mb={open ? 'sm' : 0}>
        <Title order={2} fz={22} id="user-history-title">
          {t('ui.staff.users.history')}
        </Title>
        <Button variant="light" size="xs" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? t('ui.staff.users.hideHistory') : t('ui.staff.users.showHistory')}
        </Button>
      </Group>
      {open ? <HistoryPages userId={userId} /> : null}
    </Card>
  );
}
