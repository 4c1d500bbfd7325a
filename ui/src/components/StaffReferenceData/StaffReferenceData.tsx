import { Badge, Button, Card, Container, Group, Select, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InputOf, ReferenceEntryRow, ReferenceList } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { actionKey, invalidateAction } from '../../api/queries.ts';
import { formatDateTime } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { PagedRecords } from '../Pager/PagedRecords.tsx';
import { TableSkeleton } from '../Skeletons/Skeletons.tsx';
import { ContentTable } from '../StaffContent/ContentTable.tsx';
import { EntryDialog, type EntryInput } from './EntryDialog.tsx';
import {
  hasLevels,
  levelLabel,
  listLabels,
  type ReferenceDataView,
  referenceTables,
} from './reference-data-view.ts';

const PAGE_SIZE = 20;
/** How long the search waits for the typing to stop before it asks. */
const SEARCH_DEBOUNCE_MS = 300;

const previousDataQuery = (input: InputOf<'getPreviousData'>) => ({
  queryKey: actionKey('getPreviousData', input),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('getPreviousData', input, { signal }),
});
const allListsQuery = () => ({
  queryKey: actionKey('getAllDynamicArray', {}),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('getAllDynamicArray', {}, { signal }),
});

/** After a change: the staff's page, every list and the storefront's bundle ask again. */
const refreshLists = (queryClient: QueryClient) =>
  Promise.all([
    invalidateAction(queryClient, 'getPreviousData'),
    invalidateAction(queryClient, 'getAllDynamicArray'),
    invalidateAction(queryClient, 'getDefault'),
  ]);

/**
 * /admin/reference-data (admins, issue 38 §5; seeds 001 §7 insertEntry, updateEntry, getPreviousData):
 * the managed lists a lot points into, one at a time: its entries by level and name, each with its
 * names in both languages, its level and the entry above it; an entry added or edited, deactivated
 * (still read by the lots that carry it, no longer offered) or offered again.
 */
export function StaffReferenceData({
  view,
  onChange,
}: {
  view: ReferenceDataView;
  onChange: (view: ReferenceDataView) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [search, setSearch] = useState(view.q ?? '');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [editing, setEditing] = useState<ReferenceEntryRow | 'new' | null>(null);
  const { table } = view;
  const levels = hasLevels(table);

  // The search typed goes to the URL once the typing stops (the list's first page of what matches).
  const searched = useRef(view.q ?? '');
  useEffect(() => {
    if (debounced === searched.current) return;
    searched.current = debounced;
    onChange({ ...view, q: debounced || undefined, page: 1 });
  }, [debounced, view, onChange]);

  const page = useQuery({
    ...previousDataQuery({ table, page: view.page, limit: PAGE_SIZE, search: view.q ?? '' }),
    placeholderData: keepPreviousData,
  });
  const all = useQuery(allListsQuery());
  const entries = all.data?.[table] ?? [];
  const byId = useMemo(() => new Map(entries.map((e) => [e.id, e])), [entries]);
  const parentName = (entry: ReferenceEntryRow) =>
    entry.parent_id === null
      ? t('ui.referenceData.noParent')
      : (byId.get(entry.parent_id)?.value ?? `#${entry.parent_id}`);

  const save = async (input: EntryInput) => {
    const { message } = await ('id' in input
      ? callForMessage('updateEntry', input)
      : callForMessage('insertEntry', input));
    pushAlert({ msg: messageOr(message, t('ui.referenceData.save')), type: 'success' });
    await refreshLists(queryClient);
  };

  const setActive = async (entry: ReferenceEntryRow, active: 0 | 1) => {
    const { message } = await callForMessage('updateEntry', { table, id: entry.id, active });
    pushAlert({ msg: message, type: 'success' });
    await refreshLists(queryClient);
  };

  const deactivate = (entry: ReferenceEntryRow) =>
    confirmDialog({
      title: t('ui.referenceData.deactivateTitle', { value: entry.value }),
      children: <Text size="sm">{t('ui.referenceData.deactivateBody')}</Text>,
      confirmLabel: t('ui.referenceData.deactivate'),
      destructive: true,
      confirmTestId: 'confirm-deactivate-entry',
      onConfirm: () => setActive(entry, 0),
    });

  const actionsOf = (entry: ReferenceEntryRow) => (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        onClick={() => setEditing(entry)}
        aria-label={t('ui.referenceData.editLabel', { value: entry.value })}
        data-testid="entry-edit"
      >
        {t('ui.referenceData.edit')}
      </Button>
      {entry.active ? (
        <Button
          size="xs"
          variant="default"
          c="red.9"
          onClick={() => deactivate(entry)}
          aria-label={t('ui.referenceData.deactivateLabel', { value: entry.value })}
          data-testid="entry-deactivate"
        >
          {t('ui.referenceData.deactivate')}
        </Button>
      ) : (
        <Button
          size="xs"
          onClick={() =>
            void setActive(entry, 1).catch((error: unknown) =>
              pushAlert({ msg: errorMessage(error), type: 'error' }),
            )
          }
          aria-label={t('ui.referenceData.reactivateLabel', { value: entry.value })}
          data-testid="entry-reactivate"
        >
          {t('ui.referenceData.reactivate')}
        </Button>
      )}
    </Group>
  );

  const columns = [
    t('ui.referenceData.id'),
    t('ui.referenceData.value'),
    t('ui.referenceData.valueEs'),
    ...(levels ? [t('ui.referenceData.level'), t('ui.referenceData.parent')] : []),
    t('ui.referenceData.description'),
    t('ui.referenceData.status'),
    t('ui.referenceData.actions'),
  ];

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="center" mb="xs">
        <Title order={1}>{t('ui.referenceData.title')}</Title>
        <Button onClick={() => setEditing('new')} disabled={!all.data} data-testid="entry-new">
          {t('ui.referenceData.add')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm" mb="md" maw={720}>
        {t('ui.referenceData.intro')}
      </Text>
      <Group gap="md" mb="md" wrap="wrap" align="flex-end">
        <Select
          label={t('ui.referenceData.list')}
          data={referenceTables.map((value) => ({ value, label: t(listLabels[value]) }))}
          value={table}
          allowDeselect={false}
          onChange={(value) => {
            setSearch('');
            onChange({ table: (value as ReferenceList | null) ?? table, page: 1 });
          }}
          w={300}
          data-testid="reference-table"
        />
        <TextInput
          label={t('ui.referenceData.search')}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={100}
          w={260}
          data-testid="reference-search"
        />
      </Group>
      <PagedRecords
        query={page}
        label={t('ui.referenceData.loading')}
        loader={<TableSkeleton label={t('ui.referenceData.loading')} testId="reference-skeleton" />}
        empty={t('ui.referenceData.empty')}
        emptyTestId="reference-empty"
        count={(count) => t('ui.referenceData.count', { count })}
        page={view.page}
        pageSize={PAGE_SIZE}
        onPage={(next) => onChange({ ...view, page: next })}
      >
        {(records) => (
          <ContentTable
            records={records}
            keyOf={(entry) => entry.id}
            columns={columns}
            cells={(entry) => [
              entry.id,
              <Text key="value" fw={600}>
                {entry.value}
              </Text>,
              <span key="value_es" lang="es">
                {entry.value_es}
              </span>,
              ...(levels ? [t(levelLabel(table, entry.level_id)), parentName(entry)] : []),
              entry.description || '—',
              <EntryStatus key="status" entry={entry} />,
              actionsOf(entry),
            ]}
            card={(entry) => (
              <Card withBorder padding="sm" data-testid="reference-entry-card">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {entry.value}
                    </Text>
                    <Text size="sm" lang="es" style={{ overflowWrap: 'anywhere' }}>
                      {entry.value_es}
                    </Text>
                  </div>
                  <EntryStatus entry={entry} />
                </Group>
                <Text size="sm" c="dimmed" mb="xs">
                  #{entry.id}
                  {levels ? ` · ${t(levelLabel(table, entry.level_id))}` : ''}
                  {levels && entry.parent_id !== null ? ` · ${parentName(entry)}` : ''}
                  {entry.updated_at ? ` · ${formatDateTime(entry.updated_at)}` : ''}
                </Text>
                {entry.description ? (
                  <Text size="sm" mb="xs">
                    {entry.description}
                  </Text>
                ) : null}
                {actionsOf(entry)}
              </Card>
            )}
            minWidth={levels ? 1000 : 820}
            testId="reference-entries"
            rowTestId="reference-entry-row"
          />
        )}
      </PagedRecords>
      {editing && all.data ? (
        <EntryDialog
          table={table}
          entries={entries}
          {...(editing === 'new' ? {} : { entry: editing })}
          onClose={() => setEditing(null)}
          onSubmit={save}
        />
      ) : null}
    </Container>
  );
}

function EntryStatus({ entry }: { entry: ReferenceEntryRow }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {entry.active ? (
        <Badge color="green" variant="light" data-testid="entry-status">
          {t('ui.referenceData.active')}
        </Badge>
      ) : (
        <Badge color="gray" variant="light" data-testid="entry-status">
          {t('ui.referenceData.inactive')}
        </Badge>
      )}
      {entry.builtin ? (
        <Badge color="blue" variant="outline" data-testid="entry-builtin">
          {t('ui.referenceData.builtin')}
        </Badge>
      ) : null}
    </Group>
  );
}
