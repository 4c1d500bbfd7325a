import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableSkeleton } from '../Skeletons/Skeletons.tsx';
import type { RecordListState } from './use-record-list.tsx';

/** The section's words, in the current language. */
export interface RecordListTexts {
  title: string;
  intro: string;
  add: string;
  loading: string;
  /** seeds 001 §8: whatever went wrong, the section says it could not fetch the list. */
  fetchFailed: string;
  none: string;
}

export interface RecordListProps<T, R> {
  /** Names the section's parts: `${name}-title` (the heading's id), `${name}-error`, `${name}-empty`. */
  name: string;
  /** The section's test id. */
  testId: string;
  texts: RecordListTexts;
  records: RecordListState<T, R>;
  /** The records, when there are any. */
  children: (list: T) => ReactNode;
  /** The dialog that adds a record. */
  addDialog: (onClose: () => void) => ReactNode;
  /** The dialog that edits one. */
  editDialog: (record: R, onClose: () => void) => ReactNode;
}

/**
 * A section of My Account listing the user's own records (useRecordList): a heading with 'Add',
 * an introduction, then the records, or that they are loading, could not be fetched (with a retry)
 * or that there are none; and the dialog open for adding or editing one.
 */
export function RecordList<T, R>({
  name,
  testId,
  texts,
  records,
  children,
  addDialog,
  editDialog,
}: RecordListProps<T, R>) {
  const { t } = useTranslation();
  const { list, dialog } = records;
  return (
    <Card component="section" aria-labelledby={`${name}-title`} data-testid={testId}>
      <Group justify="space-between" align="center" mb="xs" wrap="wrap">
        <Title order={2} fz={24} id={`${name}-title`}>
          {texts.title}
        </Title>
        <Button variant="light" onClick={records.add}>
          {texts.add}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {texts.intro}
      </Text>
      {list.isError && !list.isFetching ? (
        <Alert color="red" data-testid={`${name}-error`}>
          <Text role="alert" size="sm">
            {texts.fetchFailed}
          </Text>
          <Button mt="sm" size="compact-sm" variant="light" color="red" onClick={() => void list.refetch()}>
            {t('ui.common.tryAgain')}
          </Button>
        </Alert>
      ) : list.data === undefined || list.isError ? (
        <TableSkeleton label={texts.loading} />
      ) : records.isEmpty(list.data) ? (
        <Text data-testid={`${name}-empty`}>{texts.none}</Text>
      ) : (
        children(list.data)
      )}
      {dialog?.kind === 'add'
        ? addDialog(records.close)
        : dialog?.kind === 'edit'
          ? editDialog(dialog.record, records.close)
          : null}
    </Card>
  );
}
