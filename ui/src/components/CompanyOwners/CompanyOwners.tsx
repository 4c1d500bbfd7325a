import { Button, Group, Table, VisuallyHidden } from '@mantine/core';
import type { CompanyOwnerRecord } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { companyOwnersQuery } from '../../api/queries.ts';
import { RecordList } from '../RecordList/RecordList.tsx';
import { useRecordList } from '../RecordList/use-record-list.tsx';
import { AddOwnerDialog, EditOwnerDialog } from './OwnerDialogs.tsx';
import { ownerMessages, ownershipTotal } from './owners.ts';

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
  const owners = useRecordList({
    query: companyOwnersQuery(),
    records: (list) => list.records,
    messages: changeMessages,
  });

  // 'Remove' asks first (removeCompanyOwner).
  const remove = (owner: CompanyOwnerRecord) =>
    owners.confirmRemoval({
      title: t('ui.owners.removeTitle'),
      question: t('ui.owners.removeQuestion', { name: owner.name, percent: owner.ownership_percent }),
      confirmLabel: t('ui.owners.removeTitle'),
      onConfirm: () => owners.change('removeCompanyOwner', { id: owner.id }),
    });

  return (
    <RecordList
      name="owners"
      testId="company-owners"
      texts={{
        title: t('ui.owners.title'),
        intro: t('ui.owners.intro'),
        add: t('ui.owners.add'),
        loading: t('ui.owners.loading'),
        fetchFailed: ownerMessages.fetchFailed,
        none: t('ui.owners.none'),
      }}
      records={owners}
      addDialog={(close) => (
        <AddOwnerDialog onClose={close} onSubmit={(input) => owners.change('addCompanyOwner', input)} />
      )}
      editDialog={(owner, close) => (
        <EditOwnerDialog
          owner={owner}
          onClose={close}
          onSubmit={(input) => owners.change('updateCompanyOwner', input)}
        />
      )}
    >
      {(list) => <OwnersTable owners={list.records} onEdit={owners.edit} onRemove={remove} />}
    </RecordList>
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
