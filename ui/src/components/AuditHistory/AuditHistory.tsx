import {
  Alert,
  Button,
  Card,
  Code,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LotHistory, StreamHistory } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client.ts';
import { browser } from '../../lib/browser.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom } from '../../state/session.ts';
import { Pager } from '../Pager/Pager.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import classes from './AuditHistory.module.css';
import { HistoryTable } from './HistoryTable.tsx';
import { canAudit, formatAuditTime, fromLocalInput, toLocalInput } from './history-view.ts';
import { InvoicePayments } from './InvoicePayments.tsx';
import { PriceChart } from './PriceChart.tsx';

export const HISTORY_PAGE_SIZE = 50;

export type HistoryKind = 'lot' | 'invoice' | 'payment' | 'settings';

/** Each kind's actions and title (the settings are one stream: its id is `house`). */
const kinds = {
  lot: { history: 'lotHistory', export: 'lotHistoryExport', title: 'ui.auditHistory.lotTitle' },
  invoice: {
    history: 'invoiceHistory',
    export: 'invoiceHistoryExport',
    title: 'ui.auditHistory.invoiceTitle',
  },
  /** Issue 35 §1: one transaction of the payment ledger (`payment-<id>`). */
  payment: {
    history: 'paymentHistory',
    export: 'paymentHistoryExport',
    title: 'ui.auditHistory.paymentTitle',
  },
  settings: {
    history: 'settingsHistory',
    export: 'settingsHistoryExport',
    title: 'ui.auditHistory.settingsTitle',
  },
} as const;

export interface HistoryView {
  asOf?: string | undefined;
  page: number;
}

export interface AuditHistoryProps extends HistoryView {
  kind: HistoryKind;
  id: string;
  onChange: (view: HistoryView) => void;
}

const historyOf = (
  kind: HistoryKind,
  input: { id: string; from: number; limit: number; asOf?: string },
  signal: AbortSignal,
): Promise<StreamHistory & Partial<Pick<LotHistory, 'prices'>>> =>
  kind === 'settings'
    ? call('settingsHistory', { ...input, id: 'house' }, { signal })
    : call(kinds[kind].history, input, { signal });

/**
 * /audit/lot/:id, /audit/invoice/:id, /audit/payment/:id and /audit/settings (DOMAIN.md "Audit", issues
 * 34, 35): the stream's events in order, each opening to its data, the state after it and what changed;
 * the state as of a chosen instant; for a lot, the price over time by bidder; for an invoice, its
 * payments with their transactions; the history as CSV or JSON. For auditors and admins.
 */
export function AuditHistory(props: AuditHistoryProps) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const title = t(kinds[props.kind].title, {
    id: props.id,
  });
  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="lg" className={classes.title}>
        {title}
      </Title>
      {user && canAudit(user) ? (
        <HistoryBody {...props} />
      ) : (
        <Alert color="gray" data-testid="auditors-only">
          {t('role.auditor')}
        </Alert>
      )}
    </Container>
  );
}

function HistoryBody({ kind, id, asOf, page, onChange }: AuditHistoryProps) {
  const { t } = useTranslation();
  const input = { id, from: (page - 1) * HISTORY_PAGE_SIZE, limit: HISTORY_PAGE_SIZE, ...(asOf && { asOf }) };
  const history = useQuery({
    queryKey: [kinds[kind].history, input] as const,
    queryFn: ({ signal }) => historyOf(kind, input, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  return (
    <QueryState
      query={history}
      label={t('ui.auditHistory.loading')}
      error="alert"
      errorTestId="history-error"
      keepData
    >
      {(data: StreamHistory & Partial<Pick<LotHistory, 'prices'>>) => (
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <AsOfInput asOf={asOf} onChange={(next) => onChange({ asOf: next, page })} />
            <Downloads kind={kind} id={id} asOf={asOf} />
          </Group>
          {data.prices ? (
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              <StateAsOf history={data} />
              <PriceChart prices={data.prices} />
            </SimpleGrid>
          ) : kind === 'invoice' ? (
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              <StateAsOf history={data} />
              <InvoicePayments state={data.asOf.state} />
            </SimpleGrid>
          ) : (
            <StateAsOf history={data} />
          )}
          <Card component="section" withBorder aria-labelledby="history-events-title">
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="lg" id="history-events-title">
                {t('ui.auditHistory.events', { count: data.totalRecords })}
              </Title>
            </Group>
            <HistoryTable
              rows={data.rows}
              lastBefore={data.asOf.at === null ? undefined : data.asOf.revision}
            />
            <Pager
              page={page}
              pageSize={HISTORY_PAGE_SIZE}
              totalRecords={data.totalRecords}
              onPage={(next) => onChange({ asOf, page: next })}
            />
          </Card>
        </Stack>
      )}
    </QueryState>
  );
}

function AsOfInput({
  asOf,
  onChange,
}: {
  asOf: string | undefined;
  onChange: (asOf: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(asOf ? toLocalInput(asOf) : '');
  return (
    <Group align="flex-end" gap="xs">
      <TextInput
        type="datetime-local"
        step={1}
        label={t('ui.auditHistory.asOf')}
        description={t('ui.auditHistory.asOfHint')}
        value={text}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setText(value);
          const iso = fromLocalInput(value);
          if (iso || !value) onChange(iso ?? undefined);
        }}
        data-testid="as-of"
      />
      <Button
        variant="default"
        onClick={() => {
          setText('');
          onChange(undefined);
        }}
      >
        {t('ui.auditHistory.now')}
      </Button>
    </Group>
  );
}

function StateAsOf({ history }: { history: StreamHistory }) {
  const { t } = useTranslation();
  const { asOf } = history;
  return (
    <Card component="section" withBorder aria-labelledby="history-state-title" data-testid="state-as-of">
      <Title order={2} fz="lg" id="history-state-title">
        {asOf.at
          ? t('ui.auditHistory.stateTitle', { time: formatAuditTime(asOf.at) })
          : t('ui.auditHistory.stateNowTitle')}
      </Title>
      <Text c="dimmed" size="sm" mb="xs">
        {asOf.revision === null || asOf.occurredAt === null
          ? t('ui.auditHistory.beforeFirst')
          : t('ui.auditHistory.afterEvent', {
              revision: asOf.revision,
              time: formatAuditTime(asOf.occurredAt),
            })}
      </Text>
      <Code block className={classes.json}>
        {JSON.stringify(asOf.state, null, 2)}
      </Code>
    </Card>
  );
}

function Downloads({ kind, id, asOf }: { kind: HistoryKind; id: string; asOf: string | undefined }) {
  const { t } = useTranslation();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const download = async (format: 'csv' | 'json') => {
    setBusy(format);
    try {
      const input = { id, format, ...(asOf && { asOf }) };
      const file =
        kind === 'settings'
          ? await call('settingsHistoryExport', { ...input, id: 'house' })
          : await call(kinds[kind].export, input);
      const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json;charset=utf-8';
      browser.saveBlob(new Blob([file.records], { type }), file.filename);
    } catch (error) {
      // seeds 001 §8: an export that fails says 'Something went wrong!' (or the server's message).
      pushAlert({ msg: errorMessage(error), type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      <Button
        variant="light"
        loading={busy === 'csv'}
        onClick={() => void download('csv')}
        data-testid="download-csv"
      >
        {t('ui.auditHistory.downloadCsv')}
      </Button>
      <Button
        variant="light"
        loading={busy === 'json'}
        onClick={() => void download('json')}
        data-testid="download-json"
      >
        {t('ui.auditHistory.downloadJson')}
      </Button>
    </Group>
  );
}
