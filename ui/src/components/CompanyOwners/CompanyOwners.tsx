import { Alert, Button, Card, Group, Loader, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { CompanyOwnerRecord, InputOf } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callForMessage, messageOr } from '../../api/client.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { AddOwnerDialog, EditOwnerDialog, RemoveOwnerDialog } from './OwnerDialogs.tsx';
import { ownerMessages, ownershipTotal } from './owners.ts';

type OwnersState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; records: CompanyOwnerRecord[] };

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; owner: CompanyOwnerRecord }
  | { kind: 'remove'; owner: CompanyOwnerRecord };

/** The actions that change the owners; each answers the whole new list. */
type OwnerChange = 'addCompanyOwner' | 'updateCompanyOwner' | 'removeCompanyOwner';

const changeMessages: Record<OwnerChange, () => string> = {
  addCompanyOwner: () => ownerMessages.added,
  updateCompanyOwner: () => ownerMessages.updated,
  removeCompanyOwner: () => ownerMessages.removed,
};

/**
 * 'Company owners' (seeds 001 §6 "Company owners can be added, updated, removed"; §7 addCompanyOwner): the people who own
 * the buying business, with their share; together they never hold more than 100%.
 */
export function CompanyOwners() {
  const { t } = useTranslation();
  const [state, setState] = useState<OwnersState>({ status: 'loading' });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const pushAlert = useSetAtom(pushAlertAtom);

  const load = useCallback(async (signal?: AbortSignal) => {
    setState({ status: 'loading' });
    try {
      const { records } = await call('getCompanyOwners', {}, { signal });
      if (!signal?.aborted) setState({ status: 'ready', records });
    } catch {
      if (!signal?.aborted) setState({ status: 'failed' });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  /** Shows the list the server answered; rejects with the server's message for the dialog to show. */
  const change = async <N extends OwnerChange>(name: N, input: InputOf<N>): Promise<void> => {
    const { message, responseData } = await callForMessage<OwnerChange>(name, input);
    setState({ status: 'ready', records: responseData.records });
    pushAlert({ msg: messageOr(message, changeMessages[name]()), type: 'success' });
  };

  const close = () => setDialog(null);

  return (
    <Card component="section" aria-labelledby="owners-title" data-testid="company-owners">
      <Group justify="space-between" align="center" mb="xs" wrap="wrap">
        <Title order={2} fz={24} id="owners-title">
          {t('ui.owners.title')}
        </Title>
        <Button variant="light" onClick={() => setDialog({ kind: 'add' })}>
          {t('ui.owners.add')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('ui.owners.intro')}
      </Text>
      {state.status === 'loading' ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('ui.owners.loading')}</Text>
        </Group>
      ) : state.status === 'failed' ? (
        <Alert color="red" data-testid="owners-error">
          <Text role="alert" size="sm">
            {ownerMessages.fetchFailed}
          </Text>
          <Button mt="sm" size="compact-sm" variant="light" color="red" onClick={() => void load()}>
            {t('ui.common.tryAgain')}
          </Button>
        </Alert>
      ) : state.records.length === 0 ? (
        <Text data-testid="owners-empty">{t('ui.owners.none')}</Text>
      ) : (
        <OwnersTable
          owners={state.records}
          onEdit={(owner) => setDialog({ kind: 'edit', owner })}
          onRemove={(owner) => setDialog({ kind: 'remove', owner })}
        />
      )}
      {dialog?.kind === 'add' ? (
        <AddOwnerDialog onClose={close} onSubmit={(input) => change('addCompanyOwner', input)} />
      ) : dialog?.kind === 'edit' ? (
        <EditOwnerDialog
          owner={dialog.owner}
          onClose={close}
          onSubmit={(input) => change('updateCompanyOwner', input)}
        />
      ) : dialog?.kind === 'remove' ? (
        <RemoveOwnerDialog
          owner={dialog.owner}
          onClose={close}
          onConfirm={() => change('removeCompanyOwner', { id: dialog.owner.id })}
        />
      ) : null}
    </Card>
  );
}

function OwnersTable({
  owners,
  onEdit,
  onRemove,
}: {
  owners: CompanyOwnerRecord[];
  onEdit: (owner: CompanyOwnerRecord) => void;
  onRemove: (owner: CompanyOwnerRecord) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-labelledby="owners-title" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('ui.common.name')}</Table.Th>
            <Table.Th scope="col">{t('ui.common.title')}</Table.Th>
            <Table.Th scope="col">{t('ui.common.email')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('ui.owners.ownership')}
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('ui.common.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {owners.map((owner) => (
            <Table.Tr key={owner.id} data-testid="owner-row">
              <Table.Td data-testid="owner-name">{owner.name}</Table.Td>
              <Table.Td data-testid="owner-title">{owner.title}</Table.Td>
              <Table.Td data-testid="owner-email">{owner.email}</Table.Td>
              <Table.Td data-testid="owner-percent" ta="right">
                {owner.ownership_percent}%
              </Table.Td>
              <Table.Td>
                {/* The buttons repeat on every row: their names say whose (the visible word first, WCAG 2.5.3). */}
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => onEdit(owner)}
                    aria-label={t('ui.owners.editOwner', { name: owner.name })}
                  >
                    {t('ui.common.edit')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => onRemove(owner)}
                    aria-label={t('ui.owners.removeOwner', { name: owner.name })}
                  >
                    {t('ui.common.remove')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              {t('ui.owners.total')}
            </Table.Th>
            <Table.Td data-testid="owners-total" ta="right" fw={600}>
              {ownershipTotal(owners)}%
            </Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
