import { Text } from '@mantine/core';
import {
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ActionName, InputOf, OutputOf } from '@wine/contracts';
import { useState } from 'react';
import { callForStatus } from '../../api/client.ts';
import { useShowStatus } from '../../state/alerts.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';

/** The dialog a list has open: adding a record, or editing one. */
export type RecordDialog<R> = { kind: 'add' } | { kind: 'edit'; record: R };

/** The actions that answer a whole list of type T (as every change of such a list does). */
export type ListChange<T> = { [N in ActionName]: OutputOf<N> extends T ? N : never }[ActionName];

export interface RecordListOptions<T, C extends ListChange<T>, R, K extends QueryKey> {
  /** The list's query. Every change answers the whole new list, which replaces it. */
  query: UseQueryOptions<T, Error, T, K> & { queryKey: K };
  /** The records of a list. */
  records: (list: T) => readonly R[];
  /** What each change says when the server says no more than 'ok' (read when shown). */
  messages: Record<C, () => string>;
  /** After every change (the user is loaded again where the list decides what they may do). */
  onChanged?: () => void;
}

/** What a RecordList shows: the list's query and the dialog open for it. */
export interface RecordListState<T, R> {
  list: UseQueryResult<T>;
  isEmpty: (list: T) => boolean;
  dialog: RecordDialog<R> | null;
  add: () => void;
  edit: (record: R) => void;
  close: () => void;
}

export interface RemovalQuestion {
  title: string;
  question: string;
  confirmLabel: string;
  /** The removal; rejects with the server's message, which the dialog shows. */
  onConfirm: () => Promise<void>;
}

/**
 * A list of the user's own records kept on the server (cards on file, company owners): the list's
 * query, the dialog open for adding or editing, the changes (each answers the whole new list and
 * says so in a toast), and removal, asked first.
 */
export function useRecordList<T, C extends ListChange<T>, R, K extends QueryKey>({
  query,
  records,
  messages,
  onChanged,
}: RecordListOptions<T, C, R, K>) {
  const queryClient = useQueryClient();
  const { show } = useShowStatus();
  const list = useQuery(query);
  const [dialog, setDialog] = useState<RecordDialog<R> | null>(null);
  const changing = useMutation({
    mutationFn: ({ name, input }: { name: C; input: InputOf<C> }) => callForStatus<C>(name, input),
    onSuccess: (status, { name }) => {
      // C answers a T (ListChange<T>), which TypeScript cannot follow through the generic.
      queryClient.setQueryData<T>(query.queryKey, status.data as T);
      show(status, messages[name]());
      onChanged?.();
    },
  });
  const state: RecordListState<T, R> = {
    list,
    isEmpty: (data) => records(data).length === 0,
    dialog,
    add: () => setDialog({ kind: 'add' }),
    edit: (record) => setDialog({ kind: 'edit', record }),
    close: () => setDialog(null),
  };
  return {
    ...state,
    /** Sends one change and shows the list it answers; rejects with the server's message. */
    change: async <N extends C>(name: N, input: InputOf<N>): Promise<void> => {
      await changing.mutateAsync({ name, input });
    },
    /** 'Remove' asks first; a failure stays in the dialog, which closes once the record is gone. */
    confirmRemoval: ({ title, question, confirmLabel, onConfirm }: RemovalQuestion) =>
      confirmDialog({
        title,
        children: <Text>{question}</Text>,
        confirmLabel,
        destructive: true,
        onConfirm,
      }),
  };
}
